// The presets (friction/presets.h) run as they say.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <variant>

#include "friction/friction.h"
#include "support/analytic.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// Runs a spring-block preset through the same entry points the page uses.
Regime regimeOf(const Preset& preset, double* period = nullptr) {
  const Summary summary = run(RunSpec(preset.scenario)).summary;
  if (period) *period = summary.period;
  return summary.regime;
}

const Preset& preset(std::string_view id) {
  for (const Preset& p : presetCatalog())
    if (p.id == id) return p;
  FAIL("no preset " << id);
  throw;
}

}  // namespace

TEST_CASE("Every preset runs, and each shows what its line says", "[presets]") {
  std::set<std::string_view> ids;
  for (const Preset& p : presetCatalog()) {
    INFO("preset " << p.id);
    CHECK(ids.insert(p.id).second);
    CHECK(!p.look.empty());
    if (p.view == "presliding")
      CHECK_NOTHROW(simulatePresliding(p.scenario.law, p.scenario.params, p.presliding, 201));
    else
      CHECK_NOTHROW(regimeOf(p));
  }
  CHECK(presetCatalog().front().id == "seed-defaults");
  CHECK(regimeOf(preset("smooth-sliding")) == Regime::Steady);
  CHECK(regimeOf(preset("stick-slip")) == Regime::StickSlip);
  CHECK(regimeOf(preset("rate-state-stick-slip")) == Regime::StickSlip);
  const Regime squeal = regimeOf(preset("squeal"));
  CHECK((squeal == Regime::Growing || squeal == Regime::StickSlip));
}

TEST_CASE("Free vibration with friction rests where its closed form says (Coulomb damping)", "[presets]") {
  // Turning points x_n = (−1)ⁿ(x0 + 2nF/c) for x0 < 0 every π/ω, resting at the first |c·x_n| ≤ F
  // (free_vibration_test.cpp derives it): −0.95 → 0.75, −0.55, 0.35, −0.15, −0.05 m with F/c = 0.1 m.
  const Preset& release = preset("free-vibration");
  const SimulationResult result = run(RunSpec(release.scenario));
  const double half = M_PI / std::sqrt(10.0);
  CHECK(result.summary.regime == Regime::AtRest);
  REQUIRE(!result.summary.stickIntervals.empty());
  CHECK_THAT(result.summary.stickIntervals.back().start, WithinRel(5 * half, 1e-9));
  CHECK_THAT(result.trace.x.back(), WithinAbs(-0.05, 1e-9));
  for (const auto& [key, value] : release.expected)
    CHECK_THAT(value, WithinRel(key == "restTime" ? 5 * half : -0.05, 1e-15));
}

TEST_CASE(
    "The research presets: the velocity step settles at μ0 + (a − b) ln 10, holds heal, stick-slip below k_c",
    "[presets][quasi-static]") {
  const Preset& step = preset("rsf-velocity-step");
  const SimulationResult stepRun = run(RunSpec(step.scenario));
  REQUIRE(step.expected.size() == 1);
  const double a = 0.01, b = 0.005;
  CHECK_THAT(step.expected[0].second, WithinRel(0.6 + (a - b) * std::log(10.0), 1e-15));
  CHECK(std::fabs(stepRun.trace.friction.back() - step.expected[0].second) <= 1e-8);
  // The direct effect: the peak exceeds the old steady state by nearly a·ln 10 (the stiffness 1e3 N/m lets
  // the state evolve while the spring loads, so less than the full jump).
  const double peak = *std::max_element(stepRun.trace.friction.begin(), stepRun.trace.friction.end());
  CHECK(peak - 0.6 > 0.5 * a * std::log(10.0));
  CHECK(peak - 0.6 < a * std::log(10.0));
  // Slide-hold-slide: each reload's peak exceeds the one before.
  const Preset& holds = preset("slide-hold-slide");
  const SimulationResult shs = run(RunSpec(holds.scenario));
  std::vector<double> peaks(4, 0.0);
  for (std::size_t i = 0; i < shs.trace.size(); ++i)
    for (std::size_t k = 0; k < 4; ++k) {
      double end = 0;
      for (std::size_t j = 0; j <= k; ++j) end += 50 + holds.scenario.protocol.holds[j];
      if (shs.trace.t[i] > end && shs.trace.t[i] < end + 50)
        peaks[k] = std::max(peaks[k], shs.trace.friction[i]);
    }
  for (std::size_t k = 1; k < 4; ++k) CHECK(peaks[k] > peaks[k - 1]);
  CHECK(regimeOf(preset("rsf-stick-slip")) == Regime::StickSlip);
}

TEST_CASE("The Coulomb preset's closed form is case C1's period", "[presets]") {
  const Preset& c1 = preset("coulomb-limit-cycle");
  REQUIRE(c1.expected.size() == 1);
  CHECK(c1.expected[0].first == "period");
  const double exact = analytic::coulombCycle(1, 10, 0.1, 6, 4).period;
  CHECK_THAT(c1.expected[0].second, WithinRel(exact, 1e-14));
  double simulated = 0;
  CHECK(regimeOf(c1, &simulated) == Regime::StickSlip);
  CHECK_THAT(simulated, WithinRel(exact, 1e-9));
}
