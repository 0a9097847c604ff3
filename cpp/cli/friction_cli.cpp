// `friction`: the engine on the command line, for batch work, scripts and reproducible figures.
//
//   friction run SCENARIO.json [--csv FILE] [--summary FILE]
//   friction run --law ID | --model ID [--param KEY=VALUE]... [--system KEY=VALUE]...
//                [--integrator ID] [--samples N] [--start rest|steady] [--csv FILE] [--summary FILE]
//   friction sweep SWEEP.json [--csv FILE] [--shard K/N]
//   friction merge PART... [--csv FILE]
//   friction fit FIT.json
//   friction convert CONVERSION.json
//   friction export --law ID [--param KEY=VALUE]... --to TARGET [--normal-force N] [--speed-range LO:HI]
//                   [--units SI|mm-N-s]
//
// A scenario is what the JS API's simulate() takes: {"law", "params", "system", "integrator",
// "samples", "tolerance", "kick", "grid", "protocol"} or {"model", "params"}, with "grid": "uniform" |
// "log" and "protocol": {"holds", "slide", "table", "normalForce"}; the flags describe the same
// object (--law, --model, --param, --system, --integrator, --samples, --start). A sweep
// is {"scenario": {...}, "x": AXIS, "y": AXIS} with AXIS = {"target": "params" | "system", "key",
// "min", "max", "count", "log"}. Both are read by the engine's one reader (friction/scenario.h,
// friction/sweep.h), the bindings' too. The run's columns go to the CSV (standard output without
// --csv), its summary as JSON to --summary. `--shard K/N` runs the K-th of N interleaved parts of a
// sweep's cells (0 ≤ K < N), and `merge` joins such parts into the unsharded file (sweep_shards.h).
// Bad JSON or input gives a message naming the field by its path ("system.v0: …") and exit status
// 2; a run that cannot complete, status 3. `fit` fits a law to measured data (friction/fit.h): its
// file names a CSV file (data.file, relative to the fit file), which is read here and handed to the
// engine's reader as text; the result goes to standard output as JSON. `convert` fits one law to
// another's curve. Both are documented in docs/guide/fit-and-export.md. `export` prints the law as a
// solver's own input (friction/export.h; docs/guide/fit-and-export.md#export-to-your-solver); its
// flags make the request that the engine's one reader reads (readExportRequest), as the bindings'
// exportLaw does.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/friction.h"
#include "json.h"
#include "scenario_json.h"
#include "sweep_shards.h"

using namespace friction;
using cli::Json;

