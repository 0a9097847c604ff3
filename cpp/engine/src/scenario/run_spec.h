#pragma once
// What a RunSpec resolves a scenario into (friction/scenario.h): the run layer's view of it.

#include <optional>

#include "friction/scenario.h"
#include "system/run_plan.h"

namespace friction {

struct RunSpec::Resolved {
  ResolvedParams params;  ///< the model's or the law's parameters, defaults filled in
  // A law on the spring-block (not a model):
  std::optional<LawEvaluator> law;
  ResolvedParams system;          ///< the system's parameters, defaults filled in
  SpringBlockSystem springBlock;  ///< with the drive's velocity steps (holds, table, kick) and normal steps
  RunSettings settings;           ///< the grid and the tolerances (the progress hook is the run's)
  RunPlan plan;                   ///< the loop and the method
};

}  // namespace friction
