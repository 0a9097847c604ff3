// The quasi-static slider (m = 0) and the laboratory rate-and-state law 'rsf' against closed forms
// (docs/validation.md, "Closed forms: rate-and-state on the quasi-static slider"): the steady state,
// the direct effect and the imposed-velocity transients, the critical stiffness and the growth rate
// about steady sliding, the aging law's log-linear healing in holds, and the limit m → 0 of the
// inertial slider. Refusals name their fields.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::Contains;

namespace {

constexpr double kMu0 = 0.6, kVstar = 1e-6;

RunSettings tight(Integrator integrator = Integrator::DormandPrince, int samples = 2001) {
  RunSettings options;
  options.integrator = integrator;
  options.relativeTolerance = 1e-12;
  options.absoluteTolerance = 1e-15;
  options.samples = samples;
  return options;
}

// μ_ss = μ0 + (a − b1 − b2) ln(V/V*) (Dieterich 1979; Ruina 1983), for every evolution law.
double steadyMu(double a, double b, double V) { return kMu0 + (a - b) * std::log(V / kVstar); }

// A quasi-static system (m = 0) pulled at v0 or through velocity steps, steady at the first velocity.
SpringBlockSystem slider(double c, double duration, std::vector<Breakpoint> steps, double Fn = 1) {
  SpringBlockSystem sys{0, c, 0, steps.front().value, Fn, duration, steps};
  sys.start = SpringBlockStart::Steady;
  return sys;
}

// Local maxima of |v − V| over rows with t in [from, to]: the envelope of an oscillation about V.
std::vector<std::pair<double, double>> peaks(const Trace& trace, double V, double from, double to) {
  std::vector<std::pair<double, double>> out;
  for (std::size_t i = 1; i + 1 < trace.size(); ++i) {
    const double here = trace.v[i] - V;
    if (trace.t[i] < from || trace.t[i] > to || here <= 0) continue;
    if (here >= trace.v[i - 1] - V && here > trace.v[i + 1] - V) out.push_back({trace.t[i], std::log(here)});
  }
  return out;
}

// The least-squares slope of y against t.
double slope(const std::vector<std::pair<double, double>>& points) {
  double st = 0, sy = 0, stt = 0, sty = 0;
  const double n = static_cast<double>(points.size());
  for (const auto& [t, y] : points) {
    st += t;
    sy += y;
    stt += t * t;
    sty += t * y;
  }
  return (n * sty - st * sy) / (n * stt - st * st);
}

}  // namespace

TEST_CASE(
    "Velocity step on the quasi-static slider: every evolution law settles at μ0 + (a − b) ln(V/V*) to 1e-9",
    "[quasi-static][rsf]") {
  const double a = 0.01, V1 = 1e-6, V2 = 1e-5;
  for (int evolution : {0, 1, 2, 3}) {
    for (bool twoStates : {false, true}) {
      INFO("evolution " << evolution << (twoStates ? ", two state variables" : ", one state variable"));
      const double b1 = twoStates ? 0.006 : 0.005, b2 = twoStates ? 0.003 : 0.0;
      const ParamList params = {{"a", a},
                                {"b1", b1},
                                {"b2", b2},
                                {"Dc1", 1e-5},
                                {"Dc2", 1e-4},
                                {"form", 0},
                                {"evolution", evolution}};
      // The slowest state relaxes over Dc/V2: 10 s for one state, 100 s for the second; 40 of them. Nagata's
      // friction-rate term (c/b = 400 here) slows the relaxation: 120 of them.
      const double duration = (twoStates ? 400 : 40) * (evolution == 3 ? 3 : 1);
      const SimulationResult run =
          runs::simulate("rsf", params, slider(1e4, duration, {{0, V1}, {1, V2}}), tight());
      CHECK(std::fabs(run.trace.friction.front() - steadyMu(a, b1 + b2, V1)) <= 1e-12);
      CHECK(std::fabs(run.trace.friction.back() - steadyMu(a, b1 + b2, V2)) <= 1e-9);
      CHECK(std::fabs(run.trace.v.back() / V2 - 1) <= 1e-7);
    }
  }
}

