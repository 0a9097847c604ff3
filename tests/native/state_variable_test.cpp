// The state-variable model against the closed forms of docs/validation.md ("Closed forms: the
// spring-block" and "Closed forms: the θ model").

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "friction/friction.h"
#include "support/analytic.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

StateVariableParams defaults() { return stateVariableParams(resolveParams(stateVariableModel(), {})); }

// The times of a run's located events of one kind.
std::vector<double> timesOf(const Summary& summary, EventKind kind) {
  std::vector<double> times;
  for (const SpringBlockEvent& event : summary.events)
    if (event.kind == kind) times.push_back(event.t);
  return times;
}

// Case P1 (docs/validation.md, "Closed forms: the θ model"): m = 1, c = 100, Fs = 6, Fk = 4,
// τ = 0.1, D = 0.01, v0 = 0.05, plain kinetic friction (a = b = 0, so E = η). Fn = 10 N gives μs = 0.6,
// μk = 0.4.
StateVariableParams caseP1(double eta) {
  StateVariableParams p = defaults();
  p.m = 1;
  p.c = 100;
  p.Fn = 10;
  p.mus = 0.6;
  p.muk = 0.4;
  p.tau = 0.1;
  p.D = 0.01;
  p.v0 = 0.05;
  p.a = 0;
  p.b = 0;
  p.eta = eta;
  return p;
}

// Steady sliding of P-type parameters: v = v0, θ0 = 1 − τ v0/D (the variant: 1/(1 + τ v0/D)), spring
// stretched to carry F_ss.
StateVariableStart steadySliding(const StateVariableParams& p, double velocityKick) {
  const double theta0 = p.renewal == 1 ? 1 / (1 + p.tau * p.v0 / p.D) : 1 - p.tau * p.v0 / p.D;
  const double steadyFriction = frictionMagnitude(p, p.v0, theta0);
  // Fd = c (v0·0 − x) + η (v0 − v0) = F_ss at t = 0.
  return {-steadyFriction / p.c, p.v0 * (1 + velocityKick), theta0};
}

// Growth rate and angular frequency of v − v0, from the peaks of a run started near steady sliding.
struct Oscillation {
  double growth, omega;
};
Oscillation measureOscillation(const StateVariableParams& p) {
  StateVariableOptions options;
  options.samples = 40001;
  options.start = steadySliding(p, 1e-6);
  // The perturbation is 1e-6 of v0: the tolerance must be far below that for its growth to 1e-3.
  options.tolerance = 1e-13;
  const Trace trace = simulateStateVariable(p, options).trace;
  std::vector<double> deviation(trace.v.size());
  for (std::size_t i = 0; i < deviation.size(); ++i) deviation[i] = trace.v[i] - p.v0;
  // One peak per positive lobe of v − v0 (between its sign changes): a dense output's joins between
  // steps, at the tolerance's level, may add tiny local maxima near a crest.
  std::vector<analytic::Peak> peaks;
  bool lobeHasPeak = false;
  for (const analytic::Peak& peak : analytic::peaks(trace.t, deviation)) {
    if (peak.value <= 0) continue;
    const std::size_t i = std::lower_bound(trace.t.begin(), trace.t.end(), peak.t) - trace.t.begin();
    const bool sameLobe =
        !peaks.empty() && lobeHasPeak &&
        std::none_of(deviation.begin() +
                         (std::lower_bound(trace.t.begin(), trace.t.end(), peaks.back().t) - trace.t.begin()),
                     deviation.begin() + i, [](double d) { return d < 0; });
    if (!sameLobe) {
      peaks.push_back(peak);
      lobeHasPeak = true;
    } else if (peak.value > peaks.back().value) {
      peaks.back() = peak;
    }
  }
  REQUIRE(peaks.size() >= 6);
  // Skip the first peaks, where the fast real mode has not yet died out.
  const auto& first = peaks[2];
  const auto& last = peaks[peaks.size() - 2];
  const double cycles = static_cast<double>(peaks.size() - 4);
  return {std::log(last.value / first.value) / (last.t - first.t), 2 * M_PI * cycles / (last.t - first.t)};
}

}  // namespace

