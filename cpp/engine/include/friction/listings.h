#pragma once
// The catalogs as plain data, written into a ValueSink: what a page or a tool lists (engine.mjs's
// models(), laws(), columns(), integrators(), presets(), system() and presliding() give these trees).
// Written by the engine from the one catalog, so that the start-up module converts them by its one
// converter, the wire (cpp/bindings/value_wire.h), like a run's reply.

#include "friction/value.h"

namespace friction {

enum class Listing { Models, Laws, Columns, Integrators, Presets, System, Presliding };
inline constexpr int kListingCount = 7;

/// One catalog as plain data:
///   Models, System, Presliding: { id, name, description, citation, params } each (a list for Models),
///     a parameter being { key, symbol, label, unit, min, max, step, scale, kind, help, texSymbol,
///     minExclusive, sliderMin, sliderMax, default, role?, defaultFrom } (min/max what the engine
///     accepts, ±infinity where unbounded; sliderMin/sliderMax the span a slider offers; default a list
///     of numbers for a list parameter; role only where the law declares one; defaultFrom null or
///     { key, factor, formula }).
///   Laws: a model's members and origin, unmapped, can { coefficient, force, stateful, dynamic,
///     holdsAtRest }, state [{ key, symbol, label, unit, initial, help, texSymbol }] and inputs.
///   Columns: [{ key, symbol, label, unit }]. Integrators: [{ id, name, description, adaptive }].
///   Presets: [{ id, name, look, view, scenario (as writeScenario writes it), presliding: { key: value },
///     expected: { key: value } }].
void writeListing(ValueSink& out, Listing listing);

}  // namespace friction
