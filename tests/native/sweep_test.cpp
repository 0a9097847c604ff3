// Stability maps (friction/sweep.h) against their closed-form boundaries (docs/validation.md, "Stability
// maps").

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::WithinRel;

TEST_CASE("The closed-form boundaries give their values worked by hand", "[sweep][analytic]") {
  // The θ model, case P1: η_c = √200 (here m + cτ² = ΔFτ²/D, so E_c = √(ΔF m/D)).
  CHECK_THAT(stateVariableCriticalDamping(1, 100, 2, 0.1, 0.01), WithinRel(std::sqrt(200.0), 1e-12));
  // Rate-and-state with inertia: N(b − a)/Dc · [1 + mV²/(NaDc)] = 5000 · 1.1 for m = 0.1 kg, N = 10 N.
  CHECK_THAT(rateStateCriticalStiffness(0.1, 10, 0.01, 0.015, 1e-5, 1e-3), WithinRel(5500.0, 1e-12));
  // A static law, OpenSees VelDependent, F = N(μf − (μf − μs)e^(−a v)): −F′(v0) = N(μs − μf) a e^(−a v0).
  const ParamList weakening = {{"muSlow", 0.2}, {"muFast", 0.1}, {"transRate", 10}};
  CHECK_THAT(criticalDashpot("opensees-veldependent", weakening, 10, 0.1),
             WithinRel(10 * std::exp(-1.0), 1e-8));
}

TEST_CASE("A velocity-weakening law's map agrees with η_c = −F′(v0) wherever a cell is 5 % away from it",
          "[sweep][analytic]") {
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
      INFO("v0 = " << cell.x << ", η = " << cell.y << " (η_c = " << boundary << "): regime "
                   << regimeName(cell.regime) << ", value " << cell.value);
      const bool stable = cell.regime == Regime::Steady || cell.regime == Regime::Decaying;
      const bool unstable = cell.regime == Regime::Growing || cell.regime == Regime::StickSlip;
      CHECK((cell.y > boundary ? stable : unstable));
      // A decaying cell's growth rate is σ = −(η + F′)/(2m), F′ at the kicked drive speed v0(1 + kick).
      if (cell.regime == Regime::Decaying) {
        const double sigma = -(cell.y - criticalDashpot(scenario.law, weakening, 10, 1.01 * cell.x)) / 2;
        CHECK_THAT(cell.value, Catch::Matchers::WithinAbs(sigma, 1e-2 * std::fabs(sigma) + 1e-3));
      }
      // The engine's margin, which the page draws, says the same.
      Scenario run = scenario;
      run.system.emplace_back("v0", cell.x);
      run.system.emplace_back("eta", cell.y);
      CHECK((stabilityMargin(run).value > 0) == (cell.y > boundary));
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
  CHECK(fieldOf([](Scenario& s, SweepAxis&, SweepAxis&) { s.law = "nope"; }) == "scenario.law");
  CHECK(fieldOf([](Scenario&, SweepAxis& a, SweepAxis&) { a.key = "mass"; }) == "x.key");
  CHECK(fieldOf([](Scenario&, SweepAxis& a, SweepAxis&) { a.count = 1; }) == "x.count");
  CHECK(fieldOf([](Scenario&, SweepAxis& a, SweepAxis&) { a.max = 1e13; }) == "x.max");
  CHECK(fieldOf([](Scenario&, SweepAxis&, SweepAxis& b) { b.target = "both"; }) == "y.target");
  CHECK(fieldOf([](Scenario&, SweepAxis&, SweepAxis& b) {
          b.target = "system", b.key = "c", b.min = 1, b.max = 2;
        }) == "y.key");
  CHECK_THROWS_WITH(checkSweep(scenario, x, {"params", "mu_k", 0.5, 0.1, 4, false}),
                    Catch::Contains("smaller to a larger"));
  // A rule across the two axes (μk ≤ μs) fails in part of this map: there the boundary has no margin
  // (NaN) and a cell has an error, while the rest of the map runs and the boundary is drawn.
  Scenario coulomb;
  coulomb.law = "coulomb";
  coulomb.system = {{"m", 1}, {"c", 10}, {"Fn", 10}, {"eta", 1}, {"duration", 5}};
  const SweepAxis staticAxis{"params", "mu_s", 0.2, 0.8, 4, false},
      kineticAxis{"params", "mu_k", 0.1, 0.7, 4, false};
  CHECK_NOTHROW(checkSweep(coulomb, staticAxis, kineticAxis));
  const MarginGrid grid = stabilityMarginGrid(coulomb, staticAxis, kineticAxis, 16);
  REQUIRE(grid.first.known);
  int broken = 0, drawn = 0;
  for (double value : grid.values) (std::isnan(value) ? broken : drawn)++;
  CHECK(broken > 0);
  CHECK(drawn > 0);
  CHECK_FALSE(sweepCell(coulomb, staticAxis, kineticAxis, 0, 3).error.empty());  // μs 0.2, μk 0.7
  CHECK(sweepCell(coulomb, staticAxis, kineticAxis, 3, 0).error.empty());        // μs 0.8, μk 0.1
  // A kick perturbs steady sliding: a law run from rest, or a kick beyond ±0.5, is refused.
  CHECK(fieldOf([](Scenario& s, SweepAxis&, SweepAxis&) { s.kick = 0.01; }) == "scenario.kick");
  CHECK(fieldOf([](Scenario& s, SweepAxis&, SweepAxis&) {
          s.start = SpringBlockStart::Steady, s.kick = 0.6;
        }) == "scenario.kick");
  CHECK(fieldOf([](Scenario& s, SweepAxis&, SweepAxis&) {
          s.start = SpringBlockStart::Steady, s.kick = NAN;
        }) == "scenario.kick");
  CHECK(fieldOf([](Scenario& s, SweepAxis&, SweepAxis&) {
          s.start = SpringBlockStart::Steady, s.kick = 0.01;
        }) == "none");
}