TEST_CASE("Steady sliding carries the friction Fk + ΔF(1 − τ v0/D)", "[state-variable][analytic]") {
  // P1 with a dashpot well above the critical damping η_c = √200 ≈ 14.1: started from rest, the
  // break-away transient dies out and the block slides steadily.
  StateVariableParams p = caseP1(40);
  p.duration = 30;
  const SimulationResult result = simulateStateVariable(p);
  CHECK(result.summary.regime == Regime::Steady);
  CHECK_THAT(result.trace.friction.back(), WithinRel(5.0, 1e-6));  // 4 + 2 (1 − 0.1·0.05/0.01)
  CHECK_THAT(result.trace.theta.back(), WithinRel(0.5, 1e-6));
  CHECK_THAT(result.trace.v.back(), WithinRel(p.v0, 1e-6));
}

TEST_CASE("Steady sliding is stable above the critical damping and unstable below it",
          "[state-variable][analytic]") {
  const double etaCritical = std::sqrt(200.0);  // P1: m + cτ² = ΔFτ²/D, so η_c = √(ΔF m/D)
  // The characteristic equation itself puts the boundary there.
  CHECK_THAT(analytic::stateVariableOscillatoryRoot(1, 100, etaCritical, 2, 0.1, 0.01).real(),
             WithinAbs(0.0, 1e-9));
  CHECK_THAT(analytic::stateVariableOscillatoryRoot(1, 100, etaCritical, 2, 0.1, 0.01).imag(),
             WithinRel(6.43594253, 1e-8));

  for (const double factor : {0.95, 1.05}) {
    const StateVariableParams p = caseP1(factor * etaCritical);
    const auto root =
        analytic::stateVariableOscillatoryRoot(p.m, p.c, p.eta, (p.mus - p.muk) * p.Fn, p.tau, p.D);
    StateVariableParams run = p;
    run.duration = 12;
    const Oscillation measured = measureOscillation(run);
    INFO("η = " << factor << " η_c: expected growth " << root.real() << ", ω " << root.imag());
    CHECK((measured.growth > 0) == (factor < 1));
    // Growth rate to 1e-3 absolute, frequency to 0.2 % (docs/validation.md gives both tolerances).
    CHECK_THAT(measured.growth, WithinAbs(root.real(), 1e-3));
    CHECK_THAT(measured.omega, WithinRel(root.imag(), 2e-3));
  }
}

TEST_CASE("As D → 0 the cycle converges to the closed-form Coulomb stick-slip of case C1 like √D",
          "[state-variable][analytic]") {
  // C1: m = 1, c = 10, v0 = 0.1, Fs = 6, Fk = 4. With fast ageing θ is 1 at rest, and slip renews
  // it over a slip distance D: friction falls from Fs to Fk within the e-folding time √(m D/ΔF) of
  // the θ–v feedback. That lag is the model's only departure from Coulomb friction, so the cycle's
  // relative error shrinks like √D (times a logarithm): by about √10 per decade of D.
  const auto exact = analytic::coulombCycle(1, 10, 0.1, 6, 4);
  auto relativeErrors = [&](double D) {
    StateVariableParams p = defaults();
    p.m = 1;
    p.c = 10;
    p.v0 = 0.1;
    p.Fn = 10;
    p.mus = 0.6;
    p.muk = 0.4;
    p.eta = 0;
    p.a = 0;
    p.b = 0;
    p.tau = 0.01;
    p.D = D;
    p.duration = 11.5;
    const Summary summary = simulateStateVariable(p).summary;
    const std::vector<double> breaks = timesOf(summary, EventKind::BreakAway);
    const std::vector<double> sticks = timesOf(summary, EventKind::Stick);
    const double vMax = summary.peakVelocity;
    REQUIRE(breaks.size() >= 2);
    REQUIRE(sticks.size() >= 1);
    // The first break-away comes from rest with θ = 1 exactly: no lag at all.
    CHECK_THAT(breaks[0], WithinRel(exact.firstBreak, 1e-9));
    return std::array<double, 3>{std::fabs((sticks[0] - breaks[0]) / exact.slip - 1),
                                 std::fabs((breaks[1] - breaks[0]) / exact.period - 1),
                                 std::fabs(vMax / exact.peakVelocity - 1)};
  };
  const auto coarse = relativeErrors(1e-6), fine = relativeErrors(1e-7);
  for (std::size_t i = 0; i < 3; ++i) {
    INFO("quantity " << i << ": errors " << coarse[i] << " at D = 1e-6, " << fine[i] << " at D = 1e-7");
    CHECK(fine[i] < 2.5e-3);
    CHECK(coarse[i] / fine[i] > 2.2);
    CHECK(coarse[i] / fine[i] < 4.5);
  }
}

