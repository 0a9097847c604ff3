// Rate-and-state at the far ends of its catalog ranges, where the fuzz harness (cpp/fuzz) found runs
// that looped for ~25 s to their step budget. Its regularized form creeps at rest at 2V*·e^(−μ0/a),
// 1e-84 m/s at μ0 = 1.8 (a = 0.01): the slip equations' fastest rate N·a/(m·creep) ≈ 1e83 /s then
// squared past the double range in the stiffness estimate, `auto` took Dormand–Prince for the stiffest
// law of all, and it crawled at its stability limit. The inputs are kept in tests/fuzz/regressions.

#include <catch2/catch.hpp>

#include <cmath>

#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;

namespace {

constexpr double kFn = 9.80665;  // the default normal force m·g for m = 1 kg

SimulationResult runRateState(double mu0, double a, const std::string& integrator = "auto") {
  Scenario scenario = runs::lawScenario("rate-state", {{"mu0", mu0}, {"a", a}});
  scenario.integrator = integrator;
  scenario.samples = 200;
  return runs::scenario(scenario);
}

std::string refusedField(double mu0, double a) {
  try {
    runRateState(mu0, a);
  } catch (const InputError& error) {
    return error.field();
  }
  return "";
}

}  // namespace

TEST_CASE("Rate-and-state creeping at 1e-84 m/s is stiff: auto integrates it with Radau, to stick-slip",
          "[rate-state][fuzz]") {
  for (const double mu0 : {1.8, 2.0}) {
    INFO("mu0 = " << mu0);
    const SimulationResult result = runRateState(mu0, 0.01);
    const Summary& summary = result.summary;
    CHECK(summary.integrator == Integrator::Radau);
    // The soft spring (100 N/m, far below the critical stiffness N(b − a)/Dc) gives stick-slip, and the
    // spring must pull at least μ0·N before the block breaks away: the state only ages (θ grows) at rest.
    CHECK(summary.regime == Regime::StickSlip);
    CHECK(summary.driveForceMax >= mu0 * kFn);
    CHECK(summary.energyResidual < 1e-6);
  }
}

TEST_CASE("A creep speed below what a run can resolve is refused, naming params.mu0", "[rate-state][fuzz]") {
  // μ0/a = 702: 2V*·e^(−μ0/a) ≈ 3e-311 m/s, a subnormal number; μ0/a = 2000 underflows to 0.
  CHECK(refusedField(2, 0.00285) == "params.mu0");
  CHECK(refusedField(2, 0.001) == "params.mu0");
  // Just inside: μ0/a = 667, creep ≈ 1e-295 m/s, runs. Radau's Newton iteration cannot follow the
  // re-stick towards that creep (steps of 1e-20 s that cannot advance t), so auto hands the run to
  // Rosenbrock and says when; Radau asked for by name stops with the reason instead of crawling.
  CHECK(refusedField(2, 0.003) == "");
  const SimulationResult handedOver = runRateState(2, 0.003);
  REQUIRE(handedOver.summary.integratorSwitches.size() >= 1);
  CHECK(handedOver.summary.integratorSwitches.front().to == Integrator::Rosenbrock);
  CHECK_THROWS_WITH(runRateState(2, 0.003, "radau"),
                    Catch::Contains("Newton") && Catch::Contains("'rosenbrock' or 'auto'"));
}

TEST_CASE("Beyond the double range of e^(Ψ/a) the regularized form is the classic one, and 0 at rest",
          "[rate-state][fuzz]") {
  // A state aged far beyond anything a run reaches makes Ψ/a = (μ0 + b ln(V*θ/Dc))/a ≈ 1100 > 709.
  const double mu0 = 0.6, a = 0.01, b = 0.015, Vstar = 1e-6, Dc = 1e-5, theta = 1e300, N = 10;
  const LawEvaluator regularized(
      "rate-state", {{"mu0", mu0}, {"a", a}, {"b", b}, {"Vstar", Vstar}, {"Dc", Dc}, {"form", 1}});
  const LawEvaluator classic("rate-state",
                             {{"mu0", mu0}, {"a", a}, {"b", b}, {"Vstar", Vstar}, {"Dc", Dc}, {"form", 0}});
  CHECK(regularized.dynamics(0, N, {theta, 0}).force == 0);
  for (const double v : {1e-9, 0.1, -0.1}) {
    INFO("v = " << v);
    const double force = regularized.dynamics(v, N, {theta, 0}).force;
    REQUIRE(std::isfinite(force));
    CHECK_THAT(force, Catch::Matchers::WithinRel(classic.dynamics(v, N, {theta, 0}).force, 1e-12));
    CHECK((force > 0) == (v > 0));
  }
}

TEST_CASE(
    "The classic rate-and-state form runs from a steady start under auto, to the steady state of the new "
    "speed",
    "[rate-state][integrator]") {
  // The classic form μ0 + a ln(v/V*) + b ln(V*θ/Dc) has no value at v = 0, but a steady start kicked to
  // a faster drive never reaches rest: on a spring stiffer than the critical
  // k_c = N(b − a)/Dc·[1 + mV²/(NaDc)] ≈ 5e3 N/m (Fn = m·g, V = 0.12 mm/s) it settles to the steady
  // friction of the new speed, μ0 + (a − b) ln(v/V*) (Dieterich 1979; Ruina 1983).
  const double v0 = 1e-4, kick = 0.2, mu0 = 0.6, a = 0.01, b = 0.015, Vstar = 1e-6;
  Scenario request =
      runs::lawScenario("rate-state", {{"form", 0}}, {{"c", 1e4}, {"v0", v0}, {"duration", 20}});
  request.samples = 400;
  request.start = SpringBlockStart::Steady;
  request.kick = kick;
  const SimulationResult result = runs::scenario(request);
  CHECK(result.summary.integrator == Integrator::Radau);
  const double v = v0 * (1 + kick), N = result.summary.system.get("Fn");
  REQUIRE(rateStateCriticalStiffness(1, N, a, b, 1e-5, v) < 1e4);
  CHECK_THAT(result.trace.v.back(), Catch::Matchers::WithinRel(v, 1e-6));
  CHECK_THAT(result.trace.friction.back(),
             Catch::Matchers::WithinRel(N * (mu0 + (a - b) * std::log(v / Vstar)), 1e-6));
}

TEST_CASE("Rows between steps keep rsf's θ above 0 when θ relaxes far faster than the step", "[rsf][fuzz]") {
  // Dc1 = 1e-11 m at v ≈ 0.1 m/s: θ relaxes at v/Dc ~ 1e10 1/s, while Rosenbrock's steps last ~0.5 ms.
  // The step's polynomial between its ends took θ below 0 in 155 of 400 rows (the friction NaN there),
  // though every accepted step's θ is positive (the fuzz regression
  // rsf-dc-10pm-theta-rows-below-zero.json).
  Scenario request = runs::lawScenario("rsf", {{"a", 0.01}, {"b1", 0.6015}, {"Dc1", 1e-11}, {"Vstar", 1e-6}},
                                       {{"m", 5}, {"Fn", 1}});
  request.samples = 400;
  const SimulationResult result = runs::scenario(request);
  const Trace& trace = result.trace;
  REQUIRE(trace.size() == 400);
  for (std::size_t i = 0; i < trace.size(); ++i) {
    INFO("row " << i << ", t = " << trace.t[i]);
    REQUIRE(trace.state[0][i] > 0);
    REQUIRE(std::isfinite(trace.friction[i]));
    REQUIRE(std::isfinite(trace.fk[i]));
  }
  CHECK(result.summary.regime == Regime::StickSlip);
}