TEST_CASE(
    "The slider's velocity balances the force at every row, solved in closed form or (with a dashpot) by "
    "Newton",
    "[quasi-static][rsf]") {
  // F(v, θ, N) = Fn u + η (v_lp − v) at every row (the trace's friction is the drive's side): the closed-form
  // inverse of both laboratory laws in both forms without a dashpot, and Newton from it with one (η = N a/V2,
  // radiation damping as large as the direct effect's stiffness in v). Steady sliding is η-free: μ_ss(V2).
  const double a = 0.01, b = 0.005, V1 = 1e-6, V2 = 1e-5;
  for (const std::string law : {"rsf", "rate-state"})
    for (int form : {0, 1})
      for (double eta : {0.0, a / V2}) {
        INFO(law << ", form " << form << ", η = " << eta << " N·s/m");
        const ParamList params = law == "rsf" ? ParamList{{"a", a}, {"b1", b}, {"Dc1", 1e-5}, {"form", form}}
                                              : ParamList{{"a", a}, {"b", b}, {"Dc", 1e-5}, {"form", form}};
        SpringBlockSystem sys = slider(1e4, 40, {{0, V1}, {1, V2}});
        sys.eta = eta;
        const SimulationResult run = runs::simulate(law, params, sys, tight());
        const LawEvaluator evaluator(law, params);
        double worst = 0;
        for (std::size_t i = 0; i < run.trace.size(); ++i) {
          const LawStateVector theta = {run.trace.state[0][i],
                                        run.trace.state.size() > 1 ? run.trace.state[1][i] : 1.0};
          worst = std::max(
              worst, std::fabs(evaluator.dynamics(run.trace.v[i], 1, theta).force - run.trace.friction[i]));
        }
        CHECK(worst <= 1e-13);
        CHECK(std::fabs(run.trace.friction.back() - steadyMu(a, b, V2)) <= 1e-9);
      }
}

TEST_CASE(
    "A velocity step on a stiff slider: the direct effect a·ln(V2/V1) and the aging and slip laws' "
    "transients",
    "[quasi-static][rsf]") {
  // With c = 1e12 N/m the slider follows the load point (its slip lags by Δμ·N/c ≈ 2e-14 m ≪ Dc), so μ(t)
  // is the imposed-velocity closed form from θ = Dc/V1 (Dieterich 1979; Ruina 1983): with
  // u = V2 (t − t_step)/Dc,
  //   aging:  μ = μ_ss(V2) + b ln(1 + (V2/V1 − 1) e^(−u)),   slip: μ = μ_ss(V2) + b ln(V2/V1) e^(−u),
  // whose value as u → 0 is μ_ss(V1) + a ln(V2/V1): the direct effect.
  const double a = 0.01, b = 0.005, Dc = 1e-5, V1 = 1e-6, V2 = 1e-5, step = 1;
  for (int evolution : {0, 1}) {
    INFO((evolution == 0 ? "aging" : "slip") << " law");
    RunSettings options = tight(Integrator::Radau);
    options.logGrid = true;
    const ParamList params = {{"a", a}, {"b1", b}, {"Dc1", Dc}, {"form", 0}, {"evolution", evolution}};
    const SimulationResult run =
        runs::simulate("rsf", params, slider(1e12, 31, {{0, V1}, {step, V2}}), options);
    const Trace& trace = run.trace;
    double worst = 0, first = NAN, uFirst = NAN;
    for (std::size_t i = 0; i < trace.size(); ++i) {
      if (trace.t[i] <= step) continue;
      const double u = V2 * (trace.t[i] - step) / Dc;
      const double expected = evolution == 0
                                  ? steadyMu(a, b, V2) + b * std::log(1 + (V2 / V1 - 1) * std::exp(-u))
                                  : steadyMu(a, b, V2) + b * std::log(V2 / V1) * std::exp(-u);
      if (std::isnan(first)) {
        first = trace.friction[i] - (steadyMu(a, b, V1) + a * std::log(V2 / V1));
        uFirst = u;
      }
      worst = std::max(worst, std::fabs(trace.friction[i] - expected));
    }
    CHECK(worst <= 1e-9);
    // The first row (3e-4 s after the step) is the jump a ln(V2/V1) less the state's renewal over slip u·Dc,
    // dμ/du at u = 0: −b (1 − V1/V2) (aging), −b ln(V2/V1) (slip), to first order in u.
    const double renewal = (evolution == 0 ? -b * (1 - V1 / V2) : -b * std::log(V2 / V1)) * uFirst;
    CHECK(std::fabs(first - renewal) <= 1e-3 * std::fabs(renewal));
  }
}

