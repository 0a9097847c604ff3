// The presets: scenarios a teacher or an engineer opens first.

#include "friction/presets.h"

#include <vector>

#include "friction/sweep.h"

namespace friction {

namespace {

// The seed models': the seed app as it opens, and the state-variable model's three regimes.
Preset seedDefaults() {
  return {"seed-defaults",
          "The seed app's defaults",
          "The Friction app as it opens: v/v0 jumps at each break-away, and θ ages back towards 1 while the "
          "block sticks.",
          "spring",
          "abbott-seed",
          {},
          {},
          "",
          {},
          {}};
}

Preset smoothSliding() {
  return {
      "smooth-sliding",
      "Smooth sliding",
      "A dashpot above the critical damping (η = 40 > √200 N·s/m): the start-up transient dies out and the "
      "friction settles at Fk + ΔF(1 − τv0/D) = 5 N.",
      "spring",
      "state-variable",
      {{"m", 1},
       {"Fn", 10},
       {"mus", 0.6},
       {"muk", 0.4},
       {"tau", 0.1},
       {"D", 0.01},
       {"c", 100},
       {"eta", 40},
       {"v0", 0.05},
       {"duration", 30}},
      {},
      "",
      {},
      {}};
}

Preset squeal() {
  return {"squeal",
          "Squeal",
          "Just below the critical damping (η = 12 < √200 N·s/m) steady sliding is unstable: the oscillation "
          "grows at about 6.4 rad/s until the block sticks.",
          "spring",
          "state-variable",
          {{"m", 1},
           {"Fn", 10},
           {"mus", 0.6},
           {"muk", 0.4},
           {"tau", 0.1},
           {"D", 0.01},
           {"c", 100},
           {"eta", 12},
           {"v0", 0.05},
           {"duration", 30}},
          {},
          "",
          {},
          {}};
}

Preset stickSlip() {
  return {"stick-slip",
          "Stick-slip",
          "The state-variable model's defaults: the block sticks while the spring loads, slips, and sticks "
          "again; the stuck intervals are shaded.",
          "spring",
          "state-variable",
          {},
          {},
          "",
          {},
          {}};
}

// Catalog laws on the spring-block: a closed-form limit cycle, creep, and rate-and-state stick-slip.
Preset coulombLimitCycle() {
  return {
      "coulomb-limit-cycle",
      "Coulomb limit cycle (closed form)",
      "Case C1 of physics-checks §1: stick 4 s, slip 1.0926 s; the Period readout should match the closed "
      "form shown beside it to the last digit.",
      "spring",
      "coulomb",
      {{"mu_s", 0.6}, {"mu_k", 0.4}},
      {{"m", 1}, {"c", 10}, {"eta", 0}, {"v0", 0.1}, {"Fn", 10}, {"duration", 30}},
      "auto",
      {},
      {{"period", coulombStickSlipPeriod(1, 10, 0.1, 6, 4)}}};
}

Preset stribeckCreep() {
  return {"stribeck-creep",
          "Creep under Stribeck",
          "Drake's Stribeck law has no true stick: while 'stuck' the block creeps at about the stiction "
          "tolerance (1e-4 m/s), then slips; Rosenbrock integrates the steep law.",
          "spring",
          "drake-stribeck",
          {},
          {{"duration", 5}},
          "auto",
          {},
          {}};
}

Preset rateStateStickSlip() {
  return {"rate-state-stick-slip",
          "Rate-and-state stick-slip",
          "The spring (100 N/m) is far softer than the critical stiffness N(b − a)/Dc ≈ 4900 N/m: each slip "
          "renews the state θ, which heals again while the block sticks.",
          "spring",
          "rate-state",
          {},
          {{"duration", 5}},
          "auto",
          {},
          {}};
}

// The rock-friction laboratory's protocols (issue 15): a velocity step, slide-hold-slide, and
// stick-slip below the critical stiffness.
Preset rsfVelocityStep() {
  return {"rsf-velocity-step",
          "Velocity step 1 → 10 µm/s (quasi-static slider)",
          "rsfmodel's example on the slider without inertia: friction jumps by the direct effect a·ln 10 = "
          "0.023, then decays over Dc to the new steady state μ0 + (a − b) ln(V/V*) = 0.61151.",
          "spring",
          "rsf",
          {{"a", 0.01}, {"b1", 0.005}, {"Dc1", 1e-5}, {"Vstar", 1e-6}, {"form", 0}},
          {{"m", 0}, {"Fn", 1}, {"c", 1e3}, {"duration", 40}},
          "auto",
          {},
          {{"muFinal", 0.6 + 0.005 * 2.302585092994046}},
          {{0, 1e-6}, {10, 1e-5}},
          true,
          {},
          false,
          4001};
}

Preset slideHoldSlide() {
  return {
      "slide-hold-slide",
      "Slide-hold-slide, holds of 1 to 1000 s",
      "The load point stops for 1, 10, 100 and 1000 s between 50 s slides at 10 µm/s: each reload peaks "
      "higher, the aging law's healing Δμ ≈ b·ln(1 + t_h·V/Dc), about b·ln 10 = 0.035 per decade of hold.",
      "spring",
      "rsf",
      {{"a", 0.01}, {"b1", 0.015}, {"Dc1", 1e-5}, {"Vstar", 1e-6}, {"form", 0}},
      {{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", 1361}},
      "auto",
      {},
      {},
      {},
      true,
      {{1, 10, 100, 1000}, 50, {}, {}, {}},
      true,
      4001};
}

Preset rsfStickSlip() {
  return {"rsf-stick-slip",
          "Stick-slip below the critical stiffness",
          "The spring (250 N/m) is half the critical stiffness Fn(b − a)/Dc = 500 N/m: a 1 % speed-up grows "
          "into stick-slip (with inertia, m = 1 g; without it the slider would run away).",
          "spring",
          "rsf",
          {{"a", 0.01}, {"b1", 0.015}, {"Dc1", 1e-5}, {"Vstar", 1e-6}},
          {{"m", 0.001}, {"Fn", 1}, {"c", 250}, {"duration", 60}},
          "auto",
          {},
          {},
          {{0, 1e-5}, {0.06, 1.01e-5}},
          true};
}

// The presliding view's: a force ramped below break-away.
Preset lugrePresliding() {
  return {"lugre-presliding",
          "LuGre presliding",
          "Canudas de Wit et al.'s Fig. 2: the force is ramped to ±0.95 Fs; the loop's ends drift during the "
          "holds, LuGre's known drift.",
          "presliding",
          "lugre",
          {},
          {},
          "",
          {},
          {}};
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

Scenario presetScenario(const Preset& preset) {
  Scenario scenario;
  scenario.law = std::string(preset.subject);
  scenario.params = preset.params;
  scenario.system = preset.system;
  if (!preset.driveSteps.empty()) scenario.system.emplace_back("v0", preset.driveSteps.front().value);
  scenario.integrator = preset.integrator.empty() ? "auto" : std::string(preset.integrator);
  scenario.driveSteps = preset.driveSteps;
  scenario.start = preset.steadyStart ? SpringBlockStart::Steady : SpringBlockStart::Rest;
  scenario.protocol = preset.lab;
  scenario.logGrid = preset.logGrid;
  if (preset.samples > 0) scenario.samples = preset.samples;
  return scenario;
}

bool runsModel(const Preset& preset) {
  for (const ModelSpec& model : modelCatalog())
    if (model.id == preset.subject) return true;
  return false;
}

}  // namespace friction
