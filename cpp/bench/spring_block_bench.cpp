// Benchmark of the spring-block solvers (run by build-scripts/bench.sh, natively and under node).
// Not a test: it prints steps, wall time and error for each method on the cases below, with time ratios
// measured side by side in this one process (rounds interleave the methods, medians are reported),
// then one JSON line (prefixed "BENCH_JSON ") that bench.sh uses to put native and wasm side by side.
//
//   1. Coulomb stick-slip, case C1 (docs/validation.md, "Closed forms: the spring-block") and the seed's
//      Coulomb-limit case ("The seed app's own code" there):
//      every integrator, error of the period against the closed form.
//   2. The seed app's default case: the seed's own scheme (abbott-seed) and ours (state-variable) on
//      the continuous model the seed's scheme discretises (docs/reference/models.md: τ = 0.001·τ_slider s,
//      D = 0.001·D_slider m, Load as mass and force), error of the period against a converged run.
//   3. Every catalog law with its defaults on the seed app's system: each integrator, error of the
//      final position against a run of the same law at a thousandth of its tolerance.
//   4. `auto` on every law, 40 s, on the seed's system, the default one and the LuGre stick-slip
//      set-up at c = 2…5 N/m (issue 14's table): time, steps, method and the error of x(40 s).
//   5. Time to accuracy: each adaptive method over tolerances 1e-4 … 1e-13 on C1's period, Drake's law
//      on the seed's system and LuGre at c = 3 N/m: the least time that reaches 1e-6 and 1e-9.
//   6. The quasi-static slider (issue 15): the velocity step 1 → 10 µm/s over 40 s on 4001 rows (rsfmodel's
//      example) and slide-hold-slide with holds of 1 … 1000 s, Dormand–Prince and Radau over tolerances
//      1e-6 … 1e-12: time and the largest error of μ on the rows against Dormand–Prince at 1e-13, and the
//      least time that reaches 1e-8 beside issue 15's target for it in wasm (the velocity step under 3 ms,
//      slide-hold-slide under 20 ms). `friction_bench ROUNDS quasi-static` runs this group alone (with its
//      BENCH_JSON line: `bench.sh ROUNDS quasi-static` puts its native and wasm runs side by side), and
//      `friction_bench ROUNDS seed` group 2.
//   7. Fits (issue 16): LuGre's 4-parameter Stribeck curve to 1000 points (target 50 ms in wasm) and
//      rate-and-state a, b, Dc and the stiffness c to a 2000-point velocity-step record (target 2 s in
//      wasm), both from closed forms with seeded noise, 8 and 3 starts: time, evaluations and the RMS
//      residual. `friction_bench ROUNDS fit` runs this group alone.
// `friction_bench ROUNDS auto` runs groups 4 and 5 alone (with the BENCH_JSON line: `bench.sh ROUNDS auto`
// puts their native and wasm runs side by side).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "analysis/spring_block_run.h"
#include "friction/friction.h"

using namespace friction;