TEST_CASE(
    "Critical stiffness Fn(b − a)/Dc: steady sliding decays above it and grows below it, at the closed-form "
    "rate",
    "[quasi-static][rsf][stability]") {
  // Linearized about steady sliding at V (Ruina 1983; m = 0, η = 0), with E = Fn a/V and λ = V/Dc:
  //   E s² + (c − k_c) s + c λ = 0,  k_c = Fn (b − a)/Dc,  so Re s = −(c − k_c)/(2E) while the roots are
  //   complex.
  const double a = 0.01, b = 0.015, Dc = 1e-5, Fn = 1, V = 1e-4, V2 = 1.001 * V;
  const double kc = Fn * (b - a) / Dc, E = Fn * a / V2;
  for (int evolution : {0, 1}) {
    for (double ratio : {1.1, 0.9}) {
      INFO((evolution == 0 ? "aging" : "slip") << " law, c = " << ratio << " k_c");
      const double c = ratio * kc, expected = -(c - kc) / (2 * E);
      const ParamList params = {{"a", a}, {"b1", b}, {"Dc1", Dc}, {"form", 0}, {"evolution", evolution}};
      const SimulationResult run = runs::simulate("rsf", params, slider(c, 15, {{0, V}, {0.01, V2}}, Fn),
                                                  tight(Integrator::DormandPrince, 15001));
      const auto envelope = peaks(run.trace, V2, 1, 15);
      REQUIRE(envelope.size() >= 10);
      CHECK(std::fabs(slope(envelope) - expected) <= 0.02 * std::fabs(expected));
    }
  }
}

TEST_CASE(
    "Below the critical stiffness the aging law's quasi-static slider runs away: the run stops with the time "
    "and why",
    "[quasi-static][rsf][stability]") {
  const double a = 0.01, b = 0.015, Dc = 1e-5, V = 1e-4, kc = (b - a) / Dc;
  const ParamList params = {{"a", a}, {"b1", b}, {"Dc1", Dc}, {"form", 0}};
  try {
    runs::simulate("rsf", params, slider(0.5 * kc, 200, {{0, V}, {0.01, 1.01 * V}}), tight());
    FAIL("expected the run to stop");
  } catch (const RunStopped& stop) {
    CHECK(stop.time() > 0.01);
    CHECK(stop.time() < 200);
    CHECK_THAT(stop.what(), Contains("still rising") && Contains("system.m"));
    CHECK(!stop.partial().t.empty());
  }
}

