// The dynamic laws (LuGre, Dahl, rate-and-state, elasto-plastic) against the closed forms of
// docs/validation.md ("Closed forms: the dynamic laws"), after the papers cited there.

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <vector>

#include "friction/friction.h"
#include "support/analytic.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// LuGre, Canudas de Wit et al. (1995) Table I (the catalog's defaults).
constexpr double kSigma0 = 1e5, kFc = 1, kFs = 1.5, kVs = 1e-3, kSigma2 = 0.4;

// The row of `run` at time t (the grids below are built to hit it).
std::size_t rowAt(const LawRun& run, double t) {
  std::size_t best = 0;
  for (std::size_t i = 0; i < run.t.size(); ++i)
    if (std::fabs(run.t[i] - t) < std::fabs(run.t[best] - t)) best = i;
  REQUIRE(std::fabs(run.t[best] - t) < 1e-12);
  return best;
}

}  // namespace

TEST_CASE("LuGre's steady friction is g(v) sgn v + σ2 v", "[dynamic][lugre]") {
  // F_ss(1e-3) = 1 + 0.5/e + 4e-4 = 1.18433972…
  const double expected = 1 + 0.5 / std::exp(1.0) + 4e-4;
  CurveRequest request;
  request.vMin = 1e-3;
  request.vMax = 2e-3;
  request.count = 2;
  request.logarithmic = true;
  CHECK_THAT(lawCurve("lugre", {}, request).force[0], WithinRel(expected, 1e-12));
  // At the steady state the bristles do not move: dz/dt = 0 and F = σ0 z_ss + σ2 v.
  const LawEvaluator lugre("lugre", {});
  const LawDynamics d = lugre.dynamics(1e-3, 1, lugre.steadyState(1e-3, 1));
  CHECK_THAT(d.rate[0], WithinAbs(0, 1e-15));
  CHECK_THAT(d.force, WithinRel(expected, 1e-12));

  // Driven through a damped spring at v0 = 10 vs, where the Stribeck drop has flattened (steady sliding
  // is stable: η + F′ > 0), the block settles to sliding with F_ss(v0) and z = g(v0)/σ0.
  const double v0 = 1e-2, g = kFc + (kFs - kFc) * std::exp(-(v0 / kVs) * (v0 / kVs));
  RunSettings options;
  options.samples = 201;
  const SimulationResult run = runs::simulate("lugre", {}, {1, 100, 20, v0, 9.80665, 20}, options);
  CHECK_THAT(run.trace.friction.back(), WithinRel(g + kSigma2 * v0, 1e-6));
  CHECK_THAT(run.trace.state[0].back(), WithinRel(g / kSigma0, 1e-6));
  CHECK(run.summary.regime == Regime::Steady);
}

TEST_CASE("LuGre's bristles at a constant velocity follow z = (g/σ0)(1 − e^(−σ0|v|t/g))",
          "[dynamic][lugre]") {
  const double v = 2e-3, g = kFc + (kFs - kFc) * std::exp(-(v / kVs) * (v / kVs));
  const LawRun run = imposeVelocity("lugre", {}, 1, {{0, v}}, 1e-3, 101, 1e-12, LawStart::Initial);
  for (std::size_t i = 0; i < run.t.size(); i += 10)
    CHECK_THAT(run.state[0][i],
               WithinAbs(g / kSigma0 * (1 - std::exp(-kSigma0 * v * run.t[i] / g)), 1e-9 * g / kSigma0));
}

TEST_CASE("LuGre presliding follows the virgin and reversal curves with Fs in place of Fc",
          "[dynamic][lugre]") {
  // At v = 1e-7 m/s ≪ vs, g = Fs to 1e-8: dz/dx = 1 − σ0 z sgn(v)/Fs, so the bristle force σ0 z obeys
  //   loading:   σ0 z = Fs (1 − e^(−σ0 x/Fs))
  //   reversal:  σ0 z = −Fs + (σ0 z_r + Fs) e^(−σ0 (x_r − x)/Fs)
  const double v = 1e-7, X = 3 * kFs / kSigma0, T = X / v;
  const LawRun run = imposeVelocity("lugre", {}, 1, {{0, v}, {T, -v}}, 3 * T, 301, 1e-12, LawStart::Initial);
  const double zr = run.state[0][rowAt(run, T)];
  CHECK_THAT(kSigma0 * zr, WithinRel(kFs * (1 - std::exp(-kSigma0 * X / kFs)), 1e-6));
  for (std::size_t i = 0; i < run.t.size(); i += 5) {
    const double x = run.x[i], force = kSigma0 * run.state[0][i];
    const double expected = run.t[i] <= T ? kFs * (1 - std::exp(-kSigma0 * x / kFs))
                                          : -kFs + (kSigma0 * zr + kFs) * std::exp(-kSigma0 * (X - x) / kFs);
    CHECK_THAT(force, WithinAbs(expected, 1e-6 * kFs));
  }
}

