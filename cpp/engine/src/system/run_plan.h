#pragma once
// Which loop runs a law on the spring-block, with which method: the checks only a law on a given system
// can fail, made once when the run is specified, and the dispatch to the loop.

#include "friction/laws.h"
#include "system/drive.h"
#include "system/motion_watch.h"
#include "system/spring_block_system.h"

namespace friction {

/// Which loop runs a law on the system.
enum class Loop { SlipStick, QuasiStatic, SeedScheme, SteppedLaw };

struct RunPlan {
  Loop loop = Loop::SlipStick;
  Integrator integrator = Integrator::DormandPrince;  ///< the method that runs first (never Auto)
  bool automatic = false;    ///< `auto` may change method inside the run (the slip-stick loop)
  double stiffnessRate = 0;  ///< the slip's fastest rate [1/s] (`auto`'s costs)
};

/// The loop and method for this law on this system with these settings, refusing (InputError naming
/// the bare field: "m", "integrator", "v0", "start", "Fn", "eta", "duration") what none can run.
RunPlan planRun(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& settings);

/// Runs the plan. Throws RunStopped for a run that cannot complete.
LoopRun runPlan(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& settings,
                const RunPlan& plan, const Drive& drive);

}  // namespace friction
