// The reader of a map's requests (friction/sweep.h): the scenario as friction/scenario.h reads it,
// then the two axes, then what the call adds (cells to run, a boundary's resolution).

#include "friction/errors.h"
#include "friction/sweep.h"
#include "scenario/reading.h"

namespace friction {
namespace {

using reading::Fields;

SweepAxis readAxis(const Value* value, const std::string& name) {
  if (!value)
    throw InputError(name, "A map needs an axis " + name + ": { target, key, min, max, count, log }.");
  const Fields fields(*value, name, name, "axis " + name, {"target", "key", "min", "max", "count", "log"});
  SweepAxis axis;
  fields.text("target", axis.target, "system");
  axis.key = reading::readText(fields.required("key", "the parameter it moves, such as 'c'"),
                               fields.pathOf("key"), "c");
  axis.min = reading::readNumber(fields.required("min", "a number within the parameter's range"),
                                 fields.pathOf("min"));
  axis.max = reading::readNumber(fields.required("max", "a number within the parameter's range"),
                                 fields.pathOf("max"));
  axis.count = reading::readWholeNumber(fields.required("count", "a whole number of cells from 2 to 100000"),
                                        fields.pathOf("count"));
  if (const Value* log = fields.find("log"))
    axis.logarithmic = reading::readBoolean(*log, fields.pathOf("log"));
  return axis;
}

// { scenario, x, y } out of a request's fields, checked.
Sweep readSweepFields(const Fields& fields) {
  const Value& scenario = fields.required("scenario", "{ model | law, params, ... }");
  Sweep sweep{reading::readScenarioFields(scenario, "scenario", "scenario"), readAxis(fields.find("x"), "x"),
              readAxis(fields.find("y"), "y")};
  checkSweep(sweep.scenario, sweep.x, sweep.y);
  return sweep;
}

}  // namespace

Sweep readSweep(const Value& value) {
  return readSweepFields(Fields(value, "sweep", "", "the sweep", {"scenario", "x", "y"}));
}

SweepCellsRequest readSweepCells(const Value& value) {
  const Fields fields(value, "sweep", "", "the sweep", {"scenario", "x", "y", "cells"});
  SweepCellsRequest request{readSweepFields(fields), {}};
  const SweepAxis &x = request.sweep.x, &y = request.sweep.y;
  const Value& cells = fields.required("cells", "a flat list of cell indices [i0, j0, i1, j1, ...]");
  if (cells.kind() != Value::Kind::List || cells.items().size() % 2 != 0)
    throw InputError("cells",
                     "cells must be a flat list of cell indices [i0, j0, i1, j1, ...] of even length; got " +
                         describeValue(cells) + ".");
  for (std::size_t k = 0; k < cells.items().size(); k += 2) {
    const int i = reading::readWholeNumber(cells.items()[k], reading::itemPath("cells", k));
    const int j = reading::readWholeNumber(cells.items()[k + 1], reading::itemPath("cells", k + 1));
    if (!(i >= 0 && i < x.count && j >= 0 && j < y.count))
      throw InputError("cells", "Cell (" + std::to_string(i) + ", " + std::to_string(j) +
                                    ") is not a cell of the " + std::to_string(x.count) + " × " +
                                    std::to_string(y.count) + " map.");
    request.cells.emplace_back(i, j);
  }
  return request;
}

SweepBoundaryRequest readSweepBoundary(const Value& value) {
  const Fields fields(value, "sweep", "", "the sweep", {"scenario", "x", "y", "resolution"});
  SweepBoundaryRequest request{readSweepFields(fields)};
  fields.wholeNumber("resolution", request.resolution);
  return request;
}

}  // namespace friction
