// exportLaw: the request checked, the law mapped onto the target's law (export_map.cpp), converted
// to the output units (export_units.cpp) and written (export_writers.cpp); and the one reader of an
// export request for the CLI and the bindings.

#include <cmath>

#include "export/export_map.h"
#include "friction/errors.h"
#include "friction/laws.h"
#include "scenario/reading.h"

namespace friction {
namespace {

using exporting::Mapping;

/// A target: its id, its name as its users say it, its mapping, its writer, whether its input has units
/// of its own choice, and the fixed-width fields whose rounding the check must see.
struct Target {
  std::string id, name;
  Mapping (*map)(const ExportRequest&);
  std::string (*write)(const Mapping&);
  bool anyUnits;
  Mapping (*round)(Mapping);
};

Mapping unrounded(Mapping mapping) { return mapping; }

const std::vector<Target>& targets() {
  using namespace exporting;
  static const std::vector<Target> kTargets = {
      {"opensees-tcl", "OpenSees (Tcl)", &mapOpenSees, &writeOpenSeesTcl, true, &unrounded},
      {"opensees-py", "OpenSees (Python)", &mapOpenSees, &writeOpenSeesPy, true, &unrounded},
      {"drake-cpp", "Drake (C++)", &mapDrake, &writeDrakeCpp, false, &unrounded},
      {"drake-py", "Drake (Python)", &mapDrake, &writeDrakePy, false, &unrounded},
      {"radioss", "OpenRadioss / Radioss", &mapRadioss, &writeRadioss, true, &roundToRadiossFields},
      {"ratel", "Ratel", &mapRatel, &writeRatel, false, &unrounded},
      {"abaqus", "Abaqus", &mapExponentialDecay, &writeAbaqus, true, &unrounded},
      {"ls-dyna", "LS-DYNA", &mapExponentialDecay, &writeLsDyna, true, &roundToLsDynaFields},
      {"ansys", "Ansys Mechanical APDL", &mapAnsys, &writeAnsys, true, &unrounded},
      {"simscape", "Simscape", &mapSimscape, &writeSimscape, false, &unrounded},
      {"modelica", "Modelica", &mapModelica, &writeModelica, false, &unrounded},
  };
  return kTargets;
}

std::string targetList() {
  std::string list;
  for (const std::string& id : exportTargets()) list += (list.empty() ? "" : ", ") + id;
  return list;
}

const Target& findTarget(const std::string& id) {
  for (const Target& target : targets())
    if (target.id == id) return target;
  throw InputError("to", "to must be one of " + targetList() + "; got '" + id + "'.");
}

/// The request's own numbers: N > 0 N, 0 < vMin < vMax m/s, and SI for the SI-only targets.
void checkRequest(const ExportRequest& request, const Target& target) {
  if (!(request.N > 0 && std::isfinite(request.N)))
    throw InputError(
        "N", "N (normal force) must be a finite number above 0 N; got " + formatNumber(request.N) + " N.");
  if (!(request.vMin > 0 && std::isfinite(request.vMin)))
    throw InputError("vMin", "vMin (the fit's lowest speed) must be a finite number above 0 m/s; got " +
                                 formatNumber(request.vMin) + " m/s.");
  if (!(request.vMax > request.vMin && std::isfinite(request.vMax)))
    throw InputError("vMax", "vMax (the fit's highest speed) must be finite and above vMin = " +
                                 formatNumber(request.vMin) + " m/s; got " + formatNumber(request.vMax) +
                                 " m/s.");
  if (!target.anyUnits && request.units != ExportUnits::SI)
    throw InputError("units",
                     "units: " + target.id + " takes SI only (its inputs are in m, N, s); got mm-N-s.");
}

}  // namespace

const std::vector<std::string>& exportTargets() {
  static const std::vector<std::string> kIds = [] {
    std::vector<std::string> ids;
    for (const Target& target : targets()) ids.push_back(target.id);
    return ids;
  }();
  return kIds;
}

ExportResult exportLaw(const ExportRequest& request) {
  // Step 1: the target, the request's numbers, and the law with its parameters (refused by path).
  const Target& target = findTarget(request.target);
  checkRequest(request, target);
  reading::withFieldPrefix("params.", [&] { return LawEvaluator(request.law, request.params); });
  // Step 2: the law on the target's side, in the output units, as the text's fields hold it; then
  // measured against the law from those values (exact or not, the deviation, the caveats), and written.
  exporting::Mapping mapping = reading::withFieldPrefix("params.", [&] { return target.map(request); });
  mapping.target = target.id;
  mapping = target.round(exporting::outputUnits(std::move(mapping)));
  exporting::checkMapping(mapping, request);
  ExportResult result;
  result.text = target.write(mapping);
  result.exact = mapping.exact;
  result.targetLaw = mapping.targetLaw;
  result.deviation = mapping.deviation;
  result.warnings = mapping.warnings;
  result.notes = mapping.notes;
  return result;
}

ExportRequest readExportRequest(const Value& value) {
  const reading::Fields fields(value, "export", "", "the export request",
                               {"law", "params", "to", "N", "vMin", "vMax", "units"});
  ExportRequest request;
  request.law =
      reading::readText(fields.required("law", "the law to export"), "law", "opensees-veldependent");
  findLaw(request.law);
  if (const Value* params = fields.find("params"))
    request.params = reading::readParams(*params, "params", "params");
  request.target =
      reading::readText(fields.required("to", "the target (" + targetList() + ")"), "to", "abaqus");
  fields.number("N", request.N);
  fields.number("vMin", request.vMin);
  fields.number("vMax", request.vMax);
  std::string units = "SI";
  fields.text("units", units, "mm-N-s");
  if (units != "SI" && units != "mm-N-s")
    throw InputError("units", "units must be \"SI\" or \"mm-N-s\"; got '" + units + "'.");
  request.units = units == "SI" ? ExportUnits::SI : ExportUnits::MillimetreNewtonSecond;
  return request;
}

Value exportResultValue(const ExportResult& result) {
  Value out = Value::object(), warnings = Value::list(), notes = Value::list();
  for (const std::string& warning : result.warnings) warnings.push(warning);
  for (const std::string& note : result.notes) notes.push(note);
  out.set("text", result.text);
  out.set("exact", result.exact);
  out.set("targetLaw", result.targetLaw);
  out.set("warnings", warnings);
  out.set("notes", notes);
  Value deviation;
  if (!result.exact) {
    deviation = Value::object();
    deviation.set("force", result.deviation.force);
    deviation.set("atVelocity", result.deviation.atVelocity);
    deviation.set("relative", result.deviation.relative);
    deviation.set("points", result.deviation.points);
  }
  out.set("deviation", deviation);
  return out;
}

Value exportTargetsValue() {
  Value out = Value::list();
  for (const Target& target : targets()) {
    Value entry = Value::object();
    entry.set("id", target.id);
    entry.set("name", target.name);
    entry.set("units", target.anyUnits ? std::string("any") : std::string("SI"));
    out.push(entry);
  }
  return out;
}

}  // namespace friction