namespace {

// A law's run on the spring-block as the engine's loops take it (the benchmark, as the tests, sets
// tolerances and steps a scenario does not offer), the analysis referring to the last velocity step.
SimulationResult benchRun(std::string_view law, const ParamList& params, SpringBlockSystem sys,
                          const RunSettings& settings = {}) {
  if (!sys.driveSteps.empty()) sys.v0 = sys.driveSteps.back().value;
  return runSpringBlock(LawEvaluator(law, params), sys, settings);
}

struct Row {
  Row(std::string group, std::string label) : group(std::move(group)), label(std::move(label)) {}
  std::string group, label;
  std::function<void()> run;  // one timed run; fills the fields below
  long long steps = 0;
  double error = NAN;
  std::string note;  // why it was refused, or which method `auto` picked
  bool refused = false;
  std::vector<double> seconds;
  /// What the row runs, as a scenario where it is one (`friction_bench 0 scenarios` lists them for
  /// tests/wasm/same-answers.test.mjs, which runs each natively and in wasm); none for the fits.
  std::optional<Scenario> scenario;
};

// `friction_bench 0 scenarios`: the rows are listed, not timed, so their references are not computed.
bool gListing = false;

// The scenario a benchRun runs: the same law, system, method, tolerance (its absolute one a thousandth of
// the relative one, as RunSettings has it in every row) and rows.
Scenario scenarioOf(std::string_view law, const ParamList& params, const SpringBlockSystem& sys,
                    const RunSettings& settings) {
  Scenario scenario;
  scenario.law = std::string(law);
  scenario.params = params;
  scenario.system = {{"m", sys.m},   {"c", sys.c},   {"eta", sys.eta},
                     {"v0", sys.v0}, {"Fn", sys.Fn}, {"duration", sys.duration}};
  scenario.integrator = std::string(integratorId(settings.integrator));
  scenario.tolerance = settings.relativeTolerance;
  scenario.samples = settings.samples;
  return scenario;
}

double median(std::vector<double> values) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Times every row `rounds` times, interleaved so that machine load affects all rows alike, after one
// untimed round (round −1): a row's first run pays for what later runs find ready (in wasm, V8 compiles
// each function at its first call and has no on-stack replacement, so a loop called once per run keeps
// its first tier for that run; natively, the allocator's first pages), which bench.sh's one-round
// passes would otherwise time.
void measure(std::deque<Row>& rows, int rounds) {
  for (int round = -1; round < rounds; ++round)
    for (Row& row : rows) {
      if (row.refused) continue;  // nothing to time
      const auto start = std::chrono::steady_clock::now();
      try {
        row.run();
      } catch (const std::exception& error) {
        row.note = error.what();
        row.refused = true;
        continue;
      }
      if (round >= 0)
        row.seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
}

// Mean spacing of the break-aways (a v = 0 → v > 0 transition of the trace) after `after` seconds.
double meanPeriod(const Trace& trace, double after) {
  std::vector<double> breaks;
  for (std::size_t i = 1; i < trace.size(); ++i)
    if (trace.v[i - 1] == 0 && trace.v[i] > 0 && trace.t[i - 1] >= after) breaks.push_back(trace.t[i - 1]);
  if (breaks.size() < 2) return NAN;
  return (breaks.back() - breaks.front()) / static_cast<double>(breaks.size() - 1);
}

std::string shortNote(const std::string& text) {
  return text.size() > 70 ? text.substr(0, 67) + "..." : text;
}

void printTable(const std::deque<Row>& rows, const std::string& group, const std::string& errorLabel,
                const std::string& baseline) {
  double baseSeconds = NAN;
  for (const Row& row : rows)
    if (row.group == group && row.label == baseline) baseSeconds = median(row.seconds);
  std::printf("\n%-34s %10s %12s %12s %14s\n", group.c_str(), "steps", "time [ms]", errorLabel.c_str(),
              ("÷ " + baseline).c_str());
  for (const Row& row : rows) {
    if (row.group != group) continue;
    if (row.seconds.empty()) {
      std::printf("  %-32s refused: %s\n", row.label.c_str(), shortNote(row.note).c_str());
      continue;
    }
    const double seconds = median(row.seconds);
    const std::string label = row.note.empty() ? row.label : row.label + " → " + row.note;
    if (std::isnan(baseSeconds))  // a group without a baseline (the quasi-static slider's): no ratio column
      std::printf("  %-32s %10lld %12.3f %12.2e\n", label.c_str(), row.steps, 1e3 * seconds, row.error);
    else
      std::printf("  %-32s %10lld %12.3f %12.2e %14.3f\n", label.c_str(), row.steps, 1e3 * seconds, row.error,
                  seconds / baseSeconds);
  }
}

std::string jsonEscape(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out;
}

// The seed app plots 200 intervals (a sample every max(dt, tmax/200)); the Coulomb cases ask for the
// same grid, so that output, not the method, does not set the step count. (Every adaptive step ends
// on a grid point: 2000 points over an 8 s run would force 4 ms steps.)
constexpr int kSeedPlotPoints = 201;

// Adds one row per integrator (and Dormand–Prince at looser tolerances) for the Coulomb law on
// `system`, erring on the period against `exact`.
void addCoulombGroup(std::deque<Row>& rows, const std::string& group, const SpringBlockSystem& system,
                     double exact) {
  struct Method {
    Integrator kind;
    std::string label;
    double relativeTolerance;
  };
  std::vector<Method> methods;
  for (const IntegratorSpec& spec : integratorCatalog())
    if (spec.kind != Integrator::Auto) methods.push_back({spec.kind, std::string(spec.id), 1e-10});
  for (double tolerance : {1e-9, 1e-8, 1e-7})
    methods.push_back(
        {Integrator::DormandPrince, "dormand-prince, rtol " + formatNumber(tolerance), tolerance});
  for (const Method& method : methods) {
    rows.emplace_back(group, method.label);
    Row& row = rows.back();
    RunSettings listed;
    listed.integrator = method.kind;
    listed.relativeTolerance = method.relativeTolerance;
    listed.samples = kSeedPlotPoints;
    row.scenario = scenarioOf("coulomb", {{"mu_s", 0.6}, {"mu_k", 0.4}}, system, listed);
    row.run = [&row, method, system, exact] {
      RunSettings options;
      options.integrator = method.kind;
      options.relativeTolerance = method.relativeTolerance;
      options.absoluteTolerance = method.relativeTolerance * 1e-3;
      options.samples = kSeedPlotPoints;
      const SimulationResult r = benchRun("coulomb", {{"mu_s", 0.6}, {"mu_k", 0.4}}, system, options);
      std::vector<double> breaks;
      for (const SpringBlockEvent& e : r.summary.events)
        if (e.kind == EventKind::BreakAway) breaks.push_back(e.t);
      row.steps = r.summary.steps;
      row.error = breaks.size() >= 3 ? std::fabs((breaks[2] - breaks[1]) / exact - 1) : NAN;
    };
  }
}

// The closed-form Coulomb period (case C1's formula) of `s` with μs, μk.
double coulombPeriod(const SpringBlockSystem& s, double muS, double muK) {
  return coulombStickSlipPeriod(s.m, s.c, s.v0, muS * s.Fn, muK * s.Fn);
}

const Row& findRow(const std::deque<Row>& rows, const std::string& group, const std::string& label) {
  for (const Row& row : rows)
    if (row.group == group && row.label == label) return row;
  std::fprintf(stderr, "bench: no row %s / %s\n", group.c_str(), label.c_str());
  std::exit(1);
}

// 2. The seed's default case: μs 0.6, μk 0.4, Load 1, c 10, η 0, τ 200 (0.2 s), D 1 (1 mm), V0 0.1,
//    over the seed's longest run (100 s); the period is averaged over the break-aways after 20 s.
//    Returns the reference period and how well a twice coarser step agrees with it.
std::pair<double, double> addSeedGroup(std::deque<Row>& rows, const std::string& seedGroup) {
  static const ParamList seedDefaults = {{"tmax", 100}};
  const ParamList continuous = {{"m", 1},     {"Fn", 1}, {"mus", 0.6}, {"muk", 0.4}, {"tau", 0.2},
                                {"D", 0.001}, {"c", 10}, {"eta", 0},   {"v0", 0.1},  {"duration", 100}};
  const StateVariableParams sv = stateVariableParams(resolveParams(stateVariableModel(), continuous));
  StateVariableOptions fine, finer;
  fine.step = chooseStep(sv) / 8;
  finer.step = chooseStep(sv) / 16;
  const double referencePeriod = gListing ? NAN : meanPeriod(simulateStateVariable(sv, finer).trace, 20);
  const double referenceCheck =
      gListing ? NAN : std::fabs(meanPeriod(simulateStateVariable(sv, fine).trace, 20) / referencePeriod - 1);
  rows.emplace_back(seedGroup, "seed scheme (abbott-seed, 1 ms)");
  Row& seedRow = rows.back();
  seedRow.scenario = Scenario();
  seedRow.scenario->model = "abbott-seed";
  seedRow.scenario->params = seedDefaults;
  seedRow.run = [&seedRow, referencePeriod] {
    Scenario seed;
    seed.model = "abbott-seed";
    seed.params = seedDefaults;
    const SimulationResult r = run(RunSpec(seed));
    seedRow.steps = r.summary.steps;
    seedRow.error = std::fabs(meanPeriod(r.trace, 20) / referencePeriod - 1);
  };
  // The seed's scheme for laws over the same 100,000 steps of 1 ms and the same 201 rows: the seed's law
  // with θ at its steady state (abbott-theta), so the loop, not the physics, is what differs in time.
  rows.emplace_back(seedGroup, "seed-euler, abbott-theta (1 ms)");
  Row& lawRow = rows.back();
  RunSettings seedEuler;
  seedEuler.integrator = Integrator::SeedEuler;
  seedEuler.samples = kSeedPlotPoints;
  lawRow.scenario = scenarioOf("abbott-theta", {{"mus", 0.6}, {"muk", 0.4}, {"tau", 0.2}, {"D", 0.001}},
                               {1, 10, 0, 0.1, 1, 100}, seedEuler);
  lawRow.run = [&lawRow] {
    RunSettings options;
    options.integrator = Integrator::SeedEuler;
    options.samples = kSeedPlotPoints;
    const SpringBlockSystem seedSystem{1, 10, 0, 0.1, 1, 100};
    const SimulationResult r = benchRun(
        "abbott-theta", {{"mus", 0.6}, {"muk", 0.4}, {"tau", 0.2}, {"D", 0.001}}, seedSystem, options);
    lawRow.steps = r.summary.steps;
  };
  rows.emplace_back(seedGroup, "ours (state-variable, auto)");
  Row& oursRow = rows.back();
  oursRow.scenario = Scenario();
  oursRow.scenario->model = "state-variable";
  oursRow.scenario->params = continuous;
  oursRow.run = [&oursRow, sv, referencePeriod] {
    const SimulationResult r = simulateStateVariable(sv);
    oursRow.steps = r.summary.steps;
    oursRow.error = std::fabs(meanPeriod(r.trace, 20) / referencePeriod - 1);
  };
  return {referencePeriod, referenceCheck};
}

// 3. Every law with its defaults on the seed app's system (m 1 kg, c 10 N/m, v0 0.1 m/s, Fn = m·g,
//    10 s) and its default tolerances, each integrator; the reference is `auto` at a thousandth of them.
void addLawGroups(std::deque<Row>& rows) {
  const SpringBlockSystem seedSystem{1, 10, 0, 0.1, kStandardGravity, 10};
  for (const LawSpec& law : lawCatalog()) {
    const std::string id(law.spec.id);
    const RunSettings defaults = defaultSettings(LawEvaluator(id, {}));
    RunSettings tight = defaults;
    tight.relativeTolerance *= 1e-3;
    tight.absoluteTolerance *= 1e-3;
    double referenceX = NAN;
    try {
      if (!gListing) referenceX = benchRun(id, {}, seedSystem, tight).trace.x.back();
    } catch (const std::exception&) {
      // No reference within the step budget: the rows still report steps and time.
    }
    for (const IntegratorSpec& spec : integratorCatalog()) {
      rows.emplace_back("Law " + id, std::string(spec.id));
      Row& row = rows.back();
      RunSettings listed = defaults;
      listed.integrator = spec.kind;
      row.scenario = scenarioOf(id, {}, seedSystem, listed);
      row.run = [&row, id, kind = spec.kind, seedSystem, referenceX, defaults] {
        RunSettings options = defaults;
        options.integrator = kind;
        const SimulationResult r = benchRun(id, {}, seedSystem, options);
        row.steps = r.summary.steps;
        row.error = std::fabs(r.trace.x.back() - referenceX) / (seedSystem.v0 * seedSystem.duration);
        if (kind == Integrator::Auto) row.note = std::string(integratorId(r.summary.integrator));
      };
    }
  }
}

// The systems of issue 14's table: the seed's (m 1 kg, c 10 N/m, v0 0.1 m/s, Fn = m·g), the page's
// default (c 100 N/m) and the LuGre stick-slip set-up (Fn 1 N, c 2…5 N/m), all 40 s.
struct NamedSystem {
  std::string name;
  SpringBlockSystem system;
};
const std::vector<NamedSystem>& autoSystems() {
  static const std::vector<NamedSystem> systems = {{"seed", {1, 10, 0, 0.1, kStandardGravity, 40}},
                                                   {"default", {1, 100, 0, 0.1, kStandardGravity, 40}},
                                                   {"LuGre c=2", {1, 2, 0, 0.1, 1, 40}},
                                                   {"LuGre c=3", {1, 3, 0, 0.1, 1, 40}},
                                                   {"LuGre c=4", {1, 4, 0, 0.1, 1, 40}},
                                                   {"LuGre c=5", {1, 5, 0, 0.1, 1, 40}}};
  return systems;
}

// 4. `auto` on every law with its defaults and its default tolerance on each of autoSystems(), the
//    page's 2000 rows: time, steps, and the error of x(40 s) relative to v0·40 s against a run of
//    another method (Dormand–Prince, or Radau where Dormand–Prince is the one auto ran or cannot
//    finish, or Rosenbrock where Radau is refused: the θ law) at a thousandth of the tolerance, beside
//    the tolerance itself.
void addAutoTable(std::deque<Row>& rows) {
  for (const NamedSystem& named : autoSystems())
    for (const LawSpec& law : lawCatalog()) {
      const std::string id(law.spec.id);
      const RunSettings defaults = defaultSettings(LawEvaluator(id, {}));
      double referenceX = NAN;
      for (Integrator other :
           {Integrator::DormandPrince, Integrator::Radau, Integrator::Rosenbrock, Integrator::Auto}) {
        if (gListing) break;
        RunSettings tight = defaults;
        tight.relativeTolerance *= 1e-3;
        tight.absoluteTolerance *= 1e-3;
        tight.integrator = other;
        try {
          const SimulationResult reference = benchRun(id, {}, named.system, tight);
          RunSettings probe = defaults;
          probe.samples = 2;
          if (other != Integrator::Auto && benchRun(id, {}, named.system, probe).summary.integrator == other)
            continue;
          referenceX = reference.trace.x.back();
          break;
        } catch (const std::exception&) {
          // that method cannot finish here: try the next
        }
      }
      rows.emplace_back("Auto, " + named.name, id);
      Row& row = rows.back();
      row.scenario = scenarioOf(id, {}, named.system, defaults);
      row.run = [&row, id, system = named.system, referenceX, defaults] {
        const SimulationResult r = benchRun(id, {}, system, defaults);
        row.steps = r.summary.steps;
        row.error = std::fabs(r.trace.x.back() - referenceX) / (system.v0 * system.duration);
        row.note = std::string(integratorId(r.summary.integrator)) + ", tol " +
                   formatNumber(defaults.relativeTolerance);
      };
    }
}

// 5. Time to accuracy: each adaptive method over relative tolerances 1e-4 … 1e-13 on three cases (C1's
//    period against its closed form; Drake's Stribeck law on the seed's system, issue 14's case, and
//    LuGre at c = 3 N/m, each x(T) against a Dormand–Prince run at 1e-13), printed as the least median
//    time of a tolerance that reaches 1e-6 and 1e-9.
struct AccuracyCase {
  std::string name, law;
  ParamList params;
  SpringBlockSystem system;
  bool period;  // error of C1's period, else of x(T) relative to v0·T
};
const std::vector<AccuracyCase>& accuracyCases() {
  static const std::vector<AccuracyCase> cases = {
      {"C1 period, coulomb", "coulomb", {{"mu_s", 0.6}, {"mu_k", 0.4}}, {1, 10, 0, 0.1, 10, 20}, true},
      {"Drake, seed system, x(10 s)",
       "drake-stribeck",
       {{"static_friction", 0.6}, {"dynamic_friction", 0.4}, {"stiction_tolerance", 1e-4}},
       {1, 10, 0, 0.1, 10, 10},
       false},
      {"LuGre c=3, x(40 s)", "lugre", {}, {1, 3, 0, 0.1, 1, 40}, false}};
  return cases;
}

void addAccuracyRows(std::deque<Row>& rows) {
  for (const AccuracyCase& c : accuracyCases()) {
    double reference = NAN;
    if (c.period) {
      reference = coulombPeriod(c.system, 0.6, 0.4);
    } else if (!gListing) {
      RunSettings tight;
      tight.integrator = Integrator::DormandPrince;
      tight.relativeTolerance = 1e-13;
      tight.absoluteTolerance = 1e-16;
      reference = benchRun(c.law, c.params, c.system, tight).trace.x.back();
    }
    for (Integrator method : {Integrator::DormandPrince, Integrator::Rosenbrock, Integrator::Radau})
      for (int exponent = 4; exponent <= 13; ++exponent) {
        const double tolerance = std::pow(10.0, -exponent);
        rows.emplace_back("Accuracy " + c.name,
                          std::string(integratorId(method)) + " " + formatNumber(tolerance));
        Row& row = rows.back();
        RunSettings listed;
        listed.integrator = method;
        listed.relativeTolerance = tolerance;
        listed.samples = c.period ? kSeedPlotPoints : 2000;
        row.scenario = scenarioOf(c.law, c.params, c.system, listed);
        row.run = [&row, &c, method, tolerance, reference] {
          RunSettings options;
          options.integrator = method;
          options.relativeTolerance = tolerance;
          options.absoluteTolerance = 1e-3 * tolerance;
          options.samples = c.period ? kSeedPlotPoints : 2000;
          const SimulationResult r = benchRun(c.law, c.params, c.system, options);
          row.steps = r.summary.steps;
          if (c.period) {
            std::vector<double> breaks;
            for (const SpringBlockEvent& e : r.summary.events)
              if (e.kind == EventKind::BreakAway) breaks.push_back(e.t);
            row.error = breaks.size() >= 3 ? std::fabs((breaks[2] - breaks[1]) / reference - 1) : NAN;
          } else {
            row.error = std::fabs(r.trace.x.back() - reference) / (c.system.v0 * c.system.duration);
          }
        };
      }
  }
}

// The quasi-static slider's cases: the rsf-velocity-step and slide-hold-slide presets.
struct QuasiStaticCase {
  std::string name;
  Scenario scenario;
  double targetMs;  // issue 15's target in wasm, to 1e-8 in friction
};

std::vector<QuasiStaticCase> quasiStaticCases() {
  std::vector<QuasiStaticCase> cases;
  for (const Preset& preset : presetCatalog())
    if (preset.id == "rsf-velocity-step" || preset.id == "slide-hold-slide")
      cases.push_back({preset.id == "rsf-velocity-step" ? "velocity step 1 -> 10 um/s, 40 s, 4001 rows"
                                                        : "slide-hold-slide, holds 1..1000 s",
                       preset.scenario, preset.id == "rsf-velocity-step" ? 3.0 : 20.0});
  return cases;
}

std::vector<double> frictionOf(Scenario scenario, const std::string& integrator, double tolerance,
                               long long* steps) {
  scenario.integrator = integrator;
  scenario.tolerance = tolerance;
  const SimulationResult result = run(RunSpec(std::move(scenario)));
  if (steps) *steps = result.summary.steps;
  return result.trace.friction;  // Fn = 1 N: friction is μ
}

void addQuasiStaticRows(std::deque<Row>& rows) {
  static const std::vector<QuasiStaticCase> cases = quasiStaticCases();
  for (const QuasiStaticCase& c : cases) {
    auto reference = std::make_shared<std::vector<double>>(
        gListing ? std::vector<double>{} : frictionOf(c.scenario, "dormand-prince", 1e-13, nullptr));
    for (const std::string method : {"dormand-prince", "radau"})
      for (int exponent = 6; exponent <= 12; ++exponent) {
        const double tolerance = std::pow(10.0, -exponent);
        rows.emplace_back("Quasi-static " + c.name, method + " " + formatNumber(tolerance));
        Row& row = rows.back();
        row.scenario = c.scenario;
        row.scenario->integrator = method;
        row.scenario->tolerance = tolerance;
        row.run = [&row, &c, method, tolerance, reference] {
          const std::vector<double> mu = frictionOf(c.scenario, method, tolerance, &row.steps);
          double worst = 0;
          for (std::size_t i = 0; i < mu.size(); ++i)
            worst = std::max(worst, std::fabs(mu[i] - (*reference)[i]));
          row.error = worst;
        };
      }
  }
}

void printQuasiStatic(const std::deque<Row>& rows) {
  for (const QuasiStaticCase& c : quasiStaticCases()) {
    printTable(rows, "Quasi-static " + c.name, "max |dmu|", "");
    for (const std::string method : {"dormand-prince", "radau"}) {
      const Row* best = nullptr;
      for (const Row& row : rows)
        if (row.group == "Quasi-static " + c.name && row.label.rfind(method, 0) == 0 && row.error <= 1e-8 &&
            (!best || median(row.seconds) < median(best->seconds)))
          best = &row;
      if (!best) {
        std::printf("  %s does not reach 1e-8 in friction (target in wasm: under %.0f ms)\n", method.c_str(),
                    c.targetMs);
        continue;
      }
      std::printf(
          "  %s reaches 1e-8 in friction in %.3f ms (%s, %lld steps, error %.1e; target in wasm: under %.0f "
          "ms)\n",
          method.c_str(), 1e3 * median(best->seconds), best->label.c_str(), best->steps, best->error,
          c.targetMs);
    }
  }
}

void printAccuracy(const std::deque<Row>& rows) {
  std::printf(
      "\nTime to accuracy: the least median time [ms] of a relative tolerance (1e-4 … 1e-13) whose error "
      "reaches the goal (the tolerance in brackets)\n");
  std::printf("%-34s %-16s %22s %22s\n", "case", "method", "to 1e-6", "to 1e-9");
  for (const AccuracyCase& c : accuracyCases())
    for (Integrator method : {Integrator::DormandPrince, Integrator::Rosenbrock, Integrator::Radau}) {
      std::string cells[2];
      const double goals[2] = {1e-6, 1e-9};
      for (int g = 0; g < 2; ++g) {
        const Row* best = nullptr;
        for (const Row& row : rows)
          if (row.group == "Accuracy " + c.name &&
              row.label.rfind(std::string(integratorId(method)) + " ", 0) == 0 && !row.seconds.empty() &&
              row.error <= goals[g] && (!best || median(row.seconds) < median(best->seconds)))
            best = &row;
        char text[64];
        if (best)
          std::snprintf(text, sizeof text, "%.3f (%s)", 1e3 * median(best->seconds),
                        best->label.substr(best->label.rfind(' ') + 1).c_str());
        else
          std::snprintf(text, sizeof text, "not reached");
        cells[g] = text;
      }
      std::printf("%-34s %-16s %22s %22s\n", c.name.c_str(), std::string(integratorId(method)).c_str(),
                  cells[0].c_str(), cells[1].c_str());
    }
}

void printAutoTable(const std::deque<Row>& rows) {
  std::printf(
      "\nauto on every law with its defaults, 40 s, 2000 rows: time [ms], steps, the method it ran and its "
      "tolerance, and the error of x(40 s) relative to v0·40 s (goal: under 100 ms in wasm, error near the "
      "tolerance)\n");
  for (const NamedSystem& named : autoSystems()) {
    std::printf("\n%-30s %10s %10s %12s  %s\n", named.name.c_str(), "time [ms]", "steps", "x(T) err",
                "method");
    for (const Row& row : rows) {
      if (row.group != "Auto, " + named.name) continue;
      if (row.seconds.empty()) {
        std::printf("  %-28s refused: %s\n", row.label.c_str(), shortNote(row.note).c_str());
        continue;
      }
      const double ms = 1e3 * median(row.seconds);
      std::printf("  %-28s %10.3f %10lld %12.2e  %s%s\n", row.label.c_str(), ms, row.steps, row.error,
                  row.note.c_str(), ms < 100 ? "" : "  (over 100 ms)");
    }
  }
}

void printSeedGroup(const std::deque<Row>& rows, const std::string& seedGroup, double referencePeriod,
                    double referenceCheck) {
  printTable(rows, seedGroup, "period err", "seed scheme (abbott-seed, 1 ms)");
  std::printf(
      "  reference: RK4 at 1/16 of the automatic step, period %.10f s (1/8 of the step agrees to %.1e)\n",
      referencePeriod, referenceCheck);
  std::printf("  the seed-euler loop for laws ÷ the seed app's loop, same steps: %.2f (goal ≤ 1)\n",
              median(findRow(rows, seedGroup, "seed-euler, abbott-theta (1 ms)").seconds) /
                  median(findRow(rows, seedGroup, "seed scheme (abbott-seed, 1 ms)").seconds));
}

void printJson(const std::deque<Row>& rows, int rounds) {
  std::printf("BENCH_JSON {\"rounds\":%d,\"rows\":[", rounds);
  bool first = true;
  for (const Row& row : rows) {
    std::printf("%s{\"group\":\"%s\",\"label\":\"%s\",\"steps\":%lld,\"seconds\":%.9g,\"error\":%.6g}",
                first ? "" : ",", jsonEscape(row.group).c_str(), jsonEscape(row.label).c_str(), row.steps,
                row.seconds.empty() ? -1.0 : median(row.seconds),
                std::isfinite(row.error) ? row.error : -1.0);
    first = false;
  }
  std::printf("]}\n");
}

// The target: event-driven to 1e-9 on the period in less time than the seed's scheme to 1e-3, on
// the seed's own Coulomb-limit case (where its scheme does reach 1e-3; on C1 its creep costs 1.5 %).
void printTarget(const std::deque<Row>& rows, const std::string& limitGroup) {
  const Row& seedScheme = findRow(rows, limitGroup, "seed-euler");
  const Row* eventDriven = nullptr;  // the fastest Dormand–Prince row within 1e-9
  for (const Row& row : rows)
    if (row.group == limitGroup && row.label.rfind("dormand-prince", 0) == 0 && row.error <= 1e-9 &&
        (!eventDriven || median(row.seconds) < median(eventDriven->seconds)))
      eventDriven = &row;
  if (eventDriven)
    std::printf(
        "\nTarget (seed's Coulomb limit, 8 s, 201 points): event-driven %s reaches a period error of %.1e "
        "(goal ≤ 1e-9) in %.3f ms; the seed's scheme reaches %.1e (goal ≤ 1e-3) in %.3f ms. Time ratio "
        "event-driven ÷ seed: %.3f (goal < 1)\n",
        eventDriven->label.c_str(), eventDriven->error, 1e3 * median(eventDriven->seconds), seedScheme.error,
        1e3 * median(seedScheme.seconds), median(eventDriven->seconds) / median(seedScheme.seconds));
  else
    std::printf("\nTarget: no event-driven row reached 1e-9 on the period\n");
}

// ---- 9. The work budget ----

const std::string kBudgetGroup = "Work budget";

// The issue's map: rsf on the quasi-static slider with Dc = 0.1 nm (its slips resolve v/Dc ≈ 2e8 1/s).
Scenario issueCell(double mu0, double eta, double duration) {
  Scenario scenario;
  scenario.law = "rsf";
  scenario.params = {{"a", 0.01}, {"b1", 0.015}, {"Dc1", 1e-10}, {"Vstar", 1e-6}, {"form", 0}, {"mu0", mu0}};
  scenario.system = {{"m", 0}, {"Fn", 1}, {"c", 1e4}, {"v0", 1e-5}, {"duration", duration}, {"eta", eta}};
  scenario.start = SpringBlockStart::Steady;
  scenario.kick = 0.01;
  scenario.samples = 400;
  return scenario;
}

// A run the budget stops (or that costs a budget's worth and ends): the time, and where it stopped.
void addBudgetRun(std::deque<Row>& rows, const std::string& label, const Scenario& scenario) {
  Row& row = rows.emplace_back(kBudgetGroup, label);
  row.run = [&row, scenario] {
    try {
      const SimulationResult result = run(RunSpec(scenario));
      row.steps = result.summary.steps;
      row.note = "ran to its end";
    } catch (const RunStopped& stop) {
      row.error = stop.time();
      row.note = "stopped at t = " + formatSignificant(stop.time(), 4) + " s";
    }
  };
}

// A law on the default system (m 1 kg, c 10 N/m, v0 0.1 m/s) over `duration`, on 400 rows.
Scenario longRun(const std::string& law, const std::string& integrator, double duration) {
  Scenario scenario;
  scenario.law = law;
  scenario.integrator = integrator;
  scenario.system = {{"m", 1}, {"c", 10}, {"v0", 0.1}, {"duration", duration}};
  scenario.samples = 400;
  return scenario;
}

// The issue's fuzz finding (its cell took 14.4 s and 1.2 million Radau steps; its map 89 s), and the
// costliest runs found: each spends the whole budget, the costliest units measured (Radau on
// rate-state's creep, the slider's Newton balance with a dashpot, the seed's scheme on a Radioss law).
void addBudgetRows(std::deque<Row>& rows) {
  addBudgetRun(rows, "issue 29's cell (rsf slider, Dc 0.1 nm, 1361 s)", issueCell(0, 5, 1361));
  Row& map = rows.emplace_back(kBudgetGroup, "issue 29's map, 8 cells");
  map.run = [&map] {
    SweepAxis x, y;
    x.key = "mu0";
    x.min = 0;
    x.max = 2;
    x.count = 4;
    y.target = "system";
    y.key = "eta";
    y.min = 5;
    y.max = 100;
    y.count = 2;
    int stopped = 0;
    for (int j = 0; j < 2; ++j)
      for (int i = 0; i < 4; ++i) stopped += sweepCell(issueCell(0, 5, 1361), x, y, i, j).stopped ? 1 : 0;
    map.note = std::to_string(stopped) + " of 8 cells stopped";
  };
  addBudgetRun(rows, "rate-state, Radau, 6000 s (the whole budget)", longRun("rate-state", "radau", 6000));
  addBudgetRun(rows, "rsf slider with a dashpot, 100 s (the whole budget)", issueCell(0, 5, 100));
  addBudgetRun(rows, "seed-euler, radioss-darmstad, 14900 s (a budget's worth)",
               longRun("radioss-darmstad", "seed-euler", 14900));
}

void printBudget(const std::deque<Row>& rows) {
  std::printf("\n%-58s %12s  %s\n", kBudgetGroup.c_str(), "time [ms]", "outcome");
  for (const Row& row : rows)
    if (row.group == kBudgetGroup)
      std::printf("  %-56s %12.1f  %s\n", row.label.c_str(), 1e3 * median(row.seconds), row.note.c_str());
}

// ---- 8. Per call ----

const std::string kCallGroup = "Per call";
constexpr int kCallsPerRun = 1000;

// C1 (physics-checks §1) on 2 rows, as the page's simulate() takes it: a request read into a RunSpec,
// run, and its summary and scenario written by the engine's one writer; kCallsPerRun calls per timed
// run (printCalls and bench.sh divide). Over its first 0.1 s the block does not move (no step): what is
// timed is the call itself (reading, the plan and its stiffness estimate, the recorder, writing); over
// its 20 s, 263 steps of Dormand–Prince besides.
Value c1Request(double duration) {
  Value system = Value::object();
  for (const auto& [key, value] :
       {std::pair{"m", 1.0}, {"c", 10.0}, {"v0", 0.1}, {"Fn", 10.0}, {"duration", duration}})
    system.set(key, value);
  Value params = Value::object();
  params.set("mu_s", 0.6);
  params.set("mu_k", 0.4);
  Value request = Value::object();
  request.set("law", "coulomb");
  request.set("params", params);
  request.set("system", system);
  request.set("samples", 2);
  return request;
}

void addCallRows(std::deque<Row>& rows) {
  for (const double duration : {0.1, 20.0}) {
    Row& row =
        rows.emplace_back(kCallGroup, "C1, 2 rows, " + formatNumber(duration) + " s: read, run, write (x" +
                                          std::to_string(kCallsPerRun) + ")");
    row.scenario = readScenario(c1Request(duration));
    row.run = [&row, duration] {
      for (int call = 0; call < kCallsPerRun; ++call) {
        const RunSpec spec = RunSpec::read(c1Request(duration));
        const SimulationResult result = run(spec);
        const Value summary = summaryValue(spec, result.summary), scenario = scenarioValue(spec.scenario());
        row.steps = result.summary.steps;
        if (summary.find("steps") == nullptr || scenario.find("law") == nullptr) std::abort();
      }
    };
  }
}

void printCalls(const std::deque<Row>& rows) {
  std::printf("\n%-44s %14s\n", kCallGroup.c_str(), "per call [us]");
  for (const Row& row : rows)
    if (row.group == kCallGroup)
      std::printf("  %-42s %14.2f\n", row.label.c_str(), 1e6 * median(row.seconds) / kCallsPerRun);
}

// ---- 7. Fits ----

const std::string kFitGroup = "Fits (issue 16)";

// A normal variate from two 32-bit draws (Box–Muller), the same on every platform.
double gaussian(std::mt19937& rng) {
  const double u1 = (static_cast<double>(rng()) + 1.0) / 4294967297.0,
               u2 = static_cast<double>(rng()) / 4294967296.0;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

// LuGre's steady friction F = Fc + (Fs − Fc) e^(−(v/vs)²) + σ2 v (Canudas de Wit et al. 1995), 1000
// points to 10 mm/s with σ = 5 mN: Fc, Fs, vs and σ2 free, 8 starts.
FitRequest stribeckFit() {
  FitRequest request;
  request.law = "lugre";
  request.compare = "force";
  request.free = {"Fc", "Fs", "vs", "sigma2"};
  std::mt19937 rng(7);
  for (int i = 1; i <= 1000; ++i) {
    const double v = 1e-5 * i;
    request.x.push_back(v);
    request.y.push_back(1.0 + 0.5 * std::exp(-(v / 1e-3) * (v / 1e-3)) + 0.4 * v + 0.005 * gaussian(rng));
  }
  return request;
}

// A velocity step 1 → 10 µm/s at t = 1 s, 2000 points over 20 s, from the stiff slider's slip-law closed
// form μ = μ_ss(V2) + b ln(V2/V1) e^(−V2 (t − 1 s)/Dc) (Ruina 1983's slip law) with σ = 2e-4; a, b, Dc and
// the spring's c free (c starts at 1e5 N/m), 3 starts, Radau at 1e-8.
FitRequest rateStateFit() {
  const double a = 0.01, b = 0.015, Dc = 2e-5, V1 = 1e-6, V2 = 1e-5;
  auto steady = [&](double V) { return 0.6 + (a - b) * std::log(V / 1e-6); };
  FitRequest request;
  request.kind = FitKind::Record;
  request.law = "rsf";
  request.compare = "friction";
  request.params = {{"evolution", 1}, {"form", 0}};
  request.free = {"a", "b1", "Dc1", "system.c"};
  request.scenario.law = "rsf";
  request.scenario.system = {{"m", 0}, {"c", 1e5}, {"Fn", 1}, {"duration", 20}};
  request.scenario.driveSteps = {{0, V1}, {1, V2}};
  request.scenario.start = SpringBlockStart::Steady;
  request.scenario.integrator = "radau";
  request.scenario.tolerance = 1e-8;
  request.options.starts = 3;
  std::mt19937 rng(5);
  for (int i = 1; i <= 2000; ++i) {
    const double t = 0.01 * i;
    request.x.push_back(t);
    request.y.push_back(
        (t <= 1 ? steady(V1) : steady(V2) + b * std::log(V2 / V1) * std::exp(-V2 * (t - 1) / Dc)) +
        2e-4 * gaussian(rng));
  }
  return request;
}

void addFitRows(std::deque<Row>& rows) {
  for (const auto& [label, request] :
       {std::pair{std::string("Stribeck, 4 free, 1000 points"), stribeckFit()},
        std::pair{std::string("rsf a, b, Dc, c, 2000-point step"), rateStateFit()}}) {
    Row& row = rows.emplace_back(kFitGroup, label);
    row.run = [&row, request = request] {
      const FitResult result = fitLaw(request);
      row.steps = result.fit.evaluations;
      row.error = result.fit.rms;
    };
  }
}

void printFits(const std::deque<Row>& rows) {
  std::printf("\n%-34s %10s %12s %12s\n", kFitGroup.c_str(), "evals", "time [ms]", "rms");
  const char* targets[] = {"target 50 ms in wasm", "target 2000 ms in wasm"};
  int k = 0;
  for (const Row& row : rows) {
    if (row.group != kFitGroup) continue;
    if (row.seconds.empty()) {
      std::printf("  %-32s refused: %s\n", row.label.c_str(), shortNote(row.note).c_str());
      continue;
    }
    std::printf("  %-32s %10lld %12.3f %12.2e  %s\n", row.label.c_str(), row.steps, 1e3 * median(row.seconds),
                row.error, targets[std::min(k++, 1)]);
  }
}

// A Value as one line of JSON (numbers to 17 digits, so that they read back exactly; null where not finite).
std::string jsonText(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Null:
      return "null";
    case Value::Kind::Bool:
      return value.boolean() ? "true" : "false";
    case Value::Kind::Number: {
      if (!std::isfinite(value.number())) return "null";
      char text[32];
      std::snprintf(text, sizeof text, "%.17g", value.number());
      return text;
    }
    case Value::Kind::String:
      return "\"" + jsonEscape(value.text()) + "\"";
    case Value::Kind::List: {
      std::string out = "[";
      for (std::size_t i = 0; i < value.items().size(); ++i)
        out += (i ? "," : "") + jsonText(value.items()[i]);
      return out + "]";
    }
    case Value::Kind::Object:
      break;
  }
  std::string out = "{";
  for (std::size_t i = 0; i < value.keys().size(); ++i)
    out += (i ? ",\"" : "\"") + jsonEscape(value.keys()[i]) + "\":" + jsonText(value.items()[i]);
  return out + "}";
}

// Every row that runs a scenario, one JSON line each: {"group", "label", "scenario"} (the scenario as the
// engine writes it, scenarioValue), in the benchmark's order.
void listScenarios(std::deque<Row>& rows) {
  addCoulombGroup(rows, "Coulomb C1, §1", {1, 10, 0, 0.1, 10, 20}, NAN);
  addCoulombGroup(rows, "Seed's Coulomb limit, §8", {1, 10, 0, 0.1, 1, 8}, NAN);
  addSeedGroup(rows, "Seed default case");
  addLawGroups(rows);
  addAutoTable(rows);
  addAccuracyRows(rows);
  addQuasiStaticRows(rows);
  addCallRows(rows);
  for (const Row& row : rows) {
    if (!row.scenario) continue;
    Value line = Value::object();
    line.set("group", row.group);
    line.set("label", row.label);
    line.set("scenario", scenarioValue(*row.scenario));
    std::printf("%s\n", jsonText(line).c_str());
  }
}

// A group run alone (`friction_bench ROUNDS GROUP`): its rows, timed, and its tables. False for a
// name that is no group (the whole benchmark runs then).
bool runGroup(const std::string& group, int rounds) {
  std::deque<Row> rows;  // a deque: the rows' lambdas refer to their own row, which must not move
  if (group == "quasi-static") {
    addQuasiStaticRows(rows);
    measure(rows, rounds);
    printQuasiStatic(rows);
  } else if (group == "seed") {
    const auto [referencePeriod, referenceCheck] = addSeedGroup(rows, "Seed default case");
    measure(rows, rounds);
    printSeedGroup(rows, "Seed default case", referencePeriod, referenceCheck);
    return true;
  } else if (group == "auto") {
    addAutoTable(rows);
    addAccuracyRows(rows);
    measure(rows, rounds);
    printAutoTable(rows);
    printAccuracy(rows);
  } else if (group == "scenarios") {
    gListing = true;
    listScenarios(rows);
    return true;
  } else if (group == "budget") {
    addBudgetRows(rows);
    measure(rows, rounds);
    printBudget(rows);
  } else if (group == "calls") {
    addCallRows(rows);
    addSeedGroup(rows, "Seed default case");
    measure(rows, rounds);
    printCalls(rows);
  } else if (group == "fit") {
    addFitRows(rows);
    measure(rows, rounds);
    printFits(rows);
  } else {
    return false;
  }
  printJson(rows, rounds);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  if (argc > 2 && runGroup(argv[2], rounds)) return 0;
  std::deque<Row> rows;  // a deque: the rows' lambdas refer to their own row, which must not move

  // 1. Coulomb stick-slip with μs 0.6, μk 0.4: case C1 (m 1 kg, c 10 N/m, v0 0.1 m/s, Fn 10 N; 20 s holds
  //    three break-aways) and the seed's Coulomb-limit case (Load 1: m 1 kg, Fn 1 N; 8 s).
  const SpringBlockSystem c1{1, 10, 0, 0.1, 10, 20}, seedLimit{1, 10, 0, 0.1, 1, 8};
  const std::string c1Group = "Coulomb C1", limitGroup = "Seed's Coulomb limit";
  addCoulombGroup(rows, c1Group, c1, coulombPeriod(c1, 0.6, 0.4));
  addCoulombGroup(rows, limitGroup, seedLimit, coulombPeriod(seedLimit, 0.6, 0.4));
  const std::string seedGroup = "Seed default case";
  const auto [referencePeriod, referenceCheck] = addSeedGroup(rows, seedGroup);
  addLawGroups(rows);
  addAutoTable(rows);
  addAccuracyRows(rows);
  addQuasiStaticRows(rows);
  addFitRows(rows);
  addCallRows(rows);
  addBudgetRows(rows);

  std::printf("Friction Lab spring-block benchmark (%s): median of %d interleaved rounds\n",
#ifdef __EMSCRIPTEN__
              "wasm",
#else
              "native",
#endif
              rounds);
  measure(rows, rounds);

  printTable(rows, c1Group, "period err", "seed-euler");
  printTable(rows, limitGroup, "period err", "seed-euler");
  printSeedGroup(rows, seedGroup, referencePeriod, referenceCheck);
  std::printf(
      "\nEvery law with its defaults, m 1 kg, c 10 N/m, v0 0.1 m/s, Fn = m·g, 10 s; error of x(10 s) "
      "relative to v0·10 s, against auto at a thousandth of the law's tolerance\n");
  for (const LawSpec& law : lawCatalog())
    printTable(rows, "Law " + std::string(law.spec.id), "x(T) err", "seed-euler");
  printAutoTable(rows);
  printAccuracy(rows);
  printQuasiStatic(rows);
  printFits(rows);
  printCalls(rows);
  printBudget(rows);
  printTarget(rows, limitGroup);
  printJson(rows, rounds);
  return 0;
}