namespace {

// Runs every cell of a map and checks it against a closed-form boundary along y: `boundaryY(x)` is
// the boundary's y at the cell's x, and cells above it must be stable (steady or decaying) when
// `stableAbove`, unstable (growing or stick-slip) otherwise. Cells within 5 % of it are skipped.
// Returns how many cells were checked on each side.
std::pair<int, int> checkMapAgainst(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y,
                                    const std::function<double(double)>& boundaryY, bool stableAbove) {
  int above = 0, below = 0;
  for (int i = 0; i < x.count; ++i)
    for (int j = 0; j < y.count; ++j) {
      const SweepCell cell = sweepCell(scenario, x, y, i, j);
      INFO(cell.error);
      REQUIRE(cell.error.empty());
      const double boundary = boundaryY(cell.x);
      if (std::fabs(cell.y - boundary) < 0.05 * boundary) continue;
      const bool isAbove = cell.y > boundary;
      INFO(x.key << " = " << cell.x << ", " << y.key << " = " << cell.y << " (boundary " << boundary
                 << "): regime " << regimeName(cell.regime) << ", value " << cell.value);
      const bool stable = cell.regime == Regime::Steady || cell.regime == Regime::Decaying;
      const bool unstable = cell.regime == Regime::Growing || cell.regime == Regime::StickSlip;
      CHECK((isAbove == stableAbove ? stable : unstable));
      // The margin's sign says the same (it is the closed form the page draws).
      const Scenario run = [&] {
        Scenario s = scenario;
        (x.target == "system" ? s.system : s.params).emplace_back(x.key, cell.x);
        (y.target == "system" ? s.system : s.params).emplace_back(y.key, cell.y);
        return s;
      }();
      CHECK((stabilityMargin(run).value > 0) == (isAbove == stableAbove));
      (isAbove ? above : below)++;
    }
  return {above, below};
}

}  // namespace

