// The one work budget of every run (system/work_budget.h): a run whose pace would take it beyond the
// work one run may do stops with the time, the trace so far, what makes it costly and what to change;
// the duration it names fits; a map stops such a cell alone and marks it. Budgets are counted in
// weighted steps, so these stops are the same on every machine (and in wasm, where these tests also
// run); nothing here is timed.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "friction/friction.h"
#include "support/runs.h"
#include "system/work_budget.h"

using namespace friction;
using Catch::Matchers::WithinRel;

namespace {

// The issue's map (a ten-minute fuzz run found it): rsf with Dc = 0.1 nm on the quasi-static slider, whose
// every slip resolves the state's rate v/Dc ≈ 2e8 1/s, 1 500 times over 1361 s.
Scenario issueCell(double mu0, double eta) {
  Scenario scenario = runs::lawScenario(
      "rsf", {{"a", 0.01}, {"b1", 0.015}, {"Dc1", 1e-10}, {"Vstar", 1e-6}, {"form", 0}, {"mu0", mu0}},
      {{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", 1361}, {"eta", eta}});
  scenario.start = SpringBlockStart::Steady;
  scenario.kick = 0.01;
  scenario.samples = 400;
  return scenario;
}

// The number after `label` in a message ("Shorten the duration to about 98 s" → 98).
double numberAfter(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  if (at == std::string::npos) return NAN;
  return std::stod(text.substr(at + label.size()));
}

// What every stop by the budget carries: the time, inside the run; the trace up to there; the reason.
void checkStop(const RunStopped& stop, double duration) {
  const std::string what = stop.what();
  INFO(what);
  CHECK((stop.time() > 0 && stop.time() < duration));
  CHECK_THAT(what, Catch::Contains("stopped at t = ") && Catch::Contains("work budget") &&
                       Catch::Contains("Shorten the duration"));
  // The rows up to the stop (the first at t = 0; a stop before the second row leaves one).
  const Trace& partial = stop.partial();
  REQUIRE(partial.size() >= 1);
  CHECK(partial.t.front() == 0);
  CHECK(partial.t.back() <= stop.time());
}

// Runs a law's run that must stop by its budget, and returns the stop's message after checking it.
std::string stopOf(std::string_view law, const ParamList& params, const SpringBlockSystem& sys,
                   const RunSettings& settings) {
  try {
    runs::simulate(law, params, sys, settings);
  } catch (const RunStopped& stop) {
    checkStop(stop, sys.duration);
    return stop.what();
  }
  FAIL("the run should have stopped at its work budget");
  return "";
}

}  // namespace

TEST_CASE(
    "A run projected far beyond its work budget stops early, with the duration the budget carries, which "
    "then runs to its end",
    "[budget]") {
  // Case C1 (Coulomb, m 1 kg, c 10 N/m, v0 0.1 m/s, Fn 10 N): stick-slip at a steady pace, with the
  // event-driven loop (Dormand–Prince) and the seed's fixed-step scheme; 10⁴ s would take 1 400 and
  // 100 times a small budget of 5·10⁴ units. Each stops at an eighth of it, naming a duration that fits;
  // that duration runs to its end on the same budget.
  const ParamList coulomb = {{"mu_s", 0.6}, {"mu_k", 0.4}};
  for (Integrator method : {Integrator::DormandPrince, Integrator::SeedEuler}) {
    CAPTURE(std::string(integratorId(method)));
    RunSettings settings;
    settings.integrator = method;
    settings.workBudget = 5e4;
    settings.samples = 201;
    SpringBlockSystem sys{1, 10, 0, 0.1, 10, 1e4};
    const std::string what = stopOf("coulomb", coulomb, sys, settings);
    const double fits = numberAfter(what, "Shorten the duration to about ");
    REQUIRE(fits > 0);
    CHECK(fits < 1e4);
    sys.duration = fits;
    CHECK_NOTHROW(runs::simulate("coulomb", coulomb, sys, settings));
  }
}

TEST_CASE("Every loop stops at its work budget: slip-stick, quasi-static, the seed's scheme, a stepped law",
          "[budget]") {
  RunSettings small;
  small.workBudget = 2e4;
  small.samples = 201;
  SECTION("the event-driven loop names the slip's fastest rate and the events") {
    // LuGre's bristles (σ0 = 1e5 N/m on 1 kg) over 10⁴ s of stick-slip at c = 3 N/m.
    const std::string what = stopOf("lugre", {}, {1, 3, 0, 0.1, 1, 1e4}, small);
    CHECK_THAT(what, Catch::Contains("fastest rate") && Catch::Contains("events"));
    // The budget in time in proportion to the default's 1.5 s: 2e4 of 1.5e6 units is 0.02 s.
    CHECK_THAT(what, Catch::Contains("about 0.02 s of computing"));
  }
  SECTION("the quasi-static slider names its slips") {
    RunSettings settings = small;
    settings.relativeTolerance = 1e-10;
    // Steady sliding, kicked by 1 % of v0 at 1.361 s (a scenario's kick), into stick-slip.
    SpringBlockSystem sys{0, 1e4, 5, 1e-5, 1, 1361, {{0, 1e-5}, {1.361, 1.01e-5}}};
    sys.start = SpringBlockStart::Steady;
    const std::string what = stopOf(
        "rsf", {{"a", 0.01}, {"b1", 0.015}, {"Dc1", 1e-10}, {"Vstar", 1e-6}, {"form", 0}}, sys, settings);
    CHECK_THAT(what, Catch::Contains("v peaked") && Catch::Contains("v/Dc"));
  }
  SECTION("the seed's scheme, 1 ms at a time") {
    RunSettings settings = small;
    settings.integrator = Integrator::SeedEuler;
    const std::string what = stopOf("coulomb", {}, {1, 10, 0, 0.1, 10, 1e5}, settings);
    CHECK_THAT(what, Catch::Contains("1 ms") && Catch::Contains("'auto'"));
  }
  SECTION("a law stepped with its memory (Radioss Iform 2)") {
    RunSettings settings = small;
    settings.integrator = Integrator::SemiImplicitEuler;
    const std::string what = stopOf("radioss-coulomb", {{"Iform", 2}}, {1, 10, 0, 0.1, 10, 1e5}, settings);
    CHECK_THAT(what, Catch::Contains("contact stiffness"));
  }
}

TEST_CASE("The issue's map cell stops early and names the state's rate v/Dc at its peak speed", "[budget]") {
  // The cell (μ0 0, η 5) took 14.4 s natively and 1.2 million Radau steps. Its slips recur every 0.9 s at
  // a pace that projects the run far beyond the budget: it stops at an eighth of it, within its first
  // sixteenth of the duration, and names the state's relaxation rate at the peak speed, v/Dc.
  try {
    run(RunSpec(issueCell(0, 5)));
    FAIL("the cell should have stopped");
  } catch (const RunStopped& stop) {
    checkStop(stop, 1361);
    CHECK(stop.time() < 1361.0 / 16);
    const std::string what = stop.what();
    const double peak = numberAfter(what, "at the peak speed, "), rate = numberAfter(what, "relaxes at ");
    // The message rounds both to three digits.
    CHECK_THAT(rate / peak, WithinRel(1 / 1e-10, 2e-2));
  }
}

TEST_CASE("A map stops the cells that would take too long, alone, and marks them; the others run",
          "[budget][sweep]") {
  // The issue's map over Dc instead of μ0: at Dc = 0.1 nm the slips cost the run far beyond its budget, at
  // 10 µm they are gentle and the run ends (stick-slip, its amplitude measured).
  Scenario scenario = issueCell(0.6, 5);
  scenario.params.erase(std::remove_if(scenario.params.begin(), scenario.params.end(),
                                       [](const auto& p) { return p.first == "Dc1"; }),
                        scenario.params.end());
  scenario.system = {{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", 200}, {"eta", 5}};
  SweepAxis x;
  x.key = "Dc1";
  x.min = 1e-10;
  x.max = 1e-5;
  x.count = 2;
  x.logarithmic = true;
  SweepAxis y;
  y.target = "system";
  y.key = "c";
  y.min = 1e4;
  y.max = 2e4;
  y.count = 2;
  for (int j = 0; j < 2; ++j) {
    const SweepCell costly = sweepCell(scenario, x, y, 0, j), gentle = sweepCell(scenario, x, y, 1, j);
    INFO(costly.error);
    CHECK(costly.stopped);
    CHECK((costly.stoppedAt > 0 && costly.stoppedAt < 200));
    CHECK(std::isnan(costly.value));
    CHECK(sweepCellRegime(costly) == "stopped");
    const Value written = sweepCellValue(costly);
    CHECK(written.find("regime")->kind() == Value::Kind::Null);
    CHECK(written.find("value")->kind() == Value::Kind::Null);
    CHECK(written.find("stopped")->kind() == Value::Kind::Bool);
    INFO(gentle.error);
    CHECK_FALSE(gentle.stopped);
    CHECK(gentle.error.empty());
    CHECK(sweepCellRegime(gentle) == regimeName(gentle.regime));
  }
}

TEST_CASE("The state's relaxation rate the stops name: v/Dc for rate-and-state, σ0|v|/g(v) for LuGre",
          "[budget][analytic]") {
  // Aging law dθ/dt = 1 − vθ/Dc and slip law dθ/dt = −(vθ/Dc) ln(vθ/Dc): at the steady state θ = Dc/v
  // both relax at ∂(dθ/dt)/∂θ = −v/Dc (Ruina 1983).
  for (int evolution : {0, 1}) {
    const LawEvaluator rsf("rsf", {{"Dc1", 2e-5}, {"evolution", evolution}});
    CHECK_THAT(stateRelaxationRate(rsf, 1e-3, 1), WithinRel(1e-3 / 2e-5, 1e-5));
  }
  // LuGre dz/dt = v − σ0|v|z/g(v), g(v) = Fc + (Fs − Fc) e^(−(v/vs)²): it relaxes at σ0|v|/g(v).
  const LawEvaluator lugre("lugre", {});
  const double v = 2e-3, g = 1 + 0.5 * std::exp(-(v / 1e-3) * (v / 1e-3));
  CHECK_THAT(stateRelaxationRate(lugre, v, 1), WithinRel(1e5 * v / g, 1e-5));
  // No state, no rate.
  CHECK(stateRelaxationRate(LawEvaluator("coulomb", {}), 0.1, 1) == 0);
}