TEST_CASE("RK4 converges at fourth order on the frictionless driven oscillator",
          "[state-variable][integrator]") {
  // Without friction the block is a damped oscillator pulled from rest: e = x − v0 t obeys
  // m ë + η ė + c e = 0 with e(0) = 0, ė(0) = −v0, so e(t) = −(v0/ωd) e^{−αt} sin(ωd t).
  StateVariableParams p = defaults();
  p.mus = p.muk = 0;
  p.m = 1;
  p.c = 100;
  p.eta = 2;
  p.v0 = 0.1;
  p.duration = 2;
  const double alpha = p.eta / (2 * p.m), omegaD = std::sqrt(p.c / p.m - alpha * alpha);
  auto errorAt = [&](double step) {
    // The largest error over a sample grid of 0.02 s (every 2 or 4 steps).
    StateVariableOptions options;
    options.samples = 101;
    options.step = step;
    const Trace trace = simulateStateVariable(p, options).trace;
    double largest = 0;
    for (std::size_t i = 0; i < trace.size(); ++i) {
      const double t = trace.t[i];
      const double x = p.v0 * t - p.v0 / omegaD * std::exp(-alpha * t) * std::sin(omegaD * t);
      largest = std::max(largest, std::fabs(trace.x[i] - x));
    }
    return largest;
  };
  const double coarse = errorAt(0.01), fine = errorAt(0.005);
  INFO("errors " << coarse << " and " << fine);
  CHECK_THAT(std::log2(coarse / fine), WithinAbs(4.0, 0.3));
}

TEST_CASE("A block whose drive never exceeds the static limit stays exactly at rest", "[state-variable]") {
  // Fd(t) = c v0 t reaches only 1 N in 10 s, far below Fs = μs m g ≈ 5.9 N: no creep at all.
  StateVariableParams p = defaults();
  p.c = 1;
  p.v0 = 0.1;
  p.eta = 0;
  p.duration = 10;
  const SimulationResult result = simulateStateVariable(p);
  CHECK(result.summary.regime == Regime::Stuck);
  for (std::size_t i = 0; i < result.trace.size(); ++i) {
    REQUIRE(result.trace.x[i] == 0);
    REQUIRE(result.trace.v[i] == 0);
    // Friction balances the drive exactly while stuck.
    REQUIRE(result.trace.friction[i] == result.trace.spring[i]);
  }
}

TEST_CASE("During each stick phase the block does not move and the static limit holds", "[state-variable]") {
  const StateVariableParams p = defaults();
  const SimulationResult result = simulateStateVariable(p);
  CHECK(result.summary.regime == Regime::StickSlip);
  const Trace& trace = result.trace;
  for (std::size_t i = 1; i < trace.size(); ++i) {
    if (trace.v[i - 1] == 0 && trace.v[i] == 0) {
      REQUIRE(trace.x[i] == trace.x[i - 1]);
      REQUIRE(std::fabs(trace.spring[i]) <= frictionMagnitude(p, 0, trace.theta[i]) * (1 + 1e-9));
    }
  }
}

TEST_CASE(
    "A light block on a tiny memory length, beyond any affordable fixed step, runs to its end under auto",
    "[state-variable][integrator]") {
  // The θ–v feedback rate √(μs Fn/(m D)) ≈ 6e6 1/s of a light block on a tiny memory length would
  // need RK4 steps below 0.5 µs (4e8 of them for 200 s): the implicit method follows the slip instead.
  // Stiff drive (c v0 = 1e5 N/s): it breaks away at Fs/(c v0) = 0.2 s and keeps sticking and slipping.
  const SimulationResult result = runs::model(
      "state-variable",
      {{"m", 0.01}, {"Fn", 10000}, {"mus", 2}, {"D", 1e-7}, {"c", 10000}, {"v0", 10}, {"duration", 200}});
  CHECK(result.summary.regime == Regime::StickSlip);
  CHECK(result.summary.steps < 4e7);
  const Trace& trace = result.trace;
  // The row before the block first moves is the break-away's own row (the slips are too short for
  // the 0.1 s grid to catch: rows at rest follow).
  std::size_t i = 0;
  while (trace.x[i + 1] == 0) ++i;
  CHECK_THAT(trace.t[i], WithinRel(2 * 10000 / (10000.0 * 10), 1e-9));
}

