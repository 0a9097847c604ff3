#pragma once
// The event-driven loop of the driven spring-block: stick phases solved exactly, slip integrated by
// the chosen adaptive or fixed-step method, break-away, re-stick, reversal and extrema located inside
// the step, and one recorder for the trace, the extrema and the energy books.

#include "friction/laws.h"
#include "friction/spring_block.h"
#include "system/motion_watch.h"
#include "system/spring_block_system.h"

namespace friction {

/// The stiff method `auto` uses for this law: Radau IIA, except for a dynamic law with a true stick
/// state (the θ model), whose state is held at a bound where its rate jumps (θ = 0): Radau's Newton
/// iteration on stages that straddle the jump converges to the tolerance only slowly (switch times 3e-6
/// off at 1e-9), while Rosenbrock and Dormand–Prince, whose stages are evaluated rather than solved
/// for, converge as the tolerance promises (to 1e-10 from 1e-7 on, with the bound located as an event).
Integrator stiffMethod(const LawEvaluator& law);

/// Runs a law without memory between steps (stateless or dynamic) on the system with `integrator`
/// (not Auto; `automatic` lets the loop change between Dormand–Prince and the implicit methods, whose
/// costs `stiffnessRate`, the slip's fastest rate [1/s], bounds). Throws RunStopped.
LoopRun runSlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                         const Drive& drive, Integrator integrator, bool automatic, double stiffnessRate);

}  // namespace friction