TEST_CASE("LuGre's presliding loop under the paper's force protocol has the closed-form width (Fig. 2)",
          "[dynamic][lugre]") {
  // Unit mass, force ramped at 0.1425 N/s to 0.95 Fs, held 5 s, to −0.95 Fs, held, back to +0.95 Fs.
  // Closed forms: x after the first ramp 4.4936e-5 m; the loop spans [−1.00174e-5, 4.4936e-5] m. A
  // simulation creeps a little during the holds (LuGre's drift), hence 2 %.
  const auto protocol = preslidingProtocol(0.95 * kFs, 0.1425, 5);
  const LawRun run = applyForce("lugre", {}, 1, 1, protocol, protocol.back().t, 6001, 1e-9);
  CHECK_THAT(run.x[rowAt(run, 10)], WithinRel(4.4936e-5, 0.02));
  CHECK_THAT(*std::min_element(run.x.begin(), run.x.end()), WithinRel(-1.00174e-5, 0.02));
  CHECK_THAT(run.x.back(), WithinRel(4.4936e-5, 0.02));
}

TEST_CASE("Dahl (α = 1) follows its virgin and reversal curves, whatever the speed", "[dynamic][dahl]") {
  // σ0 = 1e5 N/m, Fc = 1 N, amplitude X = 5Fc/σ0: F(X) = 0.993262053, then F(−X) = −0.999909506.
  const double X = 5e-5;
  for (double v : {1e-6, 1e-2}) {
    const double T = X / v;
    const LawRun run = imposeVelocity("dahl", {}, 1, {{0, v}, {T, -v}}, 3 * T, 301, 1e-12, LawStart::Initial);
    INFO("v = " << v);
    CHECK_THAT(run.friction[rowAt(run, T)], WithinAbs(0.993262053, 1e-6));
    CHECK_THAT(run.friction.back(), WithinAbs(-0.999909506, 1e-6));
    for (std::size_t i = 0; i <= 100; i += 10)  // the virgin curve F = Fc (1 − e^(−σ0 x/Fc))
      CHECK_THAT(run.friction[i], WithinAbs(1 - std::exp(-1e5 * run.x[i]), 1e-9));
  }
}

TEST_CASE("Rate-and-state answers a velocity step exactly, for both evolution laws",
          "[dynamic][rate-state]") {
  // From steady sliding at V1, the slider velocity jumps to V2 at T: μ jumps by a ln(V2/V1), then
  //   aging:  μ(t) = μ_ss(V2) + b ln(1 + (V2/V1 − 1) e^(−V2 τ/Dc))
  //   slip:   μ(t) = μ_ss(V2) + b ln(V2/V1) e^(−V2 τ/Dc),          τ = t − T,
  // with μ_ss(V) = μ0 + (a − b) ln(V/V*). Classic form; N = 1 so that the force is μ.
  const double mu0 = 0.6, a = 0.01, b = 0.015, Vstar = 1e-6, Dc = 1e-5, V1 = 1e-6, V2 = 1e-5, T = 1;
  auto steady = [&](double V) { return mu0 + (a - b) * std::log(V / Vstar); };
  for (int evolution : {0, 1}) {
    INFO((evolution == 0 ? "aging" : "slip") << " law");
    const LawRun run = imposeVelocity("rate-state", {{"evolution", evolution}, {"form", 0}}, 1,
                                      {{0, V1}, {T, V2}}, 30, 3001, 1e-12);
    CHECK_THAT(run.friction[rowAt(run, 0.5)], WithinAbs(steady(V1), 1e-12));
    // At T the row reports the new velocity: the direct effect, before the state has moved.
    CHECK_THAT(run.friction[rowAt(run, T)] - steady(V1), WithinAbs(a * std::log(V2 / V1), 1e-12));
    for (std::size_t i = 0; i < run.t.size(); ++i) {
      if (run.t[i] < T) continue;
      const double decay = std::exp(-V2 * (run.t[i] - T) / Dc);
      const double expected = evolution == 0 ? steady(V2) + b * std::log(1 + (V2 / V1 - 1) * decay)
                                             : steady(V2) + b * std::log(V2 / V1) * decay;
      CHECK_THAT(run.friction[i], WithinAbs(expected, 1e-9));
    }
    CHECK_THAT(run.friction.back(), WithinAbs(steady(V2), 1e-9));
  }
  // The regularized form matches the classic one where v e^(ψ/a)/V* is large (here ~e^60).
  const LawRun classic = imposeVelocity("rate-state", {{"form", 0}}, 1, {{0, V1}, {T, V2}}, 3, 31, 1e-12);
  const LawRun regularized = imposeVelocity("rate-state", {{"form", 1}}, 1, {{0, V1}, {T, V2}}, 3, 31, 1e-12);
  for (std::size_t i = 0; i < classic.t.size(); ++i)
    CHECK_THAT(regularized.friction[i], WithinAbs(classic.friction[i], 1e-12));
}