TEST_CASE("A frictionless block pulled by a bare spring starts sliding at once and follows the closed form",
          "[state-variable]") {
  // μs = μk = 0 and η = 0: the drive force and the static limit are both 0 at t = 0, the edge where the
  // break-away search starts on a zero. e = x − v0 t obeys m ë + c e = 0 with e(0) = 0, ė(0) = −v0.
  StateVariableParams p = defaults();
  p.mus = p.muk = 0;
  p.eta = 0;
  p.m = 1;
  p.c = 100;
  p.v0 = 0.1;
  p.duration = 0.5;  // less than one period
  const SimulationResult result = simulateStateVariable(p);
  const double omega = std::sqrt(p.c / p.m);
  for (std::size_t i = 0; i < result.trace.size(); ++i) {
    const double t = result.trace.t[i];
    REQUIRE_THAT(result.trace.x[i], WithinAbs(p.v0 * t - p.v0 / omega * std::sin(omega * t), 1e-9));
  }
  CHECK(result.summary.steps < 10 * 2001);
}

TEST_CASE("With a dashpot the first break-away comes at (Fs − η v0)/(c v0)", "[state-variable][analytic]") {
  // At rest θ stays 1, so the static limit is Fs; the drive is c v0 t + η v0 from t = 0.
  StateVariableParams p = defaults();
  p.eta = 5;
  p.c = 100;
  p.v0 = 0.1;
  p.duration = 2;
  const double Fs = p.mus * p.Fn;
  const std::vector<double> breaks = timesOf(simulateStateVariable(p).summary, EventKind::BreakAway);
  REQUIRE(!breaks.empty());
  CHECK_THAT(breaks.front(), WithinRel((Fs - p.eta * p.v0) / (p.c * p.v0), 1e-9));
}

TEST_CASE("The automatic step agrees with a four times finer one on the switch times, even for a tiny D",
          "[state-variable][integrator]") {
  // D = 1e-7 m makes the θ–v feedback fast; the step resolves it (a quarter of √(mD/|Fs − Fk|)).
  StateVariableParams p = defaults();
  p.D = 1e-7;
  p.duration = 3;
  auto switchTimes = [&](double step) {
    StateVariableOptions options;
    options.step = step;
    std::vector<double> times;
    for (const SpringBlockEvent& event : simulateStateVariable(p, options).summary.events)
      if (event.kind != EventKind::Reversal) times.push_back(event.t);
    return times;
  };
  const double automatic = chooseStep(p);
  const auto coarse = switchTimes(automatic), fine = switchTimes(automatic / 4);
  REQUIRE(coarse.size() >= 6);
  REQUIRE(coarse.size() == fine.size());
  for (std::size_t i = 0; i < coarse.size(); ++i) CHECK_THAT(coarse[i], WithinRel(fine[i], 1e-4));
}

TEST_CASE("A block that swings through v = 0 without resting is not called stick-slip",
          "[state-variable][regime]") {
  // μs = 2 against μk = 0.1: the break-away releases a large spring force and the block swings back
  // and forth; it reverses through v = 0 but never rests there.
  StateVariableParams p = defaults();
  p.mus = 2;
  p.muk = 0.1;
  const SimulationResult result = simulateStateVariable(p);
  // No stick interval reaches into the last quarter, and the block reverses there.
  for (const Interval& stick : result.summary.stickIntervals) CHECK(stick.end < 0.75 * p.duration);
  bool reversal = false;
  for (const double t : timesOf(result.summary, EventKind::Reversal)) reversal |= t >= 0.75 * p.duration;
  CHECK(reversal);
  // Kinetic friction against the swing takes energy every half cycle: the swing shrinks (Coulomb
  // damping), and the one classifier of runs and maps calls it decaying, with a negative growth rate.
  CHECK(result.summary.regime == Regime::Decaying);
  CHECK(result.summary.growthRate < 0);
}

TEST_CASE("Chattering between stick and slip stays bounded in work and output", "[state-variable][guard]") {
  // A light block on a tiny memory length with a huge velocity term: it sticks and slips millions of
  // times. The switch points written out are capped at the grid size, and the work at the budget.
  StateVariableParams p = defaults();
  p.m = 1.70192;
  p.Fn = 1146.5;
  p.mus = 0.887929;
  p.muk = 0.187302;
  p.tau = 7.28705;
  p.D = 1.94112e-7;
  p.a = -10;
  p.b = 87.2261;
  p.c = 10000;
  p.eta = 100;
  p.v0 = 10;
  p.duration = 1;
  const StateVariableOptions options;
  try {
    const SimulationResult result = simulateStateVariable(p, options);
    CHECK(result.trace.size() <= 2 * static_cast<std::size_t>(options.samples));
  } catch (const RunStopped& stopped) {
    // Or the run ends at its step budget, saying so, with what it computed up to there.
    CHECK_THAT(stopped.what(), Catch::Contains("budget"));
    CHECK(stopped.partial().size() <= 2 * static_cast<std::size_t>(options.samples));
  }
}