namespace {

constexpr const char* kUsage =
    "usage: friction run SCENARIO.json [--csv FILE] [--summary FILE]\n       friction run --law ID | --model "
    "ID [--param KEY=VALUE]... [--system KEY=VALUE]...\n                    [--integrator ID] [--samples N] "
    "[--start rest|steady] [--csv FILE] [--summary FILE]\n       friction sweep SWEEP.json [--csv FILE] "
    "[--shard K/N]\n       friction merge PART... [--csv FILE]\n       friction fit FIT.json\n       "
    "friction convert CONVERSION.json\n       friction export --law ID [--param KEY=VALUE]... --to TARGET "
    "[--normal-force N]\n                       [--speed-range LO:HI] [--units SI|mm-N-s]\n         TARGET: "
    "opensees-tcl|opensees-py|drake-cpp|drake-py|radioss|ratel|abaqus|ls-dyna|ansys|simscape|modelica\n";

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string readFile(const std::string& path) {
  std::ifstream in(path == "-" ? "/dev/stdin" : path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path + "'.");
  // Straight into one string (a stream's copy would hold a large data file twice).
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  return text;
}

std::string number(double value) { return cli::jsonNumber(value); }

// A parameter's value as the CSV header writes it: a number, or a list as a quoted "[a,b,…]".
std::string paramText(const ResolvedParams& resolved, std::size_t i) {
  if (resolved.model->params[i].kind != ParamKind::List) return number(resolved.values[i]);
  std::string value = "\"[";
  for (std::size_t k = 0; k < resolved.lists[i].size(); ++k)
    value += (k ? "," : "") + number(resolved.lists[i][k]);
  return value + "]\"";
}

// The header: the engine version, what ran, the integrator, every parameter with its unit.
void writeHeader(std::ostream& out, const std::string& what, const std::string& integrator,
                 const ResolvedParams& params, const ResolvedParams* system) {
  out << "# Friction Lab engine " << kEngineVersion << "\n# " << what << "\n";
  if (!integrator.empty()) out << "# integrator: " << integrator << "\n";
  out << "# parameter, value, unit\n";
  for (const ResolvedParams* resolved : {&params, system}) {
    if (!resolved) continue;
    const auto& specs = resolved->model->params;
    for (std::size_t i = 0; i < specs.size(); ++i)
      out << "# " << specs[i].key << ", " << paramText(*resolved, i) << ", "
          << (specs[i].unit.empty() ? "-" : std::string(specs[i].unit)) << "\n";
  }
}

using Column = std::pair<std::string, const std::vector<double>*>;

// The columns to write, each with its heading "key [unit]": the catalog's columns that hold any
// finite value, then a dynamic law's state variables.
std::vector<Column> columnsOf(const Trace& trace, const std::vector<StateVariableSpec>& state) {
  std::vector<Column> columns;
  for (const ColumnSpec& column : columnCatalog()) {
    const auto& values = trace.*column.column;
    bool any = false;
    for (double v : values) any |= std::isfinite(v);
    if (any)
      columns.emplace_back(
          std::string(column.key) + " [" + (column.unit.empty() ? "-" : std::string(column.unit)) + "]",
          &values);
  }
  for (std::size_t i = 0; i < trace.state.size() && i < state.size(); ++i)
    columns.emplace_back("state." + std::string(state[i].key) + " [" + std::string(state[i].unit) + "]",
                         &trace.state[i]);
  return columns;
}

// The run's CSV: a header of '#' lines (engine version, what ran, every parameter), then the columns.
void writeRun(std::ostream& out, const std::string& what, const std::string& integrator,
              const ResolvedParams& params, const ResolvedParams* system, const Trace& trace,
              const std::vector<StateVariableSpec>& state) {
  writeHeader(out, what, integrator, params, system);
  const std::vector<Column> columns = columnsOf(trace, state);
  for (std::size_t c = 0; c < columns.size(); ++c) out << (c ? "," : "") << columns[c].first;
  out << "\n";
  for (std::size_t row = 0; row < trace.size(); ++row) {
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const double v = (*columns[c].second)[row];
      out << (c ? "," : "") << (std::isfinite(v) ? number(v) : "");
    }
    out << "\n";
  }
}

// What ran, as the CSV's header says it.
std::string whatRan(const Scenario& s) { return s.model.empty() ? "law: " + s.law : "model: " + s.model; }

// The state variables' specs of a law run (none for a model).
std::vector<StateVariableSpec> stateOf(const Scenario& s) {
  return s.model.empty() ? findLaw(s.law).state : std::vector<StateVariableSpec>{};
}

// Runs the scenario: its CSV to `csv`, its summary (the engine's one writer, as JSON) to `summary`.
void runInto(const RunSpec& spec, std::ostream& csv, std::ostream& summary) {
  const SimulationResult result = friction::run(spec);
  const Summary& s = result.summary;
  writeRun(csv, whatRan(spec.scenario()), std::string(integratorId(s.integrator)), s.params,
           spec.runsModel() ? nullptr : &s.system, result.trace, stateOf(spec.scenario()));
  summary << cli::toJsonText(summaryValue(spec, s)) << "\n";
}

int run(const RunSpec& spec, const std::string& csvPath, const std::string& summaryPath) {
  std::ofstream csvFile;
  if (!csvPath.empty()) csvFile.open(csvPath);
  std::ostream& csv = csvPath.empty() ? std::cout : csvFile;
  std::ostringstream summary;
  try {
    runInto(spec, csv, summary);
  } catch (const RunStopped& stop) {
    // The run up to the stop, so that what led to it can be seen; the caller reports the reason.
    const Scenario& s = spec.scenario();
    const bool isModel = spec.runsModel();
    const ResolvedParams params = resolveParams(isModel ? findModel(s.model) : findLaw(s.law).spec, s.params);
    const ResolvedParams system = resolveParams(springBlockSystemModel(), isModel ? ParamList{} : s.system);
    writeRun(csv, whatRan(s) + "; stopped at t = " + number(stop.time()) + " s: " + stop.what(), "", params,
             isModel ? nullptr : &system, stop.partial(), stateOf(s));
    throw;
  }
  if (!summaryPath.empty()) std::ofstream(summaryPath) << summary.str();
  return 0;
}

