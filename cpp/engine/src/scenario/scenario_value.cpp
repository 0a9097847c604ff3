// The one writer of a scenario, and scenario equality (friction/scenario.h).

#include <string>

#include "friction/scenario.h"
#include "scenario/writing.h"

namespace friction {
namespace {

using writing::member;

// { holds, slide } | { table: { t, x } } | { normalForce } as the protocol sets them.
void protocolOf(ValueSink& out, const DriveProtocol& protocol) {
  out.beginObject();
  if (!protocol.holds.empty()) {
    out.key("holds");
    writing::numbers(out, protocol.holds);
    member(out, "slide", protocol.slide);
  }
  if (!protocol.tableT.empty()) {
    out.key("table");
    out.beginObject();
    out.key("t");
    writing::numbers(out, protocol.tableT);
    out.key("x");
    writing::numbers(out, protocol.tableX);
    out.endObject();
  }
  if (!protocol.normalForce.empty()) {
    out.key("normalForce");
    writing::breakpoints(out, protocol.normalForce);
  }
  out.endObject();
}

bool hasKey(const ParamList& params, std::string_view key) {
  for (const auto& param : params)
    if (param.first == key) return true;
  return false;
}

// The system as given, v0 as its velocity steps where the scenario has them (in v0's place, or last),
// and a steady start.
void systemOf(ValueSink& out, const Scenario& scenario) {
  const bool steps = !scenario.driveSteps.empty();
  out.beginObject();
  for (const auto& [key, value] : scenario.system) {
    out.key(key);
    if (steps && key == "v0") {
      writing::breakpoints(out, scenario.driveSteps);
    } else {
      writing::paramValue(out, value);
    }
  }
  if (steps && !hasKey(scenario.system, "v0")) {
    out.key("v0");
    writing::breakpoints(out, scenario.driveSteps);
  }
  if (scenario.start == SpringBlockStart::Steady) member(out, "start", "steady");
  out.endObject();
}

bool hasSystem(const Scenario& scenario) {
  return !scenario.system.empty() || !scenario.driveSteps.empty() ||
         scenario.start == SpringBlockStart::Steady;
}

// A law run's keys after its law: each only where the scenario sets it.
void lawRunOf(ValueSink& out, const Scenario& scenario) {
  if (hasSystem(scenario)) {
    out.key("system");
    systemOf(out, scenario);
  }
  if (scenario.integrator != "auto") member(out, "integrator", scenario.integrator);
  if (scenario.samples != Scenario{}.samples) member(out, "samples", scenario.samples);
  if (scenario.tolerance != 0) member(out, "tolerance", scenario.tolerance);
  if (scenario.kick != 0) member(out, "kick", scenario.kick);
  if (scenario.logGrid) member(out, "grid", "log");
  if (!scenario.protocol.empty()) {
    out.key("protocol");
    protocolOf(out, scenario.protocol);
  }
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

void writeScenario(ValueSink& out, const Scenario& scenario) {
  out.beginObject();
  member(out, scenario.model.empty() ? "law" : "model",
         scenario.model.empty() ? scenario.law : scenario.model);
  if (!scenario.params.empty()) {
    out.key("params");
    writing::paramList(out, scenario.params);
  }
  if (scenario.model.empty()) lawRunOf(out, scenario);
  out.endObject();
}

Value scenarioValue(const Scenario& scenario) {
  ValueBuilder out;
  writeScenario(out, scenario);
  return out.take();
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