TEST_CASE("r*(ζ) of Coulomb with a dashpot: the closed-form slip's first minimum touches v = 0 there",
          "[sweep][analytic]") {
  CHECK(std::isinf(coulombDashpotCriticalRatio(0)));
  CHECK(coulombDashpotCriticalRatio(1) == 0);
  double previous = INFINITY;
  for (const double zeta : {0.05, 0.1, 0.2, 0.4, 0.7, 0.95}) {
    const double rStar = coulombDashpotCriticalRatio(zeta);
    REQUIRE(rStar > 0);
    CHECK(rStar < previous);  // more damping, less overshoot: stick-slip stops at a slower drive
    previous = rStar;
    // At r*, the slip p(t)/v0 = e^(−ζτ)[−cos ωdτ + ((1/r − ζ)/ωd) sin ωdτ] has its first minimum at −1;
    // sampled finely, independently of the engine's phase formula.
    const double wd = std::sqrt(1 - zeta * zeta);
    double lowest = INFINITY;
    bool rising = false, passedMaximum = false;
    double last = -1;
    for (int k = 1; k < 2000000; ++k) {
      const double t = k * 1e-5;
      const double p =
          std::exp(-zeta * t) * (-std::cos(wd * t) + ((1 / rStar - zeta) / wd) * std::sin(wd * t));
      if (p > last) rising = true;
      if (rising && p < last) passedMaximum = true;
      if (passedMaximum && p > last) break;  // past the first minimum
      if (passedMaximum) lowest = std::min(lowest, p);
      last = p;
    }
    CHECK_THAT(lowest, Catch::Matchers::WithinAbs(-1.0, 1e-8));
  }
}

TEST_CASE("Coulomb with a dashpot from rest: the map's stick-slip ends at r = r*(ζ)", "[sweep][analytic]") {
  // m = 1, c = 10, ΔF = 10·(0.6 − 0.4) = 2: r = v0√10/2 and ζ = η/(2√10).
  Scenario scenario;
  scenario.law = "coulomb";
  scenario.params = {{"mu_s", 0.6}, {"mu_k", 0.4}};
  scenario.system = {{"m", 1}, {"c", 10}, {"Fn", 10}, {"duration", 40}};
  scenario.samples = 4000;
  const SweepAxis x{"system", "eta", 0.3, 5, 8, false};
  const SweepAxis y{"system", "v0", 0.1, 3, 8, true};
  const auto [above, below] = checkMapAgainst(
      scenario, x, y,
      [](double eta) {
        return coulombDashpotCriticalRatio(eta / (2 * std::sqrt(10.0))) * 2 / std::sqrt(10.0);
      },
      true);
  CHECK(above >= 8);
  CHECK(below >= 8);
}

TEST_CASE("The seed model's map agrees with the θ model's critical damping E_c", "[sweep][analytic][seed]") {
  // Seed units (docs/reference/models.md): τ = 100 steps = 0.1 s, D = 50 → 0.05 m; N = 1 is mass and
  // load, ΔF = 0.2 N.
  // Steady sliding exists (v0 = 0.1 < D/τ = 0.5), and from rest the block either keeps its stick-slip
  // (η < E_c) or settles (η > E_c).
  Scenario scenario;
  scenario.model = "abbott-seed";
  scenario.params = {{"mus", 0.6}, {"muk", 0.4}, {"N", 1},    {"tau", 100},
                     {"D", 50},    {"v0", 0.1},  {"tmax", 60}};
  const SweepAxis x{"params", "c", 2, 40, 8, false};
  const SweepAxis y{"params", "eta", 0.05, 1.2, 10, false};
  const auto [above, below] = checkMapAgainst(
      scenario, x, y, [](double c) { return stateVariableCriticalDamping(1, c, 0.2, 0.1, 0.05); }, true);
  CHECK(above >= 10);
  CHECK(below >= 10);
}