TEST_CASE(
    "Slide-hold-slide on a stiff slider: the aging law heals log-linearly, Δμ = b ln(1 + t_h V/Dc), for "
    "holds ≫ Dc/V",
    "[quasi-static][rsf][holds]") {
  // In a hold the aging law's θ grows as dθ/dt = 1 − vθ/Dc ≈ 1 (Dieterich 1979): from Dc/V, θ = Dc/V + t_h,
  // so the state's part of friction rises by b ln(1 + t_h V/Dc) and reloading finds that peak (a stiff
  // spring, c = 1e10 N/m: the slider creeps ~1e-11 m in a hold, ≪ Dc). Holds of 10, 100, 1000 s ≫ Dc/V = 0.1
  // s.
  const double a = 0.01, b = 0.015, Dc = 1e-6, V = 1e-5, slide = 20;
  const std::vector<double> holds = {10, 100, 1000};
  std::vector<Breakpoint> steps = {{0, V}};
  double t = 0;
  for (double hold : holds) {
    steps.push_back({t + slide, 0});
    t += slide + hold;
    steps.push_back({t, V});
  }
  RunSettings options = tight(Integrator::Radau, 6001);
  options.logGrid = true;
  options.relativeTolerance = 1e-10;
  const ParamList params = {{"a", a}, {"b1", b}, {"Dc1", Dc}, {"form", 0}};
  const SimulationResult run = runs::simulate("rsf", params, slider(1e10, t + slide, steps), options);
  const Trace& trace = run.trace;
  // The summary lists each hold with its healing, as the page's healing chart plots them (Fn = 1 N: μ = F).
  REQUIRE(run.summary.holds.size() == holds.size());
  std::vector<double> healing;
  for (std::size_t k = 0; k < holds.size(); ++k) {
    const double holdEnd = steps[2 * k + 2].t, expected = b * std::log(1 + holds[k] * V / Dc);
    double theta = NAN, peak = 0;
    for (std::size_t i = 0; i < trace.size(); ++i) {
      if (trace.t[i] == holdEnd) theta = trace.state[0][i];
      if (trace.t[i] > holdEnd && trace.t[i] < holdEnd + slide) peak = std::max(peak, trace.friction[i]);
    }
    INFO("hold " << holds[k] << " s");
    CHECK(std::fabs(theta / (Dc / V + holds[k]) - 1) <= 1e-4);
    healing.push_back(peak - steadyMu(a, b, V));
    CHECK(std::fabs(healing.back() - expected) <= 1e-3 * expected);
    const HoldHealing& summary = run.summary.holds[k];
    CHECK(summary.start == steps[2 * k + 1].t);
    CHECK(summary.duration == holds[k]);
    CHECK(std::fabs(summary.steadyMu - steadyMu(a, b, V)) <= 1e-9);  // 20 s of slide = 200 Dc: steady
    CHECK(std::fabs(summary.healing - expected) <= 1e-3 * expected);
    // In a hold the slider creeps on and unloads the spring: the friction relaxes, and relaxes further
    // the longer the hold (Marone 1998's Δμ_c grows with the hold's log time).
    CHECK(summary.relaxation > 0);
    if (k > 0) CHECK(summary.relaxation > run.summary.holds[k - 1].relaxation);
  }
  // The healing rate per decade of hold time: b ln 10 (to the 1e-3 of the closed form's own curvature).
  CHECK(std::fabs((healing[2] - healing[1]) / std::log(10.0) - b) <= 1e-2 * b);
}

TEST_CASE(
    "The quasi-static slider is the limit m → 0 of the inertial one: the difference shrinks in proportion to "
    "m",
    "[quasi-static][rsf][inertia]") {
  const ParamList params = {{"a", 0.01}, {"b1", 0.005}, {"Dc1", 1e-5}, {"form", 1}};
  const std::vector<Breakpoint> steps = {{0, 1e-6}, {2, 1e-5}};
  auto run = [&](double m) {
    SpringBlockSystem sys = slider(1e3, 10, steps);
    sys.m = m;
    return runs::simulate("rsf", params, sys, tight(m == 0 ? Integrator::Radau : Integrator::Auto, 1001));
  };
  const SimulationResult limit = run(0);
  std::vector<double> differences;
  for (double m : {1.0, 0.1, 0.01}) {
    const SimulationResult inertial = run(m);
    REQUIRE(inertial.trace.size() == limit.trace.size());
    double worst = 0;
    for (std::size_t i = 0; i < limit.trace.size(); ++i)
      worst = std::max(worst, std::fabs(inertial.trace.friction[i] - limit.trace.friction[i]));
    differences.push_back(worst);
  }
  INFO("max |ΔF| at m = 1, 0.1, 0.01 kg: " << differences[0] << ", " << differences[1] << ", "
                                           << differences[2]);
  CHECK(differences[0] / differences[1] > 9);
  CHECK(differences[0] / differences[1] < 11);
  CHECK(differences[1] / differences[2] > 9);
  CHECK(differences[1] / differences[2] < 11);
}