// The map's CSV: its header (with the sweep itself), then a row per cell in the order n = j·nx + i, then
// the end line with the rows' count and hash; with a shard, a line that says which part this is, then
// only that part's cells (sweep_shards.h).
int sweep(const Json& json, const std::string& csvPath, const std::optional<cli::Shard>& shard) {
  const auto [scenario, x, y] = readSweep(cli::toValue(json));
  std::ofstream csvFile;
  if (!csvPath.empty()) csvFile.open(csvPath);
  cli::CsvLines csv(csvPath.empty() ? std::cout : csvFile);
  csv.header("# Friction Lab engine " + std::string(kEngineVersion));
  csv.header("# map of " + (scenario.model.empty() ? scenario.law : scenario.model) + ": x = " + x.target +
             "." + x.key + ", y = " + y.target + "." + y.key);
  csv.header(cli::sweepLine(json));
  const long cells = static_cast<long>(x.count) * y.count;
  if (shard) csv.header(cli::shardLine(*shard, cells, cli::sweepFingerprint(json)));
  csv.header(x.key + "," + y.key + ",regime,value,error");
  for (int j = 0; j < y.count; ++j)
    for (int i = 0; i < x.count; ++i) {
      if (shard && !shard->holds(static_cast<long>(j) * x.count + i)) continue;
      const SweepCell cell = sweepCell(scenario, x, y, i, j);
      std::string error = cell.error;
      for (char& c : error)
        if (c == ',' || c == '\n') c = ';';
      // A cell without a value (refused, stopped, or a regime without one) writes null; its regime column
      // says "stopped" or "error" where the run did not end.
      csv.row(number(cell.x) + "," + number(cell.y) + "," + std::string(sweepCellRegime(cell)) + "," +
              number(cell.error.empty() ? cell.value : NAN) + "," + error);
    }
  csv.end();
  return 0;
}

// The parts of a sharded sweep, joined into the unsharded CSV (to standard output without --csv).
int merge(const std::vector<std::string>& files, const std::string& csvPath) {
  std::vector<cli::ShardPart> parts;
  parts.reserve(files.size());
  for (const std::string& file : files) parts.push_back({file, readFile(file)});
  const std::string merged = cli::mergeShards(parts);  // everything is checked before anything is written
  if (csvPath.empty())
    std::cout << merged;
  else
    std::ofstream(csvPath, std::ios::binary) << merged;
  return 0;
}

// A flag's text as the reader is to see it: a number if it reads as one, else the text itself (which
// the reader then refuses where it wants a number, naming the field).
Value flagValue(const std::string& text) {
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size() ? Value(number) : Value(text);
}

// `--param KEY=VALUE` (or --system) into the object `into`.
void addPair(Value& into, const std::string& pair, const std::string& flag) {
  const auto equals = pair.find('=');
  if (equals == std::string::npos) throw UsageError(flag + " wants KEY=VALUE; got '" + pair + "'.");
  const std::string key = pair.substr(0, equals);
  if (into.find(key)) throw UsageError(flag + " " + key + " is given twice.");
  into.set(key, flagValue(pair.substr(equals + 1)));
}

// The scenario the flags describe, as the one reader reads a scenario file: `--law ID --param
// mu_s=0.6 --system c=10 --start steady` is {"law": ID, "params": {"mu_s": 0.6}, "system": {"c": 10,
// "start": "steady"}}.
struct ScenarioFlags {
  Value scenario = Value::object(), params = Value::object(), system = Value::object();

  // Takes `arg` (with its value from `next`) if it describes the scenario.
  template <class Next>
  bool take(const std::string& arg, Next&& next) {
    if (arg == "--law" || arg == "--model" || arg == "--integrator")
      scenario.set(arg.substr(2), next());
    else if (arg == "--samples")
      scenario.set("samples", flagValue(next()));
    else if (arg == "--param")
      addPair(params, next(), arg);
    else if (arg == "--system")
      addPair(system, next(), arg);
    else if (arg == "--start")
      system.set("start", next());
    else
      return false;
    return true;
  }
  bool given() const { return !scenario.keys().empty() || !params.keys().empty() || !system.keys().empty(); }
  Value value() const {
    Value out = scenario;
    if (!params.keys().empty()) out.set("params", params);
    if (!system.keys().empty()) out.set("system", system);
    return out;
  }
};

