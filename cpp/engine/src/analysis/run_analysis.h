#pragma once
// What a spring-block run's located facts say (system/motion_watch.h), computed alike for every loop
// that ran it and never from the output rows: the regime and its growth rate, the limit cycle's period,
// the late amplitude and the holds' healing.

#include "friction/spring_block.h"
#include "system/drive.h"
#include "system/motion_watch.h"

namespace friction {

/// The regime, growth rate, period, amplitude and holds of a finished run, from its facts.
void finishAnalysis(Summary& summary, const MotionFacts& facts, const Drive& drive);

}  // namespace friction
