#pragma once
// A law's static limit on the spring-block (Summary::staticLimit): the force it holds at
// rest, or the break-away peak of its steady friction curve, or none.

#include "friction/laws.h"
#include "friction/spring_block.h"
#include "system/spring_block_system.h"

namespace friction {

/// Sets the summary's static limit and its kind for a law on this system: `hold`, the force the
/// contact holds at rest, if positive (a true stick state); else the law's break-away peak, else none.
void setStaticLimit(Summary& summary, const LawEvaluator& law, const SpringBlockSystem& sys, double hold);

}  // namespace friction