TEST_CASE("Elasto-plastic returns exactly to its start after a sub-break-away force cycle; LuGre drifts",
          "[dynamic][elasto-plastic]") {
  // Force 0 → 0.3 N → 0 over 2 s, then held at 0 for 2 s. With the defaults the elastic range ends at
  // σ0 z_ba = 0.5 N, so the elasto-plastic contact stays a linear spring-damper (z = x) and comes back
  // to x = 0; LuGre's bristles slip plastically (dz/dx = 1 − σ0 z/g < 1) and the body stays displaced.
  const std::vector<Breakpoint> cycle = {{0, 0}, {1, 0.3}, {2, 0}};
  const LawRun elastic = applyForce("elasto-plastic", {}, 1, 1, cycle, 4, 401, 1e-10);
  const LawRun lugre = applyForce("lugre", {}, 1, 1, cycle, 4, 401, 1e-10);
  const double peak = *std::max_element(elastic.x.begin(), elastic.x.end());
  REQUIRE(peak > 1e-6);
  CHECK(*std::max_element(elastic.state[0].begin(), elastic.state[0].end()) < 5e-6);  // stays below z_ba
  CHECK(std::fabs(elastic.x.back()) < 1e-9 * peak);
  CHECK(std::fabs(lugre.x.back()) > 0.01 * peak);
}

TEST_CASE("LuGre's defaults are Table I's, σ1 = √σ0 to the last bit", "[dynamic][lugre][catalog]") {
  // The catalog's table is a constant, so σ1 is written out as a decimal there: it must be the double
  // that √1e5 rounds to, as Table I gives it (σ1 = √σ0, critical damping of the bristles).
  const ModelSpec& lugre = findLaw("lugre").spec;
  CHECK(lugre.findParam("sigma0")->defaultValue == kSigma0);
  CHECK(lugre.findParam("sigma1")->defaultValue == std::sqrt(kSigma0));
  CHECK(lugre.findParam("sigma2")->defaultValue == kSigma2);
  CHECK(lugre.findParam("Fc")->defaultValue == kFc);
  CHECK(lugre.findParam("Fs")->defaultValue == kFs);
  CHECK(lugre.findParam("vs")->defaultValue == kVs);
}