namespace {

Value object(std::initializer_list<std::pair<std::string, Value>> members) {
  Value out = Value::object();
  for (const auto& [key, value] : members) out.set(key, value);
  return out;
}
Value list(std::initializer_list<Value> items) { return Value::list(items); }

// The field and message of the InputError that reading and running `scenario` throws.
std::pair<std::string, std::string> refusalOf(const Value& scenario) {
  try {
    run(RunSpec::read(scenario));
  } catch (const InputError& error) {
    return {error.field(), error.what()};
  }
  return {"none", ""};
}

Value quasiStatic(const std::string& law, const Value& protocol = Value()) {
  Value out = object(
      {{"law", law}, {"system", object({{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", 100}})}});
  if (!protocol.isNull()) out.set("protocol", protocol);
  return out;
}

}  // namespace

TEST_CASE("The quasi-static slider refuses laws it cannot balance, and bad protocols, naming the field",
          "[quasi-static][reader]") {
  auto [field, message] = refusalOf(quasiStatic("coulomb"));
  CHECK(field == "system.m");
  CHECK_THAT(message, Contains("set-valued force at v = 0"));
  // The classic 'rate-state' law runs on it too, and settles at its steady state.
  Value rateState = quasiStatic("rate-state");
  rateState.set("params", object({{"a", 0.01}, {"b", 0.005}, {"form", 0}}));
  rateState.set(
      "system",
      object({{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", 100}, {"start", "steady"}}));
  const SimulationResult steady = run(RunSpec::read(rateState));
  CHECK(std::fabs(steady.trace.friction.back() - steadyMu(0.01, 0.005, 1e-5)) <= 1e-9);
  std::tie(field, message) = refusalOf(quasiStatic("drake-stribeck"));
  CHECK(field == "system.m");
  CHECK_THAT(message, Contains("does not rise with v"));
  std::tie(field, message) = refusalOf(quasiStatic("lugre"));
  CHECK(field == "system.m");
  CHECK_THAT(message, Contains("at a fixed state it does not rise with v"));
  // m = 0 needs Fn given; a mass between 0 and 1e-9 kg is neither.
  CHECK(refusalOf(object({{"law", "rsf"}, {"system", object({{"m", 0}})}})).first == "system.Fn");
  CHECK(refusalOf(object({{"law", "rsf"}, {"system", object({{"m", 1e-12}})}})).first == "system.m");
  // Slide-hold-slide: the third hold ends after the run (20 + 1 + 20 + 10 + 20 + 100 > 100 s).
  std::tie(field, message) =
      refusalOf(quasiStatic("rsf", object({{"holds", list({1, 10, 100})}, {"slide", 20}})));
  CHECK(field == "protocol.holds[2]");
  CHECK_THAT(message, Contains("s, not before the run's end"));
  CHECK(refusalOf(quasiStatic("rsf", object({{"holds", list({1, -10})}, {"slide", 20}}))).first ==
        "protocol.holds[1]");
  CHECK(refusalOf(quasiStatic("rsf", object({{"holds", list({1})}}))).first == "protocol.slide");
  // A table whose time goes back at item 2, and one whose x is not a number.
  CHECK(refusalOf(
            quasiStatic(
                "rsf", object({{"table", object({{"t", list({0, 1, 0.5})}, {"x", list({0, 1e-6, 2e-6})}})}})))
            .first == "protocol.table.t[2]");
  CHECK(refusalOf(
            quasiStatic("rsf", object({{"table", object({{"t", list({0, 1})}, {"x", list({0, "far"})}})}})))
            .first == "protocol.table.x[1]");
  CHECK(refusalOf(quasiStatic("rsf", object({{"normalForce", list({list({0, 1}), list({5, -2})})}}))).first ==
        "protocol.normalForce[1]");
  // The protocol and the log grid need m = 0.
  Value inertial = quasiStatic("rsf", object({{"holds", list({1})}, {"slide", 20}}));
  inertial.set("system", object({{"m", 1}, {"v0", 1e-5}, {"duration", 100}}));
  CHECK(refusalOf(inertial).first == "system.m");
  CHECK(refusalOf(object({{"law", "rsf"}, {"grid", "log"}})).first == "grid");
  // Nagata's law needs the slider's dμ/dt: refused with inertia.
  CHECK(refusalOf(object({{"law", "rsf"}, {"params", object({{"evolution", 3}})}})).first == "system.m");
}

TEST_CASE("A displacement table and normal-force steps drive the slider as their closed forms say",
          "[quasi-static][protocol]") {
  // A table x_lp = 0, 1e-4 m, 1e-4 m at t = 0, 10, 20 s: 10 µm/s, then a hold; and a normal-force step 1 → 2
  // N at 15 s, in the hold. Linker & Dieterich (1992): θ1 jumps to θ₋ (N₋/N₊)^(α/b); in the hold the aging
  // law then heals at dθ/dt = 1 − vθ/Dc ≈ 1 (v ~ 1e-14 m/s), so θ1(t) = θ₋ 2^(−α/b) + (t − 15 s).
  const double a = 0.01, b = 0.005;
  for (double alpha : {0.02, 0.3}) {
    INFO("α = " << alpha << ", θ1 shrinks by 2^(−" << alpha / b << ")");
    Value scenario = quasiStatic(
        "rsf", object({{"table", object({{"t", list({0, 10, 20})}, {"x", list({0, 1e-4, 1e-4})}})},
                       {"normalForce", list({list({0, 1}), list({15, 2})})}}));
    scenario.set("params", object({{"a", a}, {"b1", b}, {"alpha", alpha}, {"form", 0}}));
    scenario.set(
        "system",
        object({{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", 30}, {"start", "steady"}}));
    scenario.set("samples", 3001);
    scenario.set("tolerance", 1e-12);
    const SimulationResult tableRun = run(RunSpec::read(scenario));
    const Trace& trace = tableRun.trace;
    for (std::size_t i = 0; i < trace.size(); ++i) {
      const double expected =
          std::min(trace.t[i], 10.0) * 1e-5;  // the load point follows the table, then holds
      CHECK(std::fabs(trace.drivePosition[i] - expected) <= 1e-15);
    }
    std::size_t step = 0;
    while (trace.t[step] < 15) ++step;  // the row at 15 s, written before the jump
    REQUIRE(std::fabs(trace.t[step] - 15) <= 1e-9);
    const double thetaBefore = trace.state[0][step], jumped = thetaBefore * std::pow(0.5, alpha / b);
    for (std::size_t i = step + 1; i < trace.size() && trace.t[i] <= 20; ++i)
      CHECK(std::fabs(trace.state[0][i] / (jumped + (trace.t[i] - 15)) - 1) <= 1e-9);
  }
}

TEST_CASE(
    "auto on the quasi-static slider takes Radau where the slider is stiff, and it settles as the closed "
    "form says",
    "[quasi-static][integrator]") {
  // About steady sliding at V the slider relaxes at λ ≈ c V/(a Fn) (du/dt = c(V − v)/Fn with ∂v/∂u = V/a):
  // on a light normal force (Fn = 1e-5 N) pulled at 0.1 m/s by c = 100 N/m, λ ≈ 1e8 1/s, and Dormand–Prince,
  // held to h ≲ 3.3/λ, ran out of its 5·10⁶ steps within the first 0.2 s of a 1361 s run (a 10-minute fuzz
  // run's finding, there under a stability map). auto must take Radau, which follows the slow motion, and
  // the run must settle at μ_ss(V2) = μ0 + (a − b) ln(V2/V*) after the drive steps up by 1 % (the finding's
  // kick). The velocity-step preset's slider (λ ≈ 1 1/s) stays with Dormand–Prince.
  const double a = 0.01, b = 0.015, V = 0.1, V2 = 1.01 * V;
  const SpringBlockSystem light = slider(100, 1361, {{0, V}, {1.361, V2}}, 1e-5);
  const ParamList params = {{"a", a},          {"b1", b},   {"Dc1", 1e-6},
                            {"Vstar", kVstar}, {"form", 0}, {"mu0", kMu0}};
  const SimulationResult run = runs::simulate("rsf", params, light);
  CHECK(run.summary.integrator == Integrator::Radau);
  CHECK(run.summary.steps < 1000);
  CHECK_THAT(run.trace.friction.back() / light.Fn, Catch::Matchers::WithinAbs(steadyMu(a, b, V2), 1e-9));
  const SpringBlockSystem soft = slider(1e3, 40, {{0, 1e-6}, {10, 1e-5}});
  CHECK(runs::simulate("rsf", {{"a", a}, {"b1", 0.005}, {"Dc1", 1e-5}, {"Vstar", kVstar}, {"form", 0}}, soft)
            .summary.integrator == Integrator::DormandPrince);
}
