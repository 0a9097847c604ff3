#pragma once
// The writers' shared pieces: engine values as friction::Value (the counterpart of reading.h).

#include <string>
#include <vector>

#include "friction/law_runs.h"
#include "friction/parameters.h"
#include "friction/value.h"

namespace friction::writing {

/// A number, or null where it is not finite (a quantity not measured).
Value number(double x);
/// [x, …]
Value numbers(const std::vector<double>& items);
/// [[t, value], …]
Value breakpoints(const std::vector<Breakpoint>& points);
/// { key: number | [numbers], … } in the list's order.
Value paramList(const ParamList& params);
/// { key: number | [numbers], … } for every parameter, in catalog order.
Value resolved(const ResolvedParams& params);

}  // namespace friction::writing