TEST_CASE("The variant dθ/dt = (1 − θ)/τ − θ|v|/D: steady state and stability boundary",
          "[state-variable][analytic]") {
  // λ = 1/τ + v0/D, θ0 = 1/(1 + τ v0/D), F_ss = Fk + ΔF θ0; linearized, (m s² + E s + c)(s + λ) − (ΔF θ0/D) s
  // = 0, stable iff S < E [1 + c/(λ(mλ + E))] with S = ΔF θ0/(D λ). For P1: λ = 15, θ0 = 2/3, S = 80/9.
  StateVariableParams p = caseP1(40);
  p.renewal = 1;
  p.duration = 30;
  const SimulationResult steady = simulateStateVariable(p);
  CHECK(steady.summary.regime == Regime::Steady);
  CHECK_THAT(steady.trace.theta.back(), WithinRel(2.0 / 3, 1e-6));
  CHECK_THAT(steady.trace.friction.back(), WithinRel(4 + 2 * 2.0 / 3, 1e-6));

  const double lambda = 15, theta0 = 2.0 / 3, S = 2 * theta0 / (0.01 * lambda);
  // The critical E solves E (1 + c/(λ(mλ + E))) = S; by bisection on the monotone left side.
  double lo = 0, hi = S;
  for (int i = 0; i < 200; ++i) {
    const double E = 0.5 * (lo + hi);
    (E * (1 + 100 / (lambda * (lambda + E))) < S ? lo : hi) = E;
  }
  const double etaCritical = 0.5 * (lo + hi);
  for (const double factor : {0.9, 1.1}) {
    StateVariableParams run = caseP1(factor * etaCritical);
    run.renewal = 1;
    run.duration = 12;
    const double E = run.eta;
    const auto roots =
        analytic::cubicRoots(1, lambda + E, E * lambda + 100 - 2 * theta0 / 0.01, 100 * lambda);
    const auto root =
        *std::max_element(roots.begin(), roots.end(), [](auto a, auto b) { return a.imag() < b.imag(); });
    const Oscillation measured = measureOscillation(run);
    INFO("η = " << factor << " η_c = " << run.eta << ": expected growth " << root.real() << ", ω "
                << root.imag());
    CHECK((measured.growth > 0) == (factor < 1));
    CHECK_THAT(measured.growth, WithinAbs(root.real(), 1e-3));
    CHECK_THAT(measured.omega, WithinRel(root.imag(), 2e-3));
  }
}

TEST_CASE("At rest θ ages in closed form and the static limit F(0, θ) follows it exactly",
          "[state-variable][analytic]") {
  // A block held far below its limit (c v0 t stays under Fk(0) for the whole run) from θ0 = 0.2:
  // θ(t) = 1 − (1 − θ0) e^(−t/τ), and the static limit column is Fk + (Fs − Fk) θ(t).
  StateVariableParams p = defaults();
  p.c = 1;
  p.v0 = 0.01;
  p.eta = 0;
  p.duration = 5;
  p.tau = 2;
  StateVariableOptions options;
  options.start.theta = 0.2;
  const SimulationResult result = simulateStateVariable(p, options);
  CHECK(result.summary.regime == Regime::Stuck);
  const double Fs = p.mus * p.Fn, Fk = p.muk * p.Fn;
  for (std::size_t i = 0; i < result.trace.size(); ++i) {
    const double theta = 1 - 0.8 * std::exp(-result.trace.t[i] / p.tau);
    REQUIRE_THAT(result.trace.theta[i], WithinAbs(theta, 1e-14));
    REQUIRE_THAT(result.trace.staticLimit[i], WithinRel(Fk + (Fs - Fk) * theta, 1e-14));
    REQUIRE(result.trace.x[i] == 0);
  }
}