/// `"key": [n, n, …]` with each number as JSON writes it, to standard output in pieces of about 64 KB
/// (a million numbers' text is not built whole).
void writeColumn(const std::string& key, const std::vector<double>& values) {
  std::string piece = ",\n  " + cli::jsonString(key) + ": [";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) piece += ',';
    piece += cli::jsonNumber(values[i]);
    if (piece.size() > 65536) {
      std::fwrite(piece.data(), 1, piece.size(), stdout);
      piece.clear();
    }
  }
  piece += ']';
  std::fwrite(piece.data(), 1, piece.size(), stdout);
}

/// A fit's result as JSON on standard output. A single data set's columns (x, y, fitted, residuals) are
/// written straight from the result: a million points as friction::Values would take 100 bytes each.
void writeFitResult(const FitResult& result) {
  if (!result.records.empty()) {
    std::cout << cli::toJsonText(fitResultValue(result)) << "\n";
    return;
  }
  std::string text = cli::toJsonText(fitResultValue(result, false));
  text.erase(text.rfind('}'));
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::vector<double> residuals(result.fitted.size());
  for (std::size_t i = 0; i < residuals.size(); ++i) residuals[i] = result.fitted[i] - result.y[i];
  writeColumn("x", result.x);
  writeColumn("y", result.y);
  writeColumn("fitted", result.fitted);
  writeColumn("residuals", residuals);
  std::fputs("\n}\n", stdout);
}

/// A data object with its file's text put in as data.text (data.file is read relative to the fit file at
/// `base`); unchanged if it already has a text or names no file.
Value withFileText(Value data, const std::string& base) {
  if (data.kind() != Value::Kind::Object) return data;
  const Value* csv = data.find("file");
  if (csv == nullptr || csv->kind() != Value::Kind::String || data.find("text") != nullptr) return data;
  const std::string path =
      !csv->text().empty() && csv->text().front() == '/' ? csv->text() : base + csv->text();
  data.set("text", readFile(path));
  return data;
}

/// `friction fit FIT.json`: data.file (and each records[i].data.file) read relative to the fit file, passed
/// as data.text.
int fit(const std::string& file) {
  Value request = cli::toValue(cli::JsonReader(readFile(file)).parse());
  const std::string base = file.find('/') == std::string::npos ? "" : file.substr(0, file.rfind('/') + 1);
  if (request.kind() == Value::Kind::Object) {
    if (const Value* data = request.find("data")) request.set("data", withFileText(*data, base));
    if (const Value* records = request.find("records");
        records != nullptr && records->kind() == Value::Kind::List) {
      Value list = Value::list();
      for (Value record : records->items()) {
        if (record.kind() == Value::Kind::Object && record.find("data") != nullptr)
          record.set("data", withFileText(*record.find("data"), base));
        list.push(record);
      }
      request.set("records", list);
    }
  }
  const FitRequest fitRequest = readFitRequest(request);
  request = Value();  // the file's text, read into the request's columns, is not needed again
  writeFitResult(fitLaw(fitRequest));
  return 0;
}

int convert(const std::string& file) {
  const ConversionResult result =
      convertLaw(readConversionRequest(cli::toValue(cli::JsonReader(readFile(file)).parse())));
  std::cout << cli::toJsonText(conversionResultValue(result)) << "\n";
  return 0;
}

/// `friction export`'s own flags, as the members of the export request: --to TARGET, --normal-force
/// N [N], --speed-range LO:HI [m/s], --units SI|mm-N-s.
template <class Next>
bool takeExportFlag(const std::string& arg, Next&& next, Value& request) {
  if (arg != "--to" && arg != "--normal-force" && arg != "--units" && arg != "--speed-range") return false;
  const std::string value = next();
  if (arg == "--to")
    request.set("to", value);
  else if (arg == "--normal-force")
    request.set("N", flagValue(value));
  else if (arg == "--units")
    request.set("units", value);
  else if (arg == "--speed-range") {
    const auto colon = value.find(':');
    if (colon == std::string::npos)
      throw UsageError("--speed-range wants LO:HI in m/s, e.g. 1e-4:1; got '" + value + "'.");
    request.set("vMin", flagValue(value.substr(0, colon)));
    request.set("vMax", flagValue(value.substr(colon + 1)));
  }
  return true;
}

/// `friction export`: the law and params from the scenario flags, the rest from its own.
int exportText(const ScenarioFlags& flags, Value request) {
  if (!flags.system.keys().empty() || flags.scenario.find("model") || flags.scenario.find("integrator") ||
      flags.scenario.find("samples"))
    throw UsageError("export takes --law, --param and its own flags only.");
  if (const Value* law = flags.scenario.find("law")) request.set("law", *law);
  if (!flags.params.keys().empty()) request.set("params", flags.params);
  const ExportResult result = exportLaw(readExportRequest(request));
  std::cout << result.text;
  return 0;
}

