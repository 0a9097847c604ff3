#pragma once
// The quasi-static slider (m = 0): the spring-block without inertia, as rock and materials friction
// labs model their sample (rsfmodel, RSFit3000). The drive force balances the friction at every
// instant,
//
//   c (X_lp − x) + η (v_lp − v) = F(v, θ, N),
//
// which is solved for v at each evaluation, while the spring's stretch δ = X_lp − x and the law's state
// θ evolve: dδ/dt = v_lp − v, dθ/dt = the law's evolution. It is defined where F rises with v at a fixed
// state (rate-and-state with a > 0); η is radiation damping.

#include <string>

#include "friction/laws.h"
#include "friction/spring_block.h"
#include "system/drive.h"
#include "system/motion_watch.h"
#include "system/spring_block_system.h"

namespace friction {

/// Why `law` with these parameters cannot run on the quasi-static slider of `sys` (one or two
/// sentences naming the reason); empty if it can.
std::string quasiStaticRefusal(const LawEvaluator& law, const SpringBlockSystem& sys);

/// The fastest rate [1/s] of the slider's equations, at steady sliding at the fastest drive velocity (0 if
/// the drive never moves): what `auto` weighs against the run's length.
double quasiStaticStiffness(const LawEvaluator& law, const SpringBlockSystem& sys, const Drive& drive);

/// Runs the quasi-static slider with Dormand–Prince or Radau (`integrator`, not Auto), through the
/// drive's velocity steps (holds at v_lp = 0 included) and the normal-force steps. Throws RunStopped
/// where the slider's velocity diverges (an unstable slider without inertia has no bound on v).
LoopRun runQuasiStaticSlider(const LawEvaluator& law, const SpringBlockSystem& sys,
                             const RunSettings& options, const Drive& drive, Integrator integrator);

}  // namespace friction
