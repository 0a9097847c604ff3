// What removes stick-slip (issue 28, "why it sticks"): steadySliding follows the closed-form margin the
// stability map draws along each parameter it reads, to the boundary. Checked against the boundaries'
// own closed forms (docs/validation.md: the θ model, the spring-block and the stability maps).

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::WithinRel;

namespace {

const SlidingChange* changeOf(const SteadySliding& found, const std::string& key) {
  for (const SlidingChange& change : found.changes)
    if (change.key == key) return &change;
  return nullptr;
}

bool slidesSteadily(const Scenario& scenario) {
  const Regime regime = runs::scenario(scenario).summary.regime;
  return regime == Regime::Steady || regime == Regime::Decaying || regime == Regime::Settling;
}

Scenario thetaScenario(double eta) {
  Scenario scenario;
  scenario.model = "state-variable";
  scenario.params = {{"m", 1},    {"Fn", 10}, {"mus", 0.6}, {"muk", 0.4}, {"tau", 0.1},
                     {"D", 0.01}, {"c", 100}, {"eta", eta}, {"v0", 0.05}, {"duration", 30}};
  return scenario;
}

}  // namespace

TEST_CASE("The θ model slides steadily past η_c = √(ΔF m/D) or at v0 ≥ D/τ (case P1)",
          "[steady-sliding][analytic]") {
  // P1: m + cτ² = ΔFτ²/D, so the critical damping is √(ΔF m/D) = √200 N·s/m.
  const SteadySliding squeal = steadySliding(thetaScenario(12));
  REQUIRE(squeal.known);
  CHECK_FALSE(squeal.steady);
  const SlidingChange* eta = changeOf(squeal, "eta");
  REQUIRE(eta != nullptr);
  CHECK(eta->target == "params");
  CHECK_THAT(eta->boundary, WithinRel(std::sqrt(200.0), 1e-9));
  CHECK(eta->value > eta->boundary);
  CHECK(eta->current == 12);
  // Past D/τ = 0.1 m/s the state stays at 0: plain kinetic friction, stable with any η > 0.
  const SlidingChange* v0 = changeOf(squeal, "v0");
  REQUIRE(v0 != nullptr);
  CHECK_THAT(v0->boundary, WithinRel(0.1, 1e-9));
  // The value offered gives steady sliding in the closed form, and the run settles.
  const Scenario fixed = thetaScenario(eta->value);
  CHECK(stabilityMargin(fixed).value > 0);
  CHECK(slidesSteadily(fixed));
  // Already steady: nothing to change.
  const SteadySliding smooth = steadySliding(thetaScenario(40));
  CHECK(smooth.steady);
  CHECK(smooth.slides);
  CHECK(smooth.changes.empty());
}

TEST_CASE(
    "The seed app's defaults: steady sliding is neutral in the closed form, yet from rest the block "
    "sticks and slips until damping or a rising kinetic friction takes over",
    "[steady-sliding]") {
  // v0 = 0.1 m/s is past D/τ (0.001·D over 0.001·τ in the seed's units): θ stays renewed in steady
  // sliding, which the closed form finds neutral (margin 0: E = η = 0), but the run sticks and slips.
  Scenario seed;
  seed.model = "abbott-seed";
  const SteadySliding found = steadySliding(seed);
  REQUIRE(found.known);
  CHECK(found.margin == 0);
  CHECK_FALSE(found.slides);
  for (const char* key : {"eta", "va"}) {
    INFO(key);
    const SlidingChange* change = changeOf(found, key);
    REQUIRE(change != nullptr);
    CHECK(change->value > 0);
    CHECK(change->boundary == 0);  // the closed form's boundary: the current value, where it is neutral
    CHECK(slidesSteadily(runs::withParam(seed, key, change->value)));
    // The nearest: four fifths of it still sticks and slips.
    CHECK_FALSE(slidesSteadily(runs::withParam(seed, key, 0.8 * change->value)));
  }
}

TEST_CASE("Rate-and-state slides steadily above k_c = N(b − a)/Dc·[1 + mV²/(N a Dc)] (Rice & Ruina)",
          "[steady-sliding][analytic]") {
  // Steady sliding, kicked by 1 % as a map's cells are, so that instability shows in the runs.
  Scenario scenario = runs::lawScenario("rate-state", {}, {{"c", 100}, {"duration", 5}});
  scenario.start = SpringBlockStart::Steady;
  scenario.kick = 0.01;
  const SteadySliding found = steadySliding(scenario);
  REQUIRE(found.known);
  const SlidingChange* c = changeOf(found, "c");
  REQUIRE(c != nullptr);
  CHECK(c->target == "system");
  const ResolvedParams law = LawEvaluator("rate-state", {}).resolved();
  const ResolvedParams system = resolveParams(springBlockSystemModel(), scenario.system);
  const double critical = rateStateCriticalStiffness(system.get("m"), system.get("Fn"), law.get("a"),
                                                     law.get("b"), law.get("Dc"), system.get("v0"));
  CHECK_THAT(c->boundary, WithinRel(critical, 1e-9));
  CHECK(c->value > critical);
  Scenario stiffer = scenario;
  stiffer.system.emplace_back("c", c->value);
  stiffer.system.erase(stiffer.system.begin());  // the given c of 100 N/m
  CHECK(slidesSteadily(stiffer));
}

TEST_CASE("A velocity-weakening law slides steadily with η above −dF/dv(v0)", "[steady-sliding][analytic]") {
  // OpenSees's velocity-dependent law: F′(v0) = −N (μslow − μfast) a e^{−a v0} = −10·0.1·10·e^{−1} N·s/m.
  Scenario scenario =
      runs::lawScenario("opensees-veldependent", {{"muSlow", 0.3}, {"muFast", 0.2}, {"transRate", 10}},
                        {{"c", 100}, {"Fn", 10}, {"v0", 0.1}, {"eta", 1}});
  scenario.start = SpringBlockStart::Steady;
  scenario.kick = 0.01;
  const SteadySliding found = steadySliding(scenario);
  const SlidingChange* eta = changeOf(found, "eta");
  REQUIRE(eta != nullptr);
  CHECK_THAT(eta->boundary, WithinRel(10 * 0.1 * 10 * std::exp(-1.0), 1e-6));  // central differences
}

TEST_CASE("Coulomb with a dashpot from rest slides on once r = v0√(cm)/ΔF passes r*(ζ)",
          "[steady-sliding][analytic]") {
  const Scenario scenario = runs::lawScenario("coulomb", {{"mu_s", 0.6}, {"mu_k", 0.4}},
                                              {{"m", 1}, {"c", 10}, {"eta", 0}, {"v0", 0.1}, {"Fn", 10}});
  const SteadySliding found = steadySliding(scenario);
  REQUIRE(found.known);
  const SlidingChange* eta = changeOf(found, "eta");
  REQUIRE(eta != nullptr);
  // At the boundary the ratio equals its critical value: r = r*(ζ), ζ = η/(2√(cm)).
  const double r = 0.1 * std::sqrt(10.0) / 2.0;
  CHECK_THAT(coulombDashpotCriticalRatio(eta->boundary / (2 * std::sqrt(10.0))), WithinRel(r, 1e-6));
  // With the drive at rest nothing slides steadily: no closed form to follow.
  const SteadySliding released = steadySliding(runs::lawScenario("coulomb", {}, {{"v0", 0}, {"x0", 0.5}}));
  CHECK_FALSE(released.known);
  CHECK(released.changes.empty());
}
