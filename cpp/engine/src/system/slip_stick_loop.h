#pragma once
// The event-driven loop of the driven spring-block: stick phases solved exactly, slip integrated by
// the chosen adaptive or fixed-step method, break-away, re-stick, reversal and extrema located inside
// the step, and one recorder for the trace, the extrema and the energy books.

#include "friction/laws.h"
#include "friction/spring_block.h"

namespace friction {

/// Runs a law without memory between steps (stateless or dynamic) on the system with `integrator`
/// (not Auto; `automatic` lets the loop change between Dormand–Prince and the implicit methods, whose
/// costs `stiffnessRate`, the slip's fastest rate [1/s], bounds). Throws RunStopped.
SpringBlockResult runSlipStickLoop(const LawEvaluator& law, const SpringBlockSystem& sys,
                                   const SpringBlockOptions& options, Integrator integrator, bool automatic,
                                   double stiffnessRate);

}  // namespace friction
