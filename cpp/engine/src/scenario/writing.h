#pragma once
// The writers' shared pieces: engine values written into a ValueSink, or as a friction::Value (the
// counterpart of reading.h).

#include <string>
#include <string_view>
#include <vector>

#include "friction/law_runs.h"
#include "friction/parameters.h"
#include "friction/value.h"

namespace friction::writing {

/// A number, or null where it is not finite (a quantity not measured).
void number(ValueSink& out, double x);
/// [x, …]
void numbers(ValueSink& out, const std::vector<double>& items);
/// [[t, value], …]
void breakpoints(ValueSink& out, const std::vector<Breakpoint>& points);
/// A parameter's value as given: its list, or its one number.
void paramValue(ValueSink& out, const ParamValue& value);
/// { key: number | [numbers], … } in the list's order.
void paramList(ValueSink& out, const ParamList& params);
/// { key: number | [numbers], … } for every parameter, in catalog order.
void resolved(ValueSink& out, const ResolvedParams& params);
/// The value of the model's parameter `index`: its list or its number.
void resolvedValue(ValueSink& out, const ResolvedParams& params, std::size_t index);
/// key: number (null where not finite): one member of an object.
void member(ValueSink& out, std::string_view key, double x);
/// key: text: one member of an object.
void member(ValueSink& out, std::string_view key, std::string_view text);

/// The same as Values, for the writers that build one (a fit's result, a map's cells).
Value number(double x);
Value numbers(const std::vector<double>& items);

}  // namespace friction::writing
