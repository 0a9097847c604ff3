// One scenario, end to end (issue 26): the scenario reads back as itself from its written form, a run
// gives exactly the rows asked for on every grid, and a run's summary is read off its solution, not its
// rows: the same to 1e-9 for 2, 41, 401 and 4001 rows. The same sources run natively and in wasm.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;

namespace {

// Two written values agree: the same shape, strings and flags equal, numbers within `relative` of each
// other (or both null). `path` names where they differ.
void checkSameValue(const Value& a, const Value& b, double relative, const std::string& path) {
  INFO(path);
  REQUIRE(a.kind() == b.kind());
  switch (a.kind()) {
    case Value::Kind::Number:
      CHECK(std::fabs(a.number() - b.number()) <= relative * std::max(std::fabs(a.number()), 1e-300));
      return;
    case Value::Kind::String:
      CHECK(a.text() == b.text());
      return;
    case Value::Kind::Bool:
      CHECK(a.boolean() == b.boolean());
      return;
    case Value::Kind::List:
    case Value::Kind::Object:
      break;
    case Value::Kind::Null:
      return;
  }
  REQUIRE(a.items().size() == b.items().size());
  if (a.kind() == Value::Kind::Object) CHECK(a.keys() == b.keys());
  for (std::size_t i = 0; i < a.items().size(); ++i)
    checkSameValue(
        a.items()[i], b.items()[i], relative,
        path + (a.kind() == Value::Kind::Object ? "." + a.keys()[i] : "[" + std::to_string(i) + "]"));
}

const Preset& preset(std::string_view id) {
  for (const Preset& p : presetCatalog())
    if (p.id == id) return p;
  FAIL("no preset " << id);
  throw;
}

// The runs the issue names: LuGre with Canudas de Wit's Table I (the catalog's defaults) on m 1, c 2,
// v0 0.1; Drake's Stribeck law on the default system; case C1 (Coulomb, m 1, c 10, v0 0.1, Fn 10); the
// slide-hold-slide preset (the quasi-static slider on its log grid).
std::vector<std::pair<std::string, Scenario>> summaryCases() {
  Scenario lugre =
      runs::lawScenario("lugre", {}, {{"m", 1}, {"c", 2}, {"v0", 0.1}, {"Fn", 1}, {"duration", 40}});
  Scenario drake = runs::lawScenario("drake-stribeck");
  Scenario c1 = runs::lawScenario("coulomb", {{"mu_s", 0.6}, {"mu_k", 0.4}},
                                  {{"m", 1}, {"c", 10}, {"v0", 0.1}, {"Fn", 10}, {"duration", 30}});
  return {{"LuGre Table I", lugre},
          {"Drake's Stribeck", drake},
          {"C1", c1},
          {"slide-hold-slide", preset("slide-hold-slide").scenario}};
}

}  // namespace

TEST_CASE("A scenario reads back as itself from the engine's written form: every preset",
          "[scenario][writer]") {
  for (const Preset& p : presetCatalog()) {
    INFO(p.id);
    const Value written = scenarioValue(p.scenario);
    CHECK(readScenario(written) == p.scenario);
    // And writing what was read gives the same text: the one writer is stable.
    checkSameValue(scenarioValue(readScenario(written)), written, 0, "scenario");
  }
}

TEST_CASE("samples: N gives N rows on the uniform and the logarithmic grid", "[scenario][grid]") {
  for (const int samples : {2, 41, 401, 4001}) {
    INFO(samples << " rows");
    Scenario holds = preset("slide-hold-slide").scenario;
    holds.samples = samples;
    const Trace logGrid = run(RunSpec(holds)).trace;
    CHECK(logGrid.size() == static_cast<std::size_t>(samples));
    for (std::size_t i = 1; i < logGrid.size(); ++i) CHECK(logGrid.t[i] > logGrid.t[i - 1]);
    CHECK(logGrid.t.back() == 1361);
    Scenario c1 = summaryCases()[2].second;
    c1.samples = samples;
    CHECK(run(RunSpec(c1)).trace.size() == static_cast<std::size_t>(samples));
  }
}

TEST_CASE("A summary is read off the solution: the same to 1e-9 for 2, 41, 401 and 4001 rows",
          "[scenario][summary]") {
  for (const auto& [name, scenario] : summaryCases()) {
    INFO(name);
    Value reference;
    for (const int samples : {4001, 2, 41, 401}) {
      INFO(samples << " rows");
      Scenario rows = scenario;
      rows.samples = samples;
      const RunSpec spec(rows);
      const Value summary = summaryValue(spec, run(spec).summary);
      if (samples == 4001)
        reference = summary;
      else
        checkSameValue(summary, reference, 1e-9, "summary");
    }
  }
}

TEST_CASE("The settling regime: a velocity-strengthening slider relaxes to 1 µm/s after 1 → 10 → 1 µm/s",
          "[scenario][regime]") {
  // a > b: steady sliding is stable at every speed (Ruina 1983) and, at this stiffness, the linearised
  // slider's two modes are real (−0.114 and −0.586 1/s at 1 µm/s, from its Jacobian): v relaxes to the new
  // steady state turning at most once. Judged after the last step: settling, or steady
  // once settled; never an oscillation nor stick-slip.
  Scenario strengthening =
      runs::lawScenario("rsf", {{"a", 0.015}, {"b1", 0.01}, {"Dc1", 1e-5}, {"form", 0}},
                        {{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-6}, {"duration", 60}});
  strengthening.start = SpringBlockStart::Steady;
  strengthening.driveSteps = {{0, 1e-6}, {20, 1e-5}, {40, 1e-6}};
  const Summary settling = run(RunSpec(strengthening)).summary;
  CHECK(settling.regime == Regime::Settling);
  CHECK(settling.stickIntervals.size() <= 1);
  strengthening.system = {{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-6}, {"duration", 400}};
  CHECK(run(RunSpec(strengthening)).summary.regime == Regime::Steady);
}

TEST_CASE("A model's run tells its progress, rising to its end, and a caller's throw from it stops the run",
          "[scenario][progress]") {
  for (const char* model : {"abbott-seed", "state-variable"}) {
    INFO(model);
    Scenario scenario;
    scenario.model = model;
    // 100 s: 100 000 of the seed's 1 ms steps; the state-variable model's run takes thousands of steps.
    scenario.params = {{model == std::string("abbott-seed") ? "tmax" : "duration", 100}};
    std::vector<double> told;
    run(RunSpec(scenario), [&told](double fraction) { told.push_back(fraction); });
    REQUIRE(told.size() >= 2);
    CHECK(std::is_sorted(told.begin(), told.end()));
    CHECK(told.front() >= 0);
    CHECK(told.back() <= 1);
    CHECK(told.back() > 0.5);
    // A caller's stop (the fuzz harness's wall clock, a page's cancel) ends the run where it is told.
    struct Stop {};
    CHECK_THROWS_AS(run(RunSpec(scenario),
                        [](double fraction) {
                          if (fraction > 0.1) throw Stop{};
                        }),
                    Stop);
  }
}
