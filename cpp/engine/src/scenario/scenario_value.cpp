// The one writer of a scenario, and scenario equality (friction/scenario.h).

#include <string>

#include "friction/scenario.h"
#include "scenario/writing.h"

namespace friction {
namespace {

// { holds, slide } | { table: { t, x } } | { normalForce } as the protocol sets them.
Value protocolValue(const DriveProtocol& protocol) {
  Value out = Value::object();
  if (!protocol.holds.empty()) {
    out.set("holds", writing::numbers(protocol.holds));
    out.set("slide", writing::number(protocol.slide));
  }
  if (!protocol.tableT.empty()) {
    Value table = Value::object();
    table.set("t", writing::numbers(protocol.tableT));
    table.set("x", writing::numbers(protocol.tableX));
    out.set("table", table);
  }
  if (!protocol.normalForce.empty()) out.set("normalForce", writing::breakpoints(protocol.normalForce));
  return out;
}

// The system as given, v0 as its velocity steps where the scenario has them, and a steady start.
Value systemValue(const Scenario& scenario) {
  Value out = writing::paramList(scenario.system);
  if (!scenario.driveSteps.empty()) out.set("v0", writing::breakpoints(scenario.driveSteps));
  if (scenario.start == SpringBlockStart::Steady) out.set("start", "steady");
  return out;
}

bool sameParams(const ParamList& a, const ParamList& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].first != b[i].first || a[i].second.isList != b[i].second.isList ||
        a[i].second.items != b[i].second.items)
      return false;
  return true;
}

bool sameSteps(const std::vector<Breakpoint>& a, const std::vector<Breakpoint>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].t != b[i].t || a[i].value != b[i].value) return false;
  return true;
}

}  // namespace

Value scenarioValue(const Scenario& scenario) {
  Value out = Value::object();
  if (!scenario.model.empty()) {
    out.set("model", scenario.model);
    if (!scenario.params.empty()) out.set("params", writing::paramList(scenario.params));
    return out;
  }
  out.set("law", scenario.law);
  if (!scenario.params.empty()) out.set("params", writing::paramList(scenario.params));
  const Value system = systemValue(scenario);
  if (!system.keys().empty()) out.set("system", system);
  if (scenario.integrator != "auto") out.set("integrator", scenario.integrator);
  if (scenario.samples != Scenario{}.samples) out.set("samples", scenario.samples);
  if (scenario.tolerance != 0) out.set("tolerance", scenario.tolerance);
  if (scenario.kick != 0) out.set("kick", scenario.kick);
  if (scenario.logGrid) out.set("grid", "log");
  if (!scenario.protocol.empty()) out.set("protocol", protocolValue(scenario.protocol));
  return out;
}

bool operator==(const DriveProtocol& a, const DriveProtocol& b) {
  return a.holds == b.holds && a.slide == b.slide && a.tableT == b.tableT && a.tableX == b.tableX &&
         sameSteps(a.normalForce, b.normalForce);
}

bool operator==(const Scenario& a, const Scenario& b) {
  return a.model == b.model && a.law == b.law && sameParams(a.params, b.params) &&
         sameParams(a.system, b.system) && a.integrator == b.integrator && a.start == b.start &&
         sameSteps(a.driveSteps, b.driveSteps) && a.kick == b.kick && a.tolerance == b.tolerance &&
         a.samples == b.samples && a.protocol == b.protocol && a.logGrid == b.logGrid;
}

}  // namespace friction