// The command line: the command, its files and its options.
struct CommandLine {
  std::string command, csvPath, summaryPath;
  std::vector<std::string> files;
  std::optional<cli::Shard> shard;
  ScenarioFlags flags;
  Value exportRequest = Value::object();

  // The one file a command other than merge takes ("" for none).
  std::string file() const { return files.empty() || command == "merge" ? "" : files.front(); }
};

CommandLine readCommandLine(int argc, char** argv) {
  CommandLine line;
  line.command = argv[1];
  for (int k = 2; k < argc; ++k) {
    const std::string arg = argv[k];
    auto next = [&]() -> std::string {
      if (k + 1 >= argc) throw UsageError(arg + " needs a value.");
      return argv[++k];
    };
    if (arg == "--csv") {
      line.csvPath = next();
    } else if (arg == "--summary") {
      line.summaryPath = next();
    } else if (arg == "--shard") {
      if (line.command != "sweep") throw UsageError("--shard is an option of sweep.");
      line.shard = cli::parseShard(next());
    } else if (line.flags.take(arg, next) ||
               (line.command == "export" && takeExportFlag(arg, next, line.exportRequest))) {
      continue;
    } else if (arg.rfind("--", 0) == 0) {
      throw UsageError("unknown option " + arg + ".");
    } else if (line.files.empty() || line.command == "merge") {
      line.files.push_back(arg);
    } else {
      throw UsageError("one file at most; got '" + line.files.front() + "' and '" + arg + "'.");
    }
  }
  return line;
}

// run and sweep: a scenario (a file or the flags) or a sweep file, to CSV.
int runOrSweep(const CommandLine& line) {
  const std::string file = line.file();
  if (line.command == "run") {
    if (line.flags.given() == !file.empty())
      throw UsageError("run takes a scenario file or --law/--model, not both nor neither.");
    const Value scenario =
        line.flags.given() ? line.flags.value() : cli::toValue(cli::JsonReader(readFile(file)).parse());
    return run(RunSpec::read(scenario), line.csvPath, line.summaryPath);
  }
  if (file.empty()) throw UsageError("sweep takes a sweep file.");
  return sweep(cli::JsonReader(readFile(file)).parse(), line.csvPath, line.shard);
}

int dispatch(const CommandLine& line) {
  const std::string& command = line.command;
  if (command == "run" || command == "sweep") return runOrSweep(line);
  if (command == "fit" || command == "convert") {
    if (line.file().empty() || line.flags.given() || !line.csvPath.empty() || !line.summaryPath.empty())
      throw UsageError(command + " takes one JSON file and no options.");
    return command == "fit" ? fit(line.file()) : convert(line.file());
  }
  if (command == "export") {
    if (!line.files.empty() || !line.csvPath.empty() || !line.summaryPath.empty())
      throw UsageError("export takes flags only (no file, --csv or --summary).");
    return exportText(line.flags, line.exportRequest);
  }
  if (command == "merge") {
    if (line.flags.given()) throw UsageError("merge takes only the parts' files (and --csv).");
    if (line.files.empty())
      throw UsageError("merge takes the parts of a sharded sweep: friction merge PART...");
    return merge(line.files, line.csvPath);
  }
  throw UsageError("unknown command '" + command + "'.");
}

}  // namespace

// Exit status: 0 done, 2 bad usage or input (the message names the field), 3 a run that could not
// complete.
int main(int argc, char** argv) {
  try {
    if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
      std::cout << kUsage;
      return argc < 2 ? 2 : 0;
    }
    return dispatch(readCommandLine(argc, argv));
  } catch (const UsageError& error) {
    std::cerr << "friction: " << error.what() << "\n" << kUsage;
    return 2;
  } catch (const cli::ShardError& error) {
    std::cerr << "friction: " << error.what() << "\n";
    return 2;
  } catch (const cli::JsonError& error) {
    std::cerr << "friction: " << error.what() << "\n";
    return 2;
  } catch (const InputError& error) {
    std::cerr << "friction: " << error.field() << ": " << error.what() << "\n";
    return 2;
  } catch (const SimulationError& error) {
    std::cerr << "friction: the run could not complete: " << error.what() << "\n";
    return 3;
  } catch (const std::exception& error) {
    std::cerr << "friction: " << error.what() << "\n";
    return 2;
  }
}