TEST_CASE("Dynamic laws state their variables and refuse what they cannot do", "[dynamic][catalog]") {
  CHECK(findLaw("lugre").state.at(0).key == "z");
  CHECK(findLaw("lugre").state.at(0).unit == "m");
  CHECK(findLaw("rate-state").state.at(0).unit == "s");
  CHECK(findLaw("dahl").can.dynamic);
  CHECK_FALSE(findLaw("coulomb").can.dynamic);
  CHECK_THROWS_AS(imposeVelocity("coulomb", {}, 1, {{0, 1}}, 1), InputError);
  // Nagata's evolution reads dμ/dt, which an imposed velocity or force does not give (only the quasi-static
  // slider does): refused at params.evolution, where it would otherwise run as the aging law.
  for (const auto& run : std::vector<std::function<void()>>{
           [] {
             imposeVelocity("rsf", {{"evolution", 3}}, 1, {{0, 1e-6}}, 1);
           },
           [] {
             applyForce("rsf", {{"evolution", 3}}, 1, 1, {{0, 0}, {1, 0.5}}, 1);
           }}) {
    try {
      run();
      FAIL("Nagata's evolution ran without dμ/dt");
    } catch (const InputError& error) {
      CHECK(error.field() == "params.evolution");
      CHECK_THAT(error.what(), Catch::Contains("params.evolution = 3") && Catch::Contains("dμ/dt"));
    }
  }
  // With c = 0 Nagata's law is the aging law (no dμ/dt term): it runs, and matches the aging law exactly.
  const LawRun nagata =
      imposeVelocity("rsf", {{"evolution", 3}, {"c", 0}}, 1, {{0, 1e-6}, {1, 1e-5}}, 3, 31, 1e-10);
  const LawRun aging = imposeVelocity("rsf", {{"evolution", 0}}, 1, {{0, 1e-6}, {1, 1e-5}}, 3, 31, 1e-10);
  CHECK(nagata.friction == aging.friction);
  CHECK_THROWS_WITH(applyForce("lugre", {}, 1, 1, {{1, 0}}, 1), Catch::Contains("start at t = 0"));
  CHECK_THROWS_WITH(runs::scenario(runs::lawScenario("elasto-plastic", {{"z_ba", 2e-5}})),
                    Catch::Contains("z_ba"));
  RunSettings seed;
  seed.integrator = Integrator::SeedEuler;
  CHECK_THROWS_AS(runs::simulate("lugre", {}, {1, 10, 0, 0.1, 10, 1}, seed), InputError);
}

TEST_CASE("Rate-and-state steady sliding is stable above the critical stiffness and grows below it",
          "[dynamic][rate-state]") {
  // Linearized about steady sliding at V: (m s² + E s + c)(s + λ) − (N b/Dc) s = 0, E = η + N a/V,
  // λ = V/Dc; the boundary is k_c = N(b − a)/Dc · [1 + m V²/(N a Dc)] (Rice–Ruina with inertia), where
  // the Hopf frequency is ω² = c λ/(E + m λ). Here k_c = 5000·1.1 = 5500 N/m and ω_H = √5000 rad/s.
  const double m = 0.1, N = 10, a = 0.01, b = 0.015, Dc = 1e-5, V = 1e-3;
  const double lambda = V / Dc, E = N * a / V;
  const double kc = N * (b - a) / Dc * (1 + m * V * V / (N * a * Dc));
  REQUIRE_THAT(kc, WithinRel(5500, 1e-12));
  CHECK_THAT(std::sqrt(kc * lambda / (E + m * lambda)), WithinRel(std::sqrt(5000.0), 1e-12));
  for (double factor : {0.95, 1.05}) {
    const double c = factor * kc;
    // From steady sliding at V, a 0.1 % step of the drive to V' sets off the oscillation about V'.
    SpringBlockSystem sys{m, c, 0, V, N, 4};
    sys.start = SpringBlockStart::Steady;
    sys.driveSteps = {{0, V}, {0.01, 1.001 * V}};
    RunSettings options;
    options.samples = 16001;
    const SimulationResult run = runs::simulate(
        "rate-state", {{"mu0", 0.6}, {"a", a}, {"b", b}, {"Vstar", 1e-6}, {"Dc", Dc}}, sys, options);
    // Growth rate and frequency of the peaks of v, fitted from 0.5 s on.
    std::vector<double> times, logs;
    for (const auto& peak : analytic::peaks(run.trace.t, run.trace.v))
      if (peak.t > 0.5) {
        times.push_back(peak.t);
        logs.push_back(std::log(peak.value - 1.001 * V));
      }
    REQUIRE(times.size() > 20);
    const double n = static_cast<double>(times.size());
    double st = 0, sl = 0, stt = 0, stl = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
      st += times[i];
      sl += logs[i];
      stt += times[i] * times[i];
      stl += times[i] * logs[i];
    }
    const double growth = (n * stl - st * sl) / (n * stt - st * st);
    const double frequency = 2 * kPi * (n - 1) / (times.back() - times.front());
    // The expected root, from the characteristic cubic at V' (its λ and E).
    const double V2 = 1.001 * V, lambda2 = V2 / Dc, E2 = N * a / V2;
    const auto roots = analytic::cubicRoots(m, m * lambda2 + E2, E2 * lambda2 + c - N * b / Dc, c * lambda2);
    const auto root =
        *std::max_element(roots.begin(), roots.end(), [](auto p, auto q) { return p.imag() < q.imag(); });
    INFO("c = " << factor << " k_c: growth " << growth << " (root " << root.real() << "), ω " << frequency
                << " (root " << root.imag() << ")");
    CHECK((growth > 0) == (factor < 1));
    CHECK_THAT(growth, WithinAbs(root.real(), 1e-3 * std::fabs(root.imag())));
    CHECK_THAT(frequency, WithinRel(root.imag(), 2e-3));
  }
}

