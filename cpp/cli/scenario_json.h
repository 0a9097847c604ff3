#pragma once
// JSON → scenario and JSON → sweep: the reading of the command-line program's input files, kept out
// of its main so that the fuzz harness (cpp/fuzz) and the tests exercise the very same code.
//
// A scenario is {"law", "params", "system", "integrator", "samples", "kick"} or {"model", "params"};
// a sweep is {"scenario": {...}, "x": AXIS, "y": AXIS} with
// AXIS = {"target": "params" | "system", "key", "min", "max", "count", "log"}.
// Bad input throws friction::InputError naming the field; malformed JSON is JsonReader's JsonError.

#include "friction/friction.h"
#include "json.h"

namespace cli {

/// The scenario a JSON object describes (unchecked against the catalogs: the run does that).
friction::Scenario scenarioFromJson(const Json& json);

/// The axis called `name` ("x" or "y") of a sweep.
friction::SweepAxis axisFromJson(const Json& json, const std::string& name);

struct SweepRequest {
  friction::Scenario scenario;
  friction::SweepAxis x, y;
};

/// A sweep's scenario and axes, checked with friction::checkSweep.
SweepRequest sweepFromJson(const Json& json);

/// The spring-block request a law scenario runs as (start and kick included, as a sweep's cells run).
friction::LawSimulationRequest lawRequestFor(const friction::Scenario& scenario);

}  // namespace cli
