#pragma once
// A law's run on the spring-block: the planned loop (system/run_plan.h), then the analysis of what it
// located (run_analysis.h), and what the run reports of itself (the method, steps, step size, resonance).

#include "friction/laws.h"
#include "friction/simulate.h"
#include "system/run_plan.h"

namespace friction {

/// Runs `plan` (planRun's for this law, system and settings) and analyses it. Throws RunStopped.
SimulationResult runSpringBlock(const LawEvaluator& law, const SpringBlockSystem& sys,
                                const RunSettings& settings, const RunPlan& plan);

/// The same, planned here (throws InputError naming the bare field where no loop can run it).
SimulationResult runSpringBlock(const LawEvaluator& law, const SpringBlockSystem& sys,
                                const RunSettings& settings);

}  // namespace friction