TEST_CASE("Rate-and-state's map agrees with the critical stiffness k_c = N(b − a)/Dc·[1 + mV²/(NaDc)]",
          "[sweep][analytic][rate-state]") {
  // m = 0.1, N = 10, a = 0.01, Dc = 2e-5, V = 1e-3: k_c = (b − a)·5e5·1.05 N/m; stable above it.
  Scenario scenario;
  scenario.law = "rate-state";
  scenario.params = {{"mu0", 0.6}, {"a", 0.01}, {"Vstar", 1e-6}, {"Dc", 2e-5}};
  scenario.system = {{"m", 0.1}, {"Fn", 10}, {"v0", 1e-3}, {"eta", 0}, {"duration", 2}};
  scenario.start = SpringBlockStart::Steady;
  scenario.kick = 1e-3;
  scenario.samples = 8000;
  const SweepAxis x{"params", "b", 0.012, 0.02, 5, false};
  const SweepAxis y{"system", "c", 500, 10000, 6, true};
  const auto [above, below] = checkMapAgainst(
      scenario, x, y, [](double b) { return rateStateCriticalStiffness(0.1, 10, 0.01, b, 2e-5, 1e-3); },
      true);
  CHECK(above >= 5);
  CHECK(below >= 5);
}

TEST_CASE("A map cell and the run it opens are judged alike: a decaying oscillation is never called squeal",
          "[sweep][regime]") {
  // Issue 14: a cell said "decaying, growth −0.17 1/s" while the run it opened said "oscillation
  // (squeal)". Both now come from one classifier; over maps of a law (steady start, kicked) and of the
  // seed model, every cell's regime and growth rate must be its run's, and the sign of the growth rate
  // must agree with the regime's name.
  auto compare = [](const Scenario& scenario, const SweepAxis& x, const SweepAxis& y) {
    int oscillating = 0;
    for (int i = 0; i < x.count; ++i)
      for (int j = 0; j < y.count; ++j) {
        const SweepCell cell = sweepCell(scenario, x, y, i, j);
        REQUIRE(cell.error.empty());
        Regime regime;
        double growth;
        if (!scenario.model.empty()) {
          ParamList params = scenario.params;
          params.emplace_back(x.key, cell.x);
          params.emplace_back(y.key, cell.y);
          const SimulationResult run = runs::model(scenario.model, params);
          regime = run.summary.regime;
          growth = run.summary.growthRate;
        } else {
          ParamList system = scenario.system;
          system.emplace_back(x.key, cell.x);
          system.emplace_back(y.key, cell.y);
          Scenario request = scenario;
          request.system = system;
          const SimulationResult cellRun = runs::scenario(request);
          regime = cellRun.summary.regime;
          growth = cellRun.summary.growthRate;
        }
        INFO(x.key << " = " << cell.x << ", " << y.key << " = " << cell.y << ": cell "
                   << regimeName(cell.regime) << " " << cell.value << ", run " << regimeName(regime) << " "
                   << growth);
        CHECK(cell.regime == regime);
        if (regime == Regime::Growing || regime == Regime::Decaying || regime == Regime::Oscillation) {
          CHECK(cell.value == (std::isfinite(growth) ? growth : 0.0));
          ++oscillating;
        }
        if (regime == Regime::Growing) CHECK(growth > 0);
        if (regime == Regime::Decaying) CHECK(growth < 0);
      }
    return oscillating;
  };
  Scenario law;
  law.law = "opensees-veldependent";
  law.params = {{"muSlow", 0.2}, {"muFast", 0.1}, {"transRate", 10}};
  law.system = {{"m", 1}, {"c", 100}, {"Fn", 10}, {"duration", 20}};
  law.start = SpringBlockStart::Steady;
  law.kick = 0.01;
  law.samples = 4000;
  CHECK(compare(law, {"system", "v0", 0.05, 0.3, 3, false}, {"system", "eta", 0.2, 8, 4, false}) > 0);
  Scenario seed;
  seed.model = "abbott-seed";
  seed.params = {{"tau", 100}, {"D", 50}, {"tmax", 30}};
  CHECK(compare(seed, {"params", "c", 2, 40, 3, false}, {"params", "eta", 0.05, 1.2, 3, false}) > 0);
}
