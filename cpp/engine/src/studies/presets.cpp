// The presets: scenarios a teacher or an engineer opens first.

#include "friction/presets.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "friction/constants.h"
#include "friction/sweep.h"

namespace friction {

namespace {

// A seed model's scenario.
Scenario modelScenario(std::string model, ParamList params = {}) {
  Scenario scenario;
  scenario.model = std::move(model);
  scenario.params = std::move(params);
  return scenario;
}

// A law's scenario on the spring-block (or, for the presliding view, the law and its values).
Scenario lawScenario(std::string law, ParamList params = {}, ParamList system = {}) {
  Scenario scenario;
  scenario.law = std::move(law);
  scenario.params = std::move(params);
  scenario.system = std::move(system);
  return scenario;
}

// Velocity steps of the drive, as the reader takes them: v0 a list whose first velocity the system's v0
// is, started steadily at that velocity.
Scenario steppedFromSteady(Scenario scenario, std::vector<Breakpoint> steps) {
  scenario.system.emplace_back("v0", steps.front().value);
  scenario.driveSteps = std::move(steps);
  scenario.start = SpringBlockStart::Steady;
  return scenario;
}

// The seed models': the seed app as it opens, and the state-variable model's three regimes.
Preset seedDefaults() {
  return {"seed-defaults", "The seed app's defaults",
          "The Friction app as it opens: v/v0 jumps at each break-away, and θ ages back towards 1 while the "
          "block sticks.",
          "spring", modelScenario("abbott-seed")};
}

Preset smoothSliding() {
  return {
      "smooth-sliding", "Smooth sliding",
      "A dashpot above the critical damping (η = 40 > √200 N·s/m): the start-up transient dies out and the "
      "friction settles at Fk + ΔF(1 − τv0/D) = 5 N.",
      "spring",
      modelScenario("state-variable", {{"m", 1},
                                       {"Fn", 10},
                                       {"mus", 0.6},
                                       {"muk", 0.4},
                                       {"tau", 0.1},
                                       {"D", 0.01},
                                       {"c", 100},
                                       {"eta", 40},
                                       {"v0", 0.05},
                                       {"duration", 30}})};
}

Preset squeal() {
  return {"squeal", "Squeal",
          "Just below the critical damping (η = 12 < √200 N·s/m) steady sliding is unstable: the oscillation "
          "grows at about 6.4 rad/s until the block sticks.",
          "spring",
          modelScenario("state-variable", {{"m", 1},
                                           {"Fn", 10},
                                           {"mus", 0.6},
                                           {"muk", 0.4},
                                           {"tau", 0.1},
                                           {"D", 0.01},
                                           {"c", 100},
                                           {"eta", 12},
                                           {"v0", 0.05},
                                           {"duration", 30}})};
}

Preset stickSlip() {
  return {"stick-slip", "Stick-slip",
          "The state-variable model's defaults: the block sticks while the spring loads, slips, and sticks "
          "again; the stuck intervals are shaded.",
          "spring", modelScenario("state-variable")};
}

// Catalog laws on the spring-block: a closed-form limit cycle, creep, and rate-and-state stick-slip.
Preset coulombLimitCycle() {
  return {
      "coulomb-limit-cycle",
      "Coulomb limit cycle (closed form)",
      "The closed-form case C1 of docs/validation.md: stick 4 s, slip 1.0926 s; the Period readout should "
      "match the closed form shown beside it to the last digit.",
      "spring",
      lawScenario("coulomb", {{"mu_s", 0.6}, {"mu_k", 0.4}},
                  {{"m", 1}, {"c", 10}, {"eta", 0}, {"v0", 0.1}, {"Fn", 10}, {"duration", 30}}),
      {},
      {{"period", coulombStickSlipPeriod(1, 10, 0.1, 6, 4)}}};
}

// The first friction lesson of a mechanics course: a block released from a stretched spring, the drive at
// rest. Coulomb friction of 1 N on a 10 N/m spring: each swing is 2F/c = 0.2 m shorter than the last, each
// half cycle lasts π/ω = π/√10 s, and from x0 = −0.95 m the turning points are 0.75, −0.55, 0.35, −0.15 and
// −0.05 m, where |c·x| = 0.5 N ≤ F holds the block: it rests after five half cycles.
Preset freeVibration() {
  const double halfCycle = kPi / std::sqrt(10.0);
  return {
      "free-vibration",
      "Free vibration with friction",
      "Released 0.95 m from the spring's relaxed length with the drive at rest: each swing is 2F/c = 0.2 m "
      "shorter than the last (a straight line, not a dashpot's exponential), each half cycle lasts π/ω = "
      "0.99 s, and after five the block rests at −0.05 m, where |c·x| ≤ F holds it.",
      "spring",
      lawScenario("coulomb", {{"mu_s", 0.1}, {"mu_k", 0.1}},
                  {{"m", 1}, {"c", 10}, {"eta", 0}, {"v0", 0}, {"x0", -0.95}, {"Fn", 10}, {"duration", 8}}),
      {},
      {{"restTime", 5 * halfCycle}, {"restPosition", -0.05}}};
}

Preset stribeckCreep() {
  return {"stribeck-creep", "Creep under Stribeck",
          "Drake's Stribeck law has no true stick: while 'stuck' the block creeps at about the stiction "
          "tolerance (1e-4 m/s), then slips; Rosenbrock integrates the steep law.",
          "spring", lawScenario("drake-stribeck", {}, {{"duration", 5}})};
}

Preset rateStateStickSlip() {
  return {"rate-state-stick-slip", "Rate-and-state stick-slip",
          "The spring (100 N/m) is far softer than the critical stiffness N(b − a)/Dc ≈ 4900 N/m: each slip "
          "renews the state θ, which heals again while the block sticks.",
          "spring", lawScenario("rate-state", {}, {{"duration", 5}})};
}

// The rock-friction laboratory's protocols (issue 15): a velocity step, slide-hold-slide, and
// stick-slip below the critical stiffness.
// rsfmodel's example: 1 → 10 µm/s at 10 s from steady sliding, 4001 rows.
Scenario rsfVelocityStepScenario() {
  Scenario scenario = steppedFromSteady(
      lawScenario("rsf", {{"a", 0.01}, {"b1", 0.005}, {"Dc1", 1e-5}, {"Vstar", 1e-6}, {"form", 0}},
                  {{"m", 0}, {"Fn", 1}, {"c", 1e3}, {"duration", 40}}),
      {{0, 1e-6}, {10, 1e-5}});
  scenario.samples = 4001;
  return scenario;
}

// Holds of 1, 10, 100 and 1000 s between 50 s slides at 10 µm/s, on the log grid, 4001 rows.
Scenario slideHoldSlideScenario() {
  Scenario scenario =
      lawScenario("rsf", {{"a", 0.01}, {"b1", 0.015}, {"Dc1", 1e-5}, {"Vstar", 1e-6}, {"form", 0}},
                  {{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", 1361}});
  scenario.start = SpringBlockStart::Steady;
  scenario.protocol.holds = {1, 10, 100, 1000};
  scenario.protocol.slide = 50;
  scenario.logGrid = true;
  scenario.samples = 4001;
  return scenario;
}

Preset rsfVelocityStep() {
  return {"rsf-velocity-step",
          "Velocity step 1 → 10 µm/s (quasi-static slider)",
          "rsfmodel's example on the slider without inertia: friction jumps by the direct effect a·ln 10 = "
          "0.023, then decays over Dc to the new steady state μ0 + (a − b) ln(V/V*) = 0.61151.",
          "spring",
          rsfVelocityStepScenario(),
          {},
          {{"muFinal", 0.6 + 0.005 * 2.302585092994046}}};
}

Preset slideHoldSlide() {
  return {
      "slide-hold-slide", "Slide-hold-slide, holds of 1 to 1000 s",
      "The load point stops for 1, 10, 100 and 1000 s between 50 s slides at 10 µm/s: each reload peaks "
      "higher, the aging law's healing Δμ ≈ b·ln(1 + t_h·V/Dc), about b·ln 10 = 0.035 per decade of hold.",
      "spring", slideHoldSlideScenario()};
}

Preset rsfStickSlip() {
  return {"rsf-stick-slip", "Stick-slip below the critical stiffness",
          "The spring (250 N/m) is half the critical stiffness Fn(b − a)/Dc = 500 N/m: a 1 % speed-up grows "
          "into stick-slip (with inertia, m = 1 g; without it the slider would run away).",
          "spring",
          steppedFromSteady(lawScenario("rsf", {{"a", 0.01}, {"b1", 0.015}, {"Dc1", 1e-5}, {"Vstar", 1e-6}},
                                        {{"m", 0.001}, {"Fn", 1}, {"c", 250}, {"duration", 60}}),
                            {{0, 1e-5}, {0.06, 1.01e-5}})};
}

// The presliding view's: a force ramped below break-away.
Preset lugrePresliding() {
  return {"lugre-presliding", "LuGre presliding",
          "Canudas de Wit et al.'s Fig. 2: the force is ramped to ±0.95 Fs; the loop's ends drift during the "
          "holds, LuGre's known drift.",
          "presliding", lawScenario("lugre")};
}

}  // namespace

const std::vector<Preset>& presetCatalog() {
  // In menu order.
  static const std::vector<Preset> presets = {
      // The seed models'.
      seedDefaults(),
      smoothSliding(),
      squeal(),
      stickSlip(),
      // Catalog laws on the spring-block.
      coulombLimitCycle(),
      freeVibration(),
      stribeckCreep(),
      rateStateStickSlip(),
      // The laboratory's protocols.
      rsfVelocityStep(),
      slideHoldSlide(),
      rsfStickSlip(),
      // The presliding view's.
      lugrePresliding(),
  };
  return presets;
}

}  // namespace friction
