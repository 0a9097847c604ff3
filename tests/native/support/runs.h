#pragma once
// A law's run on the spring-block as the engine's loops take it (analysis/spring_block_run.h): the
// tests reach the settings a scenario does not offer (a fixed step, a start away from rest) through the
// engine's own run, as Box2D's tests reach its internals. A user asks for a run as a scenario
// (friction/scenario.h).

#include <string>
#include <string_view>
#include <utility>

#include "analysis/spring_block_run.h"
#include "friction/abbott_seed.h"
#include "friction/laws.h"
#include "friction/parameters.h"
#include "friction/scenario.h"

namespace runs {

/// The seed model's options that plot every one of its 1 ms steps (its own plot step is tmax/200).
inline friction::AbbottSeedOptions everySeedStep() {
  friction::AbbottSeedOptions options;
  options.plotStep = friction::kSeedTimeStep;
  return options;
}

using friction::ParamList;
using friction::RunSettings;
using friction::SimulationResult;
using friction::SpringBlockSystem;

/// Runs `law` with `params` on `sys` with `settings`, the drive's analysis referring to its last
/// velocity step as a scenario's run does. Throws InputError (bare fields) where no loop can run it.
inline SimulationResult simulate(std::string_view law, const ParamList& params, SpringBlockSystem sys,
                                 const RunSettings& settings = {}) {
  if (!sys.driveSteps.empty()) sys.v0 = sys.driveSteps.back().value;
  return friction::runSpringBlock(friction::LawEvaluator(law, params), sys, settings);
}

/// The settings a run of `law` gets by default (its tolerance: 1e-7 for a law that creeps at rest).
inline RunSettings defaults(std::string_view law, const ParamList& params = {}) {
  return friction::defaultSettings(friction::LawEvaluator(law, params));
}

}  // namespace runs

namespace runs {

/// Runs a seed model as its scenario ({model, params}) runs.
inline SimulationResult model(std::string id, ParamList params = {}) {
  friction::Scenario scenario;
  scenario.model = std::move(id);
  scenario.params = std::move(params);
  return friction::run(friction::RunSpec(std::move(scenario)));
}

/// A law's scenario on the spring-block with the given system (any subset of its keys).
inline friction::Scenario lawScenario(std::string law, ParamList params = {}, ParamList system = {}) {
  friction::Scenario scenario;
  scenario.law = std::move(law);
  scenario.params = std::move(params);
  scenario.system = std::move(system);
  return scenario;
}

/// The scenario with its model's or law's parameter `key` set to `value` (replacing a given one).
inline friction::Scenario withParam(friction::Scenario scenario, const std::string& key, double value) {
  for (auto entry = scenario.params.begin(); entry != scenario.params.end(); ++entry)
    if (entry->first == key) {
      scenario.params.erase(entry);
      break;
    }
  scenario.params.emplace_back(key, value);
  return scenario;
}

/// Runs a scenario as the engine's callers do (friction::run of its RunSpec).
inline SimulationResult scenario(friction::Scenario given) {
  return friction::run(friction::RunSpec(std::move(given)));
}

}  // namespace runs
