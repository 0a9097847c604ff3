// The presets (friction/presets.h) run as they say.

#include <catch2/catch.hpp>

#include <set>

#include "friction/friction.h"
#include "support/analytic.h"

using namespace friction;
using Catch::Matchers::WithinRel;

namespace {

// Runs a spring-block preset through the same entry points the page uses.
Regime regimeOf(const Preset& preset, double* period = nullptr) {
  bool isModel = false;
  for (const ModelSpec& model : modelCatalog()) isModel |= model.id == preset.subject;
  if (isModel) return simulate({std::string(preset.subject), preset.params}).summary.regime;
  const LawSimulationResult run =
      simulateLaw({std::string(preset.subject), preset.params, preset.system, std::string(preset.integrator), 2000});
  if (period) *period = run.run.summary.period;
  return run.run.summary.regime;
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
    if (p.view == "presliding") CHECK_NOTHROW(simulatePresliding(p.subject, p.params, p.protocol, 201));
    else CHECK_NOTHROW(regimeOf(p));
  }
  CHECK(presetCatalog().front().id == "seed-defaults");
  CHECK(regimeOf(preset("smooth-sliding")) == Regime::Steady);
  CHECK(regimeOf(preset("stick-slip")) == Regime::StickSlip);
  CHECK(regimeOf(preset("rate-state-stick-slip")) == Regime::StickSlip);
  const Regime squeal = regimeOf(preset("squeal"));
  CHECK((squeal == Regime::Growing || squeal == Regime::StickSlip));
}

TEST_CASE("The Coulomb preset's closed form is case C1's period (physics-checks §1)", "[presets]") {
  const Preset& c1 = preset("coulomb-limit-cycle");
  REQUIRE(c1.expected.size() == 1);
  CHECK(c1.expected[0].first == "period");
  const double exact = analytic::coulombCycle(1, 10, 0.1, 6, 4).period;
  CHECK_THAT(c1.expected[0].second, WithinRel(exact, 1e-14));
  double simulated = 0;
  CHECK(regimeOf(c1, &simulated) == Regime::StickSlip);
  CHECK_THAT(simulated, WithinRel(exact, 1e-9));
}