TEST_CASE("A renewed contact breaks away where the rising drive meets the ageing limit",
          "[state-variable][analytic]") {
  // From rest with θ0 = 0: Fd = c v0 t meets F(0, θ(t)) = Fk + (Fs − Fk)(1 − e^(−t/τ)) at the root of
  // g(t) = c v0 t − Fk − (Fs − Fk)(1 − e^(−t/τ)), found here by bisection; the model locates it inside
  // its stick phase.
  StateVariableParams p = defaults();
  p.eta = 0;
  p.c = 10;
  p.v0 = 0.1;
  p.tau = 5;
  p.duration = 8;
  const double Fs = p.mus * p.Fn, Fk = p.muk * p.Fn;
  auto g = [&](double t) { return p.c * p.v0 * t - Fk - (Fs - Fk) * (1 - std::exp(-t / p.tau)); };
  double lo = 0, hi = p.duration;
  REQUIRE(g(lo) < 0);
  REQUIRE(g(hi) > 0);
  for (int i = 0; i < 200; ++i) (g(0.5 * (lo + hi)) < 0 ? lo : hi) = 0.5 * (lo + hi);
  StateVariableOptions options;
  options.start.theta = 0;
  const std::vector<double> breaks = timesOf(simulateStateVariable(p, options).summary, EventKind::BreakAway);
  REQUIRE(!breaks.empty());
  CHECK_THAT(breaks.front(), WithinRel(lo, 1e-10));
}

TEST_CASE("Under auto the model converges with the tolerance to the fixed-step RK4 limit",
          "[state-variable][integrator]") {
  // The default system's stick-slip, 3 s: the switch times at tolerances 1e-7 and 1e-9 approach those
  // at 1e-12 as the tolerances do (a local tolerance; over three cycles the error grows ~100-fold),
  // and RK4 at a sixteenth of its automatic step agrees with them: both converge to one answer.
  StateVariableParams p = defaults();
  p.duration = 3;
  auto switchTimes = [&](double tolerance, double step) {
    StateVariableOptions options;
    options.tolerance = tolerance;
    options.step = step;
    std::vector<double> times;
    for (const SpringBlockEvent& event : simulateStateVariable(p, options).summary.events)
      if (event.kind != EventKind::Reversal) times.push_back(event.t);
    return times;
  };
  const auto reference = switchTimes(1e-12, 0);
  REQUIRE(reference.size() >= 4);
  for (const auto& [tolerance, step, agreement] : {std::tuple{1e-7, 0.0, 3e-5}, std::tuple{1e-9, 0.0, 1e-6},
                                                   std::tuple{0.0, chooseStep(p) / 16, 1e-7}}) {
    INFO("tolerance " << tolerance << ", RK4 step " << step);
    const auto times = switchTimes(tolerance, step);
    REQUIRE(times.size() == reference.size());
    for (std::size_t i = 0; i < times.size(); ++i) CHECK_THAT(times[i], WithinRel(reference[i], agreement));
  }
}

TEST_CASE(
    "The θ law on the spring-block: auto, Dormand–Prince and Rosenbrock agree to their tolerance; Radau is "
    "refused",
    "[state-variable][integrator]") {
  // The default system (m = 1 kg, c = 100 N/m, v0 = 0.1 m/s, Fn = m·g), 40 s of stick-slip whose every
  // slip renews θ to its floor. Dormand–Prince and Rosenbrock at 1e-13 must agree with each other near
  // that tolerance, and auto (its own tolerance, 1e-10) with them near its own. Radau's stages straddle
  // θ's floor, where dθ/dt jumps, and missed its tolerance by orders of magnitude there (x(40 s) 2e-4 m
  // off at 1e-10): it is refused, naming the integrator.
  const SpringBlockSystem sys{1, 100, 0, 0.1, kStandardGravity, 40};
  auto xEnd = [&](Integrator method, double tolerance) {
    RunSettings options;
    options.integrator = method;
    if (tolerance > 0) {
      options.relativeTolerance = tolerance;
      options.absoluteTolerance = 1e-3 * tolerance;
    }
    return runs::simulate("state-variable", {}, sys, options).trace.x.back();
  };
  const double dormandPrince = xEnd(Integrator::DormandPrince, 1e-13),
               rosenbrock = xEnd(Integrator::Rosenbrock, 1e-13);
  const double scale = sys.v0 * sys.duration;  // 4 m of drive travel
  CHECK(std::fabs(dormandPrince - rosenbrock) < 1e-11 * scale);
  CHECK(std::fabs(xEnd(Integrator::Auto, 0) - dormandPrince) < 1e-9 * scale);
  RunSettings radau;
  radau.integrator = Integrator::Radau;
  try {
    runs::simulate("state-variable", {}, sys, radau);
    FAIL("Radau ran the θ law");
  } catch (const InputError& error) {
    CHECK(error.field() == "integrator");
  }
}
