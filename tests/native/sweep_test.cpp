// Stability maps (friction/sweep.h) against the closed-form boundaries of physics-checks §2–§4.

#include <catch2/catch.hpp>

#include <cmath>

#include "friction/friction.h"

using namespace friction;
using Catch::Matchers::WithinRel;

TEST_CASE("The closed-form boundaries give physics-checks' values", "[sweep][analytic]") {
  // §3, case P1: η_c = √200 (here m + cτ² = ΔFτ²/D, so E_c = √(ΔF m/D)).
  CHECK_THAT(stateVariableCriticalDamping(1, 100, 2, 0.1, 0.01), WithinRel(std::sqrt(200.0), 1e-12));
  // §4 with inertia: N(b − a)/Dc · [1 + mV²/(NaDc)] = 5000 · 1.1 for the T10 case.
  CHECK_THAT(rateStateCriticalStiffness(0.1, 10, 0.01, 0.015, 1e-5, 1e-3), WithinRel(5500.0, 1e-12));
  // §2: OpenSees VelDependent, F = N(μf − (μf − μs)e^(−a v)): −F′(v0) = N(μs − μf) a e^(−a v0).
  const ParamList weakening = {{"muSlow", 0.2}, {"muFast", 0.1}, {"transRate", 10}};
  CHECK_THAT(criticalDashpot("opensees-veldependent", weakening, 10, 0.1), WithinRel(10 * std::exp(-1.0), 1e-8));
}

TEST_CASE("A velocity-weakening law's map agrees with η_c = −F′(v0) wherever a cell is 5 % away from it (§2)", "[sweep][analytic]") {
  // Steady sliding kicked by a 1 % speed-up: above η_c it settles (steady or decaying), below it the
  // oscillation grows into squeal and then stick-slip.
  const ParamList weakening = {{"muSlow", 0.2}, {"muFast", 0.1}, {"transRate", 10}};
  Scenario scenario;
  scenario.law = "opensees-veldependent";
  scenario.params = weakening;
  scenario.system = {{"m", 1}, {"c", 100}, {"Fn", 10}, {"duration", 20}};
  scenario.start = SpringBlockStart::Steady;
  scenario.kick = 0.01;
  scenario.samples = 4000;
  SweepAxis x{"system", "v0", 0.05, 0.3, 6, false};
  SweepAxis y{"system", "eta", 0.2, 8, 6, false};
  int checked = 0, above = 0, below = 0;
  for (int i = 0; i < x.count; ++i)
    for (int j = 0; j < y.count; ++j) {
      const SweepCell cell = sweepCell(scenario, x, y, i, j);
      REQUIRE(cell.error.empty());
      const double boundary = criticalDashpot(scenario.law, weakening, 10, cell.x);
      if (std::fabs(cell.y - boundary) < 0.05 * boundary) continue;
      INFO("v0 = " << cell.x << ", η = " << cell.y << " (η_c = " << boundary << "): regime " << regimeName(cell.regime)
                   << ", value " << cell.value);
      const bool stable = cell.regime == Regime::Steady || cell.regime == Regime::Decaying;
      const bool unstable = cell.regime == Regime::Growing || cell.regime == Regime::StickSlip;
      CHECK((cell.y > boundary ? stable : unstable));
      // A decaying cell's growth rate is σ = −(η + F′)/(2m) < 0.
      if (cell.regime == Regime::Decaying) CHECK(cell.value < 0);
      ++checked;
      (cell.y > boundary ? above : below)++;
    }
  CHECK(checked >= 30);
  CHECK(above >= 5);  // both sides of the boundary are on the map
  CHECK(below >= 5);
}

TEST_CASE("A map's request is checked field by field", "[sweep][validation]") {
  Scenario scenario;
  scenario.law = "coulomb";
  SweepAxis x{"system", "c", 1, 100, 4, true};
  SweepAxis y{"params", "mu_k", 0.1, 0.5, 4, false};
  CHECK_NOTHROW(checkSweep(scenario, x, y));
  auto fieldOf = [&](auto change) {
    Scenario s = scenario;
    SweepAxis a = x, b = y;
    change(s, a, b);
    try {
      checkSweep(s, a, b);
    } catch (const InputError& error) {
      return error.field();
    }
    return std::string("none");
  };
  CHECK(fieldOf([](Scenario& s, SweepAxis&, SweepAxis&) { s.law = "nope"; }) == "law");
  CHECK(fieldOf([](Scenario&, SweepAxis& a, SweepAxis&) { a.key = "mass"; }) == "x");
  CHECK(fieldOf([](Scenario&, SweepAxis& a, SweepAxis&) { a.count = 1; }) == "x");
  CHECK(fieldOf([](Scenario&, SweepAxis& a, SweepAxis&) { a.max = 1e9; }) == "x");
  CHECK(fieldOf([](Scenario&, SweepAxis&, SweepAxis& b) { b.target = "both"; }) == "y");
  CHECK(fieldOf([](Scenario&, SweepAxis&, SweepAxis& b) { b.target = "system", b.key = "c", b.min = 1, b.max = 2; }) == "y");
  CHECK_THROWS_WITH(checkSweep(scenario, x, {"params", "mu_k", 0.5, 0.1, 4, false}), Catch::Contains("smaller to a larger"));
}