TEST_CASE("A dynamic law: auto runs Radau, and an explicit fixed step beyond its limit says so",
          "[dynamic][integrator]") {
  // LuGre's bristles relax at σ0|v|/g ≈ 1e5·0.2/1 = 2e4 1/s in sliding, 2e3 times the spring's 10 rad/s,
  // and at σ0 = 1e7 at 2e6 1/s: Radau's steps follow accuracy in both.
  const SpringBlockSystem sys{1, 100, 0, 0.1, 9.80665, 2};
  CHECK(runs::simulate("lugre", {}, sys).summary.integrator == Integrator::Radau);
  const SpringBlockSystem brief{1, 100, 0, 0.1, 9.80665, 0.05};  // the choice is what is checked here
  CHECK(runs::simulate("lugre", {{"sigma0", 1e7}, {"sigma1", std::sqrt(1e7)}}, brief).summary.integrator ==
        Integrator::Radau);
  const SimulationResult automatic = runs::simulate("lugre", {}, sys);
  CHECK(automatic.summary.warnings.empty());
  RunSettings options;
  options.integrator = Integrator::Rk4;
  options.step = 5e-4;  // λh ≈ 10
  // (It blows up at 1.5 s, once sliding is fast: the first second shows the warning in a result.)
  const SimulationResult explicitRun = runs::simulate("lugre", {}, {1, 100, 0, 0.1, 9.80665, 1}, options);
  REQUIRE(explicitRun.summary.warnings.size() == 1);
  CHECK_THAT(explicitRun.summary.warnings[0], Catch::Contains("state dynamics"));
  options.step = 1e-5;  // λh ≈ 0.2: stable, no warning, and the run agrees with Radau's
  const SimulationResult fine = runs::simulate("lugre", {}, sys, options);
  CHECK(fine.summary.warnings.empty());
  CHECK_THAT(fine.trace.x.back(), WithinRel(automatic.trace.x.back(), 1e-6));
}

TEST_CASE(
    "auto does not crawl over LuGre's kink: it changes method where the other does less work, and agrees "
    "with a tight run",
    "[dynamic][integrator]") {
  // LuGre with Canudas de Wit's Table I (the catalog's defaults) on m = 1 kg, Fn = 1 N, v0 = 0.1 m/s
  // and c = 2…5 N/m, 40 s (the stick-slip set-up of docs/validation.md, "Closed forms: the dynamic
  // laws"). Its |v| kink at rest makes Rosenbrock's linearization fail step after step; auto must not
  // crawl there (at c = 3 it took 7·10⁶ steps). Whatever method it ends with, its period and peak
  // velocity must agree with a run of each other adaptive method at a 100× tighter tolerance.
  for (double c : {2.0, 3.0, 4.0, 5.0}) {
    CAPTURE(c);
    const SpringBlockSystem sys{1, c, 0, 0.1, 1, 40};
    const SimulationResult automatic = runs::simulate("lugre", {}, sys);
    CHECK(automatic.summary.steps < 2'000'000);
    for (Integrator method : {Integrator::DormandPrince, Integrator::Radau, Integrator::Rosenbrock}) {
      CAPTURE(std::string(integratorId(method)));
      RunSettings tight;
      tight.integrator = method;
      tight.relativeTolerance = 1e-12;
      tight.absoluteTolerance = 1e-15;
      const SimulationResult reference = runs::simulate("lugre", {}, sys, tight);
      REQUIRE(reference.summary.period > 0);
      // The period of a law without true stick is read from the output rows' upward crossings of v0
      // (linear interpolation between rows 0.02 s apart), so it agrees to 1e-5; the peak velocity is
      // located inside the steps, to 1e-6.
      CHECK_THAT(automatic.summary.period, WithinRel(reference.summary.period, 1e-5));
      CHECK_THAT(automatic.summary.peakVelocity, WithinRel(reference.summary.peakVelocity, 1e-6));
    }
    // Each change is reported with its time and the method that ran from then on: times increase, and
    // each names the method that was not running before it.
    Integrator before = automatic.summary.integrator;
    double last = 0;
    for (const IntegratorSwitch& change : automatic.summary.integratorSwitches) {
      CHECK(change.to != before);
      CHECK((change.t >= last && change.t <= 40));
      before = change.to;
      last = change.t;
    }
  }
}

