// libFuzzer harness: bytes → the command-line program's JSON reader and its conversion to a
// friction::Value (cpp/cli/scenario_json) → the engine's one reader (readScenario, readSweep,
// readFitRequest, readConversionRequest, readExportRequest) → the run, the fit or the export, as
// `friction run|sweep|fit|convert|export` do, and as the wasm bindings read and run a request.
//
// Expected outcomes: malformed JSON (cli::JsonError), a refusal naming the field (InputError), a run
// that cannot complete and says why (SimulationError), or the harness's own wall-clock budget running
// out. Anything else is a finding and aborts, so that libFuzzer keeps the input: another exception, a
// crash or sanitizer report, an error without a field or message, or a run that claims success with a
// non-finite number in its trace or summary.
//
// Cost is bounded without changing the physics the input asks for: output grids above kMaxSamples
// rows are thinned to kMaxSamples (out-of-range counts still reach the engine's checks), a law run is
// stopped through its own progress callback once kWallBudget has passed (a sweep's cells too), and a
// sweep runs two cells (its corners), not every cell. The engine's work budget bounds the rest.

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <typeinfo>
#include <variant>
#include <vector>

#include "friction/friction.h"
#include "json.h"
#include "scenario_json.h"

using namespace friction;

namespace {

constexpr int kMaxSamples = 400;
constexpr std::chrono::milliseconds kWallBudget{200};

// How the inputs ended, printed at exit (fuzz.sh shows it): whether the fuzzer gets past the JSON
// reader and the input checks into the runs.
struct Outcomes {
  long json = 0, refused = 0, stopped = 0, budget = 0, completed = 0;
  ~Outcomes() {
    std::fprintf(
        stderr,
        "scenario_fuzz outcomes: %ld completed runs, %ld refused inputs (InputError), %ld stopped runs "
        "(SimulationError), %ld runs cut at the wall budget, %ld malformed JSON\n",
        completed, refused, stopped, budget, json);
  }
};
Outcomes outcomes;

// Thrown by a run's progress callback when the wall-clock budget is spent: an expected end.
struct WallBudgetSpent {};

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "\n== scenario_fuzz finding: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

void checkFinite(double value, const std::string& what) {
  if (!std::isfinite(value))
    finding(what + " is " + std::to_string(value) + " in a run that reported success");
}

// Every column the run has holds a row per time and only finite values (a column it does not compute is
// absent: no NaN columns); t starts at 0 and never decreases; the columns every run computes (t, x, v,
// friction, spring, drivePosition) are there.
void checkTrace(const Trace& trace) {
  const std::size_t rows = trace.size();
  if (rows < 2) finding("a trace of " + std::to_string(rows) + " rows");
  if (trace.t.front() != 0) finding("the trace starts at t = " + std::to_string(trace.t.front()));
  for (std::size_t i = 1; i < rows; ++i)
    if (!(trace.t[i] >= trace.t[i - 1])) finding("t decreases at row " + std::to_string(i));
  auto checkColumn = [&](const std::vector<double>& column, const std::string& name, bool alwaysComputed) {
    if (column.empty() && !alwaysComputed) return;
    if (column.size() != rows)
      finding("column " + name + " has " + std::to_string(column.size()) + " rows, t has " +
              std::to_string(rows));
    for (std::size_t i = 0; i < column.size(); ++i)
      if (!std::isfinite(column[i]))
        finding("column " + name + " is " + std::to_string(column[i]) + " at row " + std::to_string(i));
  };
  for (const ColumnSpec& column : columnCatalog()) {
    const std::string key(column.key);
    const bool alwaysComputed = key == "t" || key == "x" || key == "v" || key == "friction" ||
                                key == "spring" || key == "drivePosition";
    checkColumn(trace.*column.column, key, alwaysComputed);
  }
  for (std::size_t i = 0; i < trace.state.size(); ++i)
    checkColumn(trace.state[i], "state " + std::to_string(i), true);
}

// A seed model ({model, params}) or a law on the spring-block, run as `friction run` runs it (the
// engine's run), with a progress callback that stops it at the wall budget.
void runWithinBudget(Scenario scenario) {
  if (scenario.samples > kMaxSamples && scenario.samples <= 1'000'000) scenario.samples = kMaxSamples;
  const auto deadline = std::chrono::steady_clock::now() + kWallBudget;
  const RunSpec spec(std::move(scenario));
  const SimulationResult result = run(spec, [deadline](double) {
    if (std::chrono::steady_clock::now() > deadline) throw WallBudgetSpent{};
  });
  checkTrace(result.trace);
  const Summary& summary = result.summary;
  checkFinite(summary.peakVelocity, "peakVelocity");
  if (spec.runsModel()) return;
  for (const auto& [name, value] : {std::pair{"peakVelocity", summary.peakVelocity},
                                    {"driveForceMin", summary.driveForceMin},
                                    {"driveForceMax", summary.driveForceMax},
                                    {"nearRestThreshold", summary.nearRestThreshold}})
    checkFinite(value, name);
  // The quasi-static slider (m = 0) keeps no energy books (no kinetic energy to balance: null, as
  // documented), and has no resonance; every inertial run's are numbers.
  if (summary.system.get("m") > 0) {
    for (const auto& [name, value] : {std::pair{"driveWork", summary.driveWork},
                                      {"dissipated", summary.dissipated},
                                      {"dashpotDissipated", summary.dashpotDissipated},
                                      {"energyResidual", summary.energyResidual},
                                      {"resonanceHz", summary.resonanceHz}})
      checkFinite(value, name);
  }
  // A period, where one was measured, is a positive time.
  if (!std::isnan(summary.period)) checkFinite(summary.period, "period");
  // A static limit exists (finite) unless the law has neither a stick state nor a break-away peak.
  if ((summary.staticLimitKind == StaticLimitKind::None) == std::isfinite(summary.staticLimit))
    finding("staticLimit " + std::to_string(summary.staticLimit) + " for the kind '" +
            std::string(staticLimitKindName(summary.staticLimitKind)) + "'");
  for (const SpringBlockEvent& event : summary.events) checkFinite(event.t, "an event's time");
  // The one writer writes what was read: the scenario reads back as itself.
  if (!(readScenario(scenarioValue(spec.scenario())) == spec.scenario()))
    finding("the scenario written and read again differs from the one read");
}

// A sweep, as `friction sweep` reads and checks it; every axis value, and the two corner cells run.
void runSweep(Sweep sweep) {
  const auto deadline = std::chrono::steady_clock::now() + kWallBudget;
  Scenario& scenario = sweep.scenario;
  if (scenario.samples > kMaxSamples && scenario.samples <= 1'000'000) scenario.samples = kMaxSamples;
  for (const SweepAxis* axis : {&sweep.x, &sweep.y})
    for (int i = 0; i < axis->count; ++i) {
      const double value = axis->at(i);
      if (!(value >= axis->min && value <= axis->max))
        finding("axis " + axis->key + " value " + std::to_string(i) + " (" + std::to_string(value) +
                ") lies outside [" + std::to_string(axis->min) + ", " + std::to_string(axis->max) + "]");
    }
  for (const auto& [i, j] : {std::pair{0, 0}, std::pair{sweep.x.count - 1, sweep.y.count - 1}}) {
    const SweepCell cell = sweepCell(scenario, sweep.x, sweep.y, i, j, [deadline](double) {
      if (std::chrono::steady_clock::now() > deadline) throw WallBudgetSpent{};
    });
    // A value is a number, or NaN (null) where none was measured; a stopped cell says where.
    if (cell.error.empty() && !std::isnan(cell.value)) checkFinite(cell.value, "a sweep cell's value");
    if (cell.stopped) checkFinite(cell.stoppedAt, "a stopped cell's time");
  }
}

// Caps a fit's cost without changing what it fits: at most 2 starts and 40 evaluations each, a
// record's output grid thinned as a run's is, and the wall budget checked after each start.
void capFit(LeastSquaresOptions& options, Scenario& scenario,
            std::chrono::steady_clock::time_point deadline) {
  options.starts = std::min(options.starts, 2);
  options.maxEvaluations = std::min(options.maxEvaluations, 40);
  if (scenario.samples > kMaxSamples && scenario.samples <= 1'000'000) scenario.samples = kMaxSamples;
  options.progress = [deadline](const FitProgress&) {
    if (std::chrono::steady_clock::now() > deadline) throw WallBudgetSpent{};
    return true;
  };
}

// A fit of runs (a record, presliding) is also checked inside each run: one run of a stiff law can
// take seconds (a 10-minute fuzz run found a Dahl presliding fit whose σ0 steps made 80 runs of
// 0.2–0.9 s each natively, over the 10 s limit under the sanitizers).
void capFitRuns(FitRequest& request, std::chrono::steady_clock::time_point deadline) {
  capFit(request.options, request.scenario, deadline);
  request.runProgress = [deadline](double) {
    if (std::chrono::steady_clock::now() > deadline) throw WallBudgetSpent{};
  };
}

// A fit's result: one fitted value per free parameter, the model's value per data point, finite
// where the fit reports success.
void checkFit(const FitResult& result, std::size_t points) {
  if (result.fit.values.size() != result.free.size())
    finding("a fit with " + std::to_string(result.fit.values.size()) + " values for " +
            std::to_string(result.free.size()) + " free parameters");
  for (double value : result.fit.values) checkFinite(value, "a fitted value");
  if (result.fitted.size() != points)
    finding("a fit with " + std::to_string(result.fitted.size()) + " model values for " +
            std::to_string(points) + " points");
  checkFinite(result.fit.rms, "a fit's rms");
}

// The fits (friction fit, friction convert) and the solver export (friction export), read by their
// one readers as the CLI and the bindings read them.
void runFitRequest(const cli::Json& json, const Value& value) {
  const auto deadline = std::chrono::steady_clock::now() + kWallBudget;
  if (json.has("data")) {
    FitRequest request = readFitRequest(value);
    capFitRuns(request, deadline);
    checkFit(fitLaw(request), request.x.size());
  } else if (json.has("from")) {
    ConversionRequest request = readConversionRequest(value);
    Scenario unused;
    capFit(request.options, unused, deadline);
    const ConversionResult result = convertLaw(request);
    checkFit(result.fit, result.v.size());
    checkFinite(result.maxAbsoluteDeviation, "a conversion's deviation");
  } else {
    const ExportResult result = exportLaw(readExportRequest(value));
    if (result.text.empty()) finding("an export of no text");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const cli::Json json = cli::JsonReader(text).parse();
    const Value value = cli::toValue(json);
    if (json.has("data") || json.has("from") || json.has("to"))
      runFitRequest(json, value);
    else if (json.has("scenario"))
      runSweep(readSweep(value));
    else
      runWithinBudget(readScenario(value));
    ++outcomes.completed;
  } catch (const cli::JsonError&) {
    ++outcomes.json;
  } catch (const InputError& error) {
    if (error.field().empty() || std::string(error.what()).empty())
      finding(std::string("an InputError without a field or message: '") + error.what() + "'");
    ++outcomes.refused;
  } catch (const SimulationError& error) {
    if (std::string(error.what()).empty()) finding("a SimulationError without a message");
    ++outcomes.stopped;
  } catch (const WallBudgetSpent&) {
    ++outcomes.budget;
  } catch (const std::exception& error) {
    finding(std::string("unexpected ") + typeid(error).name() + ": " + error.what());
  } catch (...) {
    finding("an exception of unknown type");
  }
  return 0;
}
