// JSON → scenario and sweep (scenario_json.h).

#include "scenario_json.h"

#include <initializer_list>

#include <cmath>
#include <limits>

namespace cli {
namespace {

using friction::InputError;
using friction::ParamList;

double numberOf(const Json& value, const std::string& field) {
  if (value.kind != Json::Kind::Number) throw InputError(field, "'" + field + "' must be a number.");
  return value.number;
}

// A count (samples, an axis's cells): a whole number that fits an int, so that converting it is defined;
// the engine then checks its range.
int wholeNumberOf(const Json& value, const std::string& field) {
  const double number = numberOf(value, field);
  if (!(number == std::trunc(number) && std::fabs(number) <= std::numeric_limits<int>::max()))
    throw InputError(field, "'" + field + "' must be a whole number within ±2147483647; got " + friction::formatNumber(number) + ".");
  return static_cast<int>(number);
}

std::string stringOf(const Json& value, const std::string& field) {
  if (value.kind != Json::Kind::String) throw InputError(field, "'" + field + "' must be a string.");
  return value.text;
}

ParamList paramsOf(const Json& value, const std::string& field) {
  ParamList params;
  if (value.kind == Json::Kind::Null) return params;
  if (value.kind != Json::Kind::Object) throw InputError(field, "'" + field + "' must be an object of numbers.");
  for (const auto& [key, item] : value.members) {
    if (item.kind == Json::Kind::Array) {
      std::vector<double> list;
      for (const Json& element : item.items) list.push_back(numberOf(element, key));
      params.emplace_back(key, list);
    } else {
      params.emplace_back(key, numberOf(item, key));
    }
  }
  return params;
}

// A misspelt key ("sytem") would otherwise run with the defaults, silently: refuse it by name. The
// error's field is the key, or, for an empty key (which names nothing a page could point to), the
// object it stands in (`field`).
void refuseUnknownKeys(const Json& json, std::initializer_list<const char*> known, const std::string& what,
                       const std::string& field) {
  for (const auto& [key, value] : json.members) {
    bool found = false;
    std::string list;
    for (const char* name : known) found |= key == name, list += (list.empty() ? "" : ", ") + std::string(name);
    if (!found)
      throw InputError(key.empty() ? field : key, "Unknown key '" + key + "' in " + what + "; its keys are: " + list + ".");
  }
}

}  // namespace

friction::Scenario scenarioFromJson(const Json& json) {
  if (json.kind != Json::Kind::Object) throw InputError("scenario", "The scenario must be a JSON object.");
  refuseUnknownKeys(json, {"model", "law", "params", "system", "integrator", "samples", "tolerance", "kick"}, "the scenario",
                    "scenario");
  friction::Scenario s;
  if (json.has("model")) s.model = stringOf(json.at("model"), "model");
  else if (json.has("law")) s.law = stringOf(json.at("law"), "law");
  else throw InputError("scenario", "The scenario needs a \"model\" or a \"law\".");
  if (json.has("params")) s.params = paramsOf(json.at("params"), "params");
  if (json.has("system")) {
    const Json& system = json.at("system");
    Json numbers = system;
    if (system.has("start")) {
      const std::string start = stringOf(system.at("start"), "start");
      if (start != "rest" && start != "steady") throw InputError("start", "system.start must be 'rest' or 'steady'.");
      s.start = start == "steady" ? friction::SpringBlockStart::Steady : friction::SpringBlockStart::Rest;
      numbers.members.erase("start");
    }
    s.system = paramsOf(numbers, "system");
  }
  if (json.has("integrator")) s.integrator = stringOf(json.at("integrator"), "integrator");
  if (json.has("samples")) s.samples = wholeNumberOf(json.at("samples"), "samples");
  if (json.has("kick")) s.kick = numberOf(json.at("kick"), "kick");
  if (json.has("tolerance")) s.tolerance = numberOf(json.at("tolerance"), "tolerance");
  return s;
}

friction::SweepAxis axisFromJson(const Json& json, const std::string& name) {
  if (json.kind != Json::Kind::Object) throw InputError(name, "Axis '" + name + "' must be a JSON object.");
  refuseUnknownKeys(json, {"target", "key", "min", "max", "count", "log"}, "axis " + name, name);
  friction::SweepAxis axis;
  if (json.has("target")) axis.target = stringOf(json.at("target"), name + ".target");
  if (!json.has("key")) throw InputError(name, "Axis '" + name + "' needs a \"key\".");
  axis.key = stringOf(json.at("key"), name + ".key");
  for (const char* field : {"min", "max", "count"})
    if (!json.has(field)) throw InputError(name, "Axis '" + name + "' needs \"" + field + "\".");
  axis.min = numberOf(json.at("min"), name + ".min");
  axis.max = numberOf(json.at("max"), name + ".max");
  axis.count = wholeNumberOf(json.at("count"), name + ".count");
  if (json.has("log")) {
    if (json.at("log").kind != Json::Kind::Bool) throw InputError(name, "Axis '" + name + "': \"log\" must be true or false.");
    axis.logarithmic = json.at("log").boolean;
  }
  return axis;
}

SweepRequest sweepFromJson(const Json& json) {
  if (json.kind != Json::Kind::Object || !json.has("scenario") || !json.has("x") || !json.has("y"))
    throw InputError("sweep", "A sweep is {\"scenario\": {...}, \"x\": {...}, \"y\": {...}}.");
  refuseUnknownKeys(json, {"scenario", "x", "y"}, "the sweep", "sweep");
  SweepRequest request{scenarioFromJson(json.at("scenario")), axisFromJson(json.at("x"), "x"),
                       axisFromJson(json.at("y"), "y")};
  friction::checkSweep(request.scenario, request.x, request.y);
  return request;
}

friction::LawSimulationRequest lawRequestFor(const friction::Scenario& s) {
  friction::LawSimulationRequest request{s.law, s.params, s.system, s.integrator, s.samples};
  request.start = s.start;
  request.kick = s.kick;
  request.tolerance = s.tolerance;
  return request;
}

}  // namespace cli