TEST_CASE("A fixed step that blows up ends the run with the reason, not a trace of NaN",
          "[dynamic][integrator]") {
  // LuGre on the seed's system with RK4 at the output step, 5e-3 s: λh ≈ 100, far beyond RK4's 2.785.
  RunSettings options;
  options.integrator = Integrator::Rk4;
  CHECK_THROWS_WITH(
      runs::simulate("lugre", {}, {1, 10, 0, 0.1, 9.80665, 10}, options),
      Catch::Contains("non-finite") && Catch::Contains("unstable") && Catch::Contains("stability limit"));
}

TEST_CASE("A run that blows up stops with its reason, the time reached and the finite trace up to there",
          "[dynamic][guards]") {
  // As above: RK4 at 5e-3 s on LuGre is unstable once the block slides. The stop carries the samples
  // recorded before the blow-up, every one finite, in time order, and ending before the stop.
  RunSettings options;
  options.integrator = Integrator::Rk4;
  try {
    runs::simulate("lugre", {}, {1, 10, 0, 0.1, 9.80665, 10}, options);
    FAIL("the run should have stopped");
  } catch (const RunStopped& stop) {
    const Trace& partial = stop.partial();
    INFO(stop.what());
    REQUIRE(partial.size() >= 2);
    CHECK(partial.t.front() == 0);
    CHECK(partial.t.back() <= stop.time());
    CHECK(stop.time() < 10);
    CHECK(std::string(stop.what()).find("t = ") != std::string::npos);
    for (std::size_t i = 0; i < partial.size(); ++i) {
      CHECK(std::isfinite(partial.x[i]));
      CHECK(std::isfinite(partial.v[i]));
      if (i > 0) CHECK(partial.t[i] > partial.t[i - 1]);
    }
    // Before the blow-up the block was pulled from rest and held: it had hardly moved (presliding).
    CHECK(std::fabs(partial.x.front()) < 1e-3);
  }
}

TEST_CASE(
    "A run whose steps stop moving time on stops there with the reason, and its progress is heard meanwhile",
    "[dynamic][guards]") {
  // rsf's classic form (F ∝ a ln v, so F → −∞ as v → 0) on a 1 g block, strongly weakening (b = 5 a):
  // at its first re-stick, under 0.1 s in, no method can follow v towards 0. Radau's Newton iteration gives
  // up and auto hands the run to Rosenbrock, whose steps then no longer move t (a fuzz finding: 20
  // million steps, 40 s, to reach the step budget). The run must stop there with the time and why (its
  // steps stalled, or their pace would take it far beyond its work budget), within 0.2 million steps, and
  // tell its progress hook meanwhile although no output row is reached.
  const ParamList params = {{"a", 0.01}, {"b1", 0.051}, {"Dc1", 2e-5}, {"Vstar", 2e-6}};
  RunSettings options;
  double heard = 0;  // the last fraction the hook was told
  options.progress = [&](double fraction) { heard = fraction; };
  try {
    runs::simulate("rsf", params, {0.001, 250, 0, 0.1, 1, 60}, options);
    FAIL("the run should have stopped");
  } catch (const RunStopped& stop) {
    INFO(stop.what());
    CHECK_THAT(std::string(stop.what()),
               Catch::Contains("t = ") && (Catch::Contains("stalled") || Catch::Contains("work budget")));
    CHECK(stop.time() < 1);
    CHECK(stop.partial().size() >= 2);
    // The hook was told of the stop's time itself (not only of the rows, 0.03 s apart).
    CHECK_THAT(heard * 60, Catch::Matchers::WithinRel(stop.time(), 1e-9));
  }
}
