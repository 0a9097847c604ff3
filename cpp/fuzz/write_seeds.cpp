// Writes the fuzz harness's seed corpus and dictionary from the engine's catalogs, so that both
// follow the presets, laws and parameters as they change:
//   write_fuzz_seeds CORPUS_DIR [DICTIONARY_FILE]
// CORPUS_DIR gets one scenario file per preset (preset-ID.json, as `friction run` reads it) and one
// sweep file per spring-block preset (sweep-ID.json: the subject's first number parameter over its
// slider's span against a second value). The dictionary (libFuzzer's -dict format) lists every
// key, id and range end the inputs are made of.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>

#include "friction/friction.h"
#include "json.h"
#include "scenario_json.h"

using namespace friction;
using cli::jsonNumber;
using cli::jsonString;

namespace {

// A scenario as `friction run` reads it: the engine's one writer of scenarios (its drive, start,
// protocol and grid included).
std::string scenarioJson(const Scenario& scenario) { return cli::toJsonText(scenarioValue(scenario), 0); }

const ParamSpec* firstNumberParam(const ModelSpec& spec, std::string_view skip = "") {
  for (const ParamSpec& param : spec.params)
    if (param.kind == ParamKind::Number && param.key != skip) return &param;
  return nullptr;
}

std::string axisJson(std::string_view target, const ParamSpec& param, int count) {
  // The slider's span: finite where the accepted range is not (OpenSees's laws).
  const bool log = param.scale == Scale::Log && param.sliderLow() > 0;
  return "{\"target\": " + jsonString(std::string(target)) +
         ", \"key\": " + jsonString(std::string(param.key)) + ", \"min\": " + jsonNumber(param.sliderLow()) +
         ", \"max\": " + jsonNumber(param.sliderHigh()) + ", \"count\": " + std::to_string(count) +
         ", \"log\": " + (log ? "true" : "false") + "}";
}

// A sweep over a spring-block preset: its subject's first number parameter (x) against the dashpot
// from a steady start with a kick (a law: a map's drive is one velocity, so the preset's steps and
// protocol are left out), or against the model's second number parameter.
std::string sweepJson(const Preset& preset) {
  const Scenario& scenario = preset.scenario;
  if (!scenario.model.empty()) {
    const ModelSpec& spec = findModel(scenario.model);
    const ParamSpec* x = firstNumberParam(spec);
    const ParamSpec* y = x ? firstNumberParam(spec, x->key) : nullptr;
    if (!y) return "";
    return "{\"scenario\": " + scenarioJson(scenario) + ", \"x\": " + axisJson("params", *x, 3) +
           ", \"y\": " + axisJson("params", *y, 2) + "}";
  }
  const LawSpec& law = findLaw(scenario.law);
  const ParamSpec* x = firstNumberParam(law.spec);
  if (!x) return "";
  const ParamSpec& eta = *springBlockSystemModel().findParam("eta");
  Scenario map = scenario;
  map.driveSteps.clear();
  map.protocol = {};
  map.logGrid = false;
  map.start = law.can.stateful ? SpringBlockStart::Rest : SpringBlockStart::Steady;
  map.kick = law.can.stateful ? 0 : 0.01;
  return "{\"scenario\": " + scenarioJson(map) + ", \"x\": " + axisJson("params", *x, 3) +
         ", \"y\": " + axisJson("system", eta, 2) + "}";
}

// libFuzzer's dictionary syntax: one "token" per line, with " and \ escaped.
std::string dictionaryEntry(const std::string& token) {
  std::string out = "\"";
  for (const char c : token) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void addModelTokens(std::set<std::string>& tokens, const ModelSpec& spec) {
  tokens.insert(jsonString(std::string(spec.id)));
  for (const ParamSpec& param : spec.params) {
    tokens.insert(jsonString(std::string(param.key)));
    for (double value : {param.min, param.max, param.sliderLow(), param.sliderHigh(), param.defaultValue})
      if (std::isfinite(value)) tokens.insert(jsonNumber(value));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: write_fuzz_seeds CORPUS_DIR [DICTIONARY_FILE]\n";
    return 2;
  }
  const std::filesystem::path corpus = argv[1];
  std::filesystem::create_directories(corpus);
  int files = 0;
  auto write = [&](const std::string& name, const std::string& text) {
    if (text.empty()) return;
    std::ofstream(corpus / name) << text << "\n";
    ++files;
  };
  for (const Preset& preset : presetCatalog()) {
    const std::string id(preset.id);
    write("preset-" + id + ".json", scenarioJson(preset.scenario));
    if (preset.view == "spring") write("sweep-" + id + ".json", sweepJson(preset));
  }
  // Fits, a conversion and exports (docs/guide/fit-and-export.md): small valid requests
  // that the fuzzer mutates into the readers' corners.
  write(
      "fit-curve.json",
      R"({"law": "opensees-veldependent", "free": ["muSlow", "muFast", "transRate"], "data": {"kind": "curve",
  "text": "v,mu\n0.001,0.45\n0.01,0.38\n0.1,0.26\n1,0.25\n", "units": {"v": "m/s"}}, "options": {"starts": 2}})");
  write(
      "fit-record.json",
      R"({"law": "rsf", "params": {"evolution": 1}, "free": ["a"], "data": {"kind": "record", "y": "friction",
  "text": "t,friction\n0.5,0.6\n1.5,0.61\n2.5,0.605\n"}, "scenario": {"system": {"m": 0, "c": 1e7, "Fn": 1,
  "v0": [[0, 1e-6], [1, 1e-5]], "start": "steady"}, "integrator": "radau"}})");
  write("fit-presliding.json",
        R"({"law": "dahl", "free": ["sigma0"], "data": {"kind": "presliding", "compare": "position",
  "text": "t,position\n1,1e-6\n2,2e-6\n3,3.2e-6\n"}, "presliding": {"amplitude": 1.425, "rate": 0.1425, "hold": 5}})");
  write(
      "convert.json",
      R"({"from": "drake-stribeck", "to": "opensees-veldependent", "vMin": 1e-3, "vMax": 0.1, "N": 1, "count": 20})");
  for (const std::string& target : exportTargets())
    write("export-" + target + ".json",
          R"({"law": "lugre", "to": ")" + target + R"(", "N": 10, "vMin": 1e-4, "vMax": 1, "units": "SI"})");
  std::cout << "write_fuzz_seeds: " << files << " files in " << corpus.string() << "\n";

  if (argc == 3) {
    std::set<std::string> tokens = {
        "\"model\"",   "\"law\"",        "\"params\"",  "\"system\"",    "\"start\"", "\"rest\"",
        "\"steady\"",  "\"integrator\"", "\"samples\"", "\"tolerance\"", "\"kick\"",  "\"scenario\"",
        "\"x\"",       "\"y\"",          "\"target\"",  "\"key\"",       "\"min\"",   "\"max\"",
        "\"count\"",   "\"log\"",        "true",        "false",         "null",      "-0",
        "1e308",       "1e-320",         "2147483648",  "\"data\"",      "\"kind\"",  "\"curve\"",
        "\"record\"",  "\"presliding\"", "\"compare\"", "\"text\"",      "\"units\"", "\"free\"",
        "\"options\"", "\"starts\"",     "\"from\"",    "\"to\"",        "\"vMin\"",  "\"vMax\"",
        "\"mm/s\"",    "\"mm-N-s\""};
    for (const ModelSpec& model : modelCatalog()) addModelTokens(tokens, model);
    for (const LawSpec& law : lawCatalog()) addModelTokens(tokens, law.spec);
    addModelTokens(tokens, springBlockSystemModel());
    for (const IntegratorSpec& integrator : integratorCatalog())
      tokens.insert(jsonString(std::string(integrator.id)));
    std::ofstream dictionary(argv[2]);
    for (const std::string& token : tokens) dictionary << dictionaryEntry(token) << "\n";
    std::cout << "write_fuzz_seeds: " << tokens.size() << " dictionary entries in " << argv[2] << "\n";
  }
  return 0;
}
