#pragma once
// The one fixed-step loop of the driven spring-block, for the schemes whose friction exists only
// together with a time step: the seed app's scheme for any law (seed-euler), and the laws that carry
// their force from step to step (Radioss's Iform 2 and friction filtering), stepped as their origin's
// explicit loop steps them. Both are semi-implicit Euler: v ← v + h (Fd − F)/m, then x ← x + h v.

#include "friction/laws.h"
#include "friction/spring_block.h"
#include "system/motion_watch.h"
#include "system/spring_block_system.h"

namespace friction {

/// The seed app's scheme for a stateless law: a 1 ms step, friction F(v) with the law's static value
/// at v = 0, and v clamped at 0 after the position update (the seed's only stick logic).
LoopRun runSeedScheme(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                      const Drive& drive);

/// A law that carries its force between steps, stepped once per step of its origin's explicit loop;
/// its stick is the contact holding inside the friction cone. Throws InputError when the step its
/// contact stiffness needs would exceed the step budget.
LoopRun runSteppedLaw(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& options,
                      const Drive& drive);

}  // namespace friction
