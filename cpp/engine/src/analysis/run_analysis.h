#pragma once
// What a spring-block run's trace and events say, computed alike for every scheme that ran it: the
// static limit, near-rest stick spans of a law without a true stick state, the regime and the period.

#include "friction/laws.h"
#include "friction/spring_block.h"

namespace friction {

/// Sets the summary's static limit and its kind for a law on this system: `hold`, the force the
/// contact holds at rest, if positive (a true stick state); else the law's break-away peak, else none.
void setStaticLimit(SpringBlockSummary& summary, const LawEvaluator& law, const SpringBlockSystem& sys,
                    double hold);

/// For a law without a true stick state: its stick intervals are the spans of rows with |v| ≤ 1 % of v0,
/// each entry a stick event and each exit a break-away (replacing the located intervals).
void nearRestIntervals(SpringBlockResult& result, const SpringBlockSystem& sys);

/// The regime and the limit-cycle period of a finished run.
void finishAnalysis(SpringBlockResult& result, const SpringBlockSystem& sys);

}  // namespace friction
