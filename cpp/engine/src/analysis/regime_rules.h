#pragma once
// The one regime classifier's rules, over a run's located facts (system/motion_watch.h).

#include "friction/simulate.h"
#include "system/motion_watch.h"

namespace friction {

/// How the motion ended, from the facts and the time stuck in the regime's window [s]:
///   Stuck: it never moved. Stick-slip: it rests in the window (AtRest where the drive is at rest, its
///   reference 0: a free vibration that the friction has stopped for good). Steady: over the window v varies
///   by less than 2e-6 of its scale and its mean, (x(end) − x(window start)) / the window's length, is the
///   reference within 1 %. Otherwise the oscillation about the reference is judged by the growth rate λ
///   of ln|v − v_ref| at its peaks after the first fifth (least squares): Growing if the amplitude grows
///   by more than 1 % over those peaks (λ·span > ln 1.01), Decaying if it shrinks so, else sustained
///   (Oscillation). With at most one peak the motion is a relaxation not yet steady (Settling:
///   two real modes turn at most once); with two, an oscillation too short to judge (NotSettled).
RegimeVerdict judgeMotion(const MotionFacts& facts, double stuckTime);

}  // namespace friction
