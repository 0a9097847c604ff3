// A dynamic law alone: imposed slip velocity, or a free mass under an applied force (law_runs.h).

#include "friction/law_runs.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "friction/errors.h"
#include "friction/laws.h"
#include "numerics/adaptive_driver.h"
#include "numerics/function_ref.h"
#include "system/recorder.h"
#include "system/work_budget.h"

namespace friction {
namespace {

// State: x, v, and the law's state variables; all feed back.
enum : std::size_t { kX = 0, kV = 1, kS0 = 2, kS1 = 3 };
using State = Vec<4>;

void checkRun(const LawEvaluator& law, std::string_view id, double duration, int samples, double tolerance,
              const std::vector<Breakpoint>& input, std::string_view inputName, std::string_view unit) {
  if (!law.dynamic())
    throw InputError("law", "Law '" + std::string(id) +
                                "' has no internal state; these runs are for the dynamic "
                                "laws (lugre, dahl, rate-state, elasto-plastic).");
  // Nagata et al. (2012): dθ/dt = 1 − vθ/Dc − (c/b) θ dμ/dt reads the friction's rate, which only the
  // quasi-static slider supplies (dμ/dt = c(v_lp − v)/N, as rsfmodel computes it); here the term would be
  // dropped unnoticed.
  if (law.readsFrictionRate())
    throw InputError(
        "params.evolution",
        "Law '" + std::string(id) +
            "' with Nagata's evolution (params.evolution = 3 with params.c > 0) "
            "reads the friction's rate dμ/dt, which only the quasi-static slider gives (a spring-block "
            "with system.m = 0); an imposed velocity or force has none. Choose params.evolution 0 (aging), "
            "1 (slip) or 2 (PRZ), or set params.c to 0.");
  if (!(duration > 0 && duration <= 1e4))
    throw InputError("duration",
                     "duration must be between 0 and 10000 s; got " + formatNumber(duration) + " s.");
  if (!(samples >= 2 && samples <= 1'000'000))
    throw InputError("samples",
                     "samples must be between 2 and 1000000; got " + std::to_string(samples) + ".");
  if (!(tolerance >= 1e-14 && tolerance <= 1e-3))
    throw InputError("tolerance",
                     "tolerance must be between 1e-14 and 0.001; got " + formatNumber(tolerance) + ".");
  const std::string name(inputName);
  if (input.empty() || input.front().t != 0)
    throw InputError(name, "The " + name + " breakpoints must start at t = 0 s.");
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (!std::isfinite(input[i].t) || !std::isfinite(input[i].value))
      throw InputError(name, "Every " + name + " breakpoint must be a finite [t (s), value (" +
                                 std::string(unit) + ")] pair; breakpoint " + std::to_string(i) + " is not.");
    if (i > 0 && !(input[i].t > input[i - 1].t))
      throw InputError(name, "The " + name + " breakpoints' times must increase; breakpoint " +
                                 std::to_string(i) + " is at " + formatNumber(input[i].t) + " s after " +
                                 formatNumber(input[i - 1].t) + " s.");
  }
}

// The run's work budget stops it (system/work_budget.h): its steps are what made it costly.
[[noreturn]] void stopForBudget(const WorkOverrun& overrun, long long steps) {
  const double taken = std::max(1.0, static_cast<double>(steps));
  throw SimulationError(budgetMessage(overrun,
                                      "Its " + std::to_string(steps) + " steps so far average " +
                                          formatSignificant(overrun.t / taken, 3) +
                                          " s: the law's state changes that fast under this input.",
                                      "loosen the tolerance."));
}

// Runs `rate` over [0, duration] with the adaptive Rosenbrock 4(3) of the one step driver, its steps
// ending at every breakpoint time (the input's kinks), and records each row of a uniform grid of
// `samples` from the steps' dense output (`row`), so that the rows never shape the steps. `segment`
// tells the rate which breakpoint interval the current step lies in, so that no stage reads across a
// kink (Rosenbrock's stages reach past the step's end: c2 = 1.146); a row at a breakpoint is written in
// the interval that starts there. The error norm is relative (tolerance) with absolute floors of
// 1e-3·tolerance in m and m/s for x and v, and 1e-3·tolerance of the state's scale for the state.
// `progress`, if set, is told the fraction of the run done at every row (a caller may stop a long run by
// throwing from it).
void runGrid(FunctionRef<State(double, const State&)> rate, State y, double duration, int samples,
             const std::vector<Breakpoint>& input, std::size_t& segment, const State& scale, double tolerance,
             LawRun& run, FunctionRef<void(double, const State&)> row,
             const std::function<void(double)>& progress = {}) {
  StepControl<4> control;
  control.relative = tolerance;
  control.absolute.fill(1e-3 * tolerance);
  for (std::size_t i = kS0; i < 4; ++i) control.absolute[i] *= scale[i];
  control.jacobianScale = scale;
  AdaptiveDriver<4, 4, methodBit(StepMethod::Rosenbrock)> driver(StepMethod::Rosenbrock, control,
                                                                 duration * 1e-6);
  OutputRows rows(outputGrid(samples, duration, false, {0}), progress);
  WorkBudget budget(duration);
  double t = 0;
  for (std::size_t k = 0; k < input.size() && input[k].t < duration; ++k) {
    segment = k;
    const double end = k + 1 < input.size() ? std::min(input[k + 1].t, duration) : duration;
    driver.restart();
    while (t < end) {
      budget.spend(stepCost::kRosenbrock);
      if (budget.due() && budget.mustStop(t)) stopForBudget(budget.overrun(t), run.steps);
      const bool last = end - t <= driver.step();
      const StepAttempt<4> step = driver.attempt(rate, t, y, last ? end - t : driver.step(), segment);
      if (!step.acceptable()) {
        if (!std::isfinite(step.err) && step.h() < 1e-14 * std::max(1.0, t))
          throw SimulationError("The state became non-finite at t = " + formatNumber(t) + " s.");
        driver.reject(step);
        continue;
      }
      ++run.steps;
      const double tEnd = last ? end : t + step.h();
      rows.writeBefore(tEnd, [&](double at) { row(at, at == t ? y : step.dense.at(at)); });
      t = tEnd;
      y = step.y;
      driver.accept(step, last);
    }
  }
  rows.writeUpTo(duration, [&](double at) { row(at, y); });
}

// The Jacobian's increments: x and v relative to themselves down to a tiny floor (v as in the
// spring-block: above the 1e-150 m/s "just moving"), the state relative to its steady value at `speed`.
State scaleFor(const LawEvaluator& law, double N, double speed) {
  State scale{1e-12, 1e-140, 1e-12, 1e-12};
  const LawStateVector initial = law.initialState();
  const LawStateVector steady = speed != 0 ? law.steadyState(speed, N) : initial;
  for (std::size_t i = 0; i < law.stateSize(); ++i)
    scale[kS0 + i] = std::max({std::fabs(steady[i]), std::fabs(initial[i]), 1e-300});
  return scale;
}

// A piecewise-linear input on breakpoint interval `segment`, extended linearly past its ends
// (constant after the last breakpoint).
double rampValue(const std::vector<Breakpoint>& input, std::size_t segment, double t) {
  if (segment + 1 >= input.size()) return input.back().value;
  const Breakpoint& a = input[segment];
  const Breakpoint& b = input[segment + 1];
  return a.value + (t - a.t) / (b.t - a.t) * (b.value - a.value);
}

}  // namespace

double stepValueAt(const std::vector<Breakpoint>& steps, double t, double fallback) {
  double value = fallback;
  for (const Breakpoint& step : steps)
    if (step.t <= t) value = step.value;
  return value;
}

LawRun imposeVelocity(std::string_view id, const ParamList& params, double N,
                      const std::vector<Breakpoint>& velocity, double duration, int samples, double tolerance,
                      LawStart startFrom) {
  const LawEvaluator law(id, params);
  checkRun(law, id, duration, samples, tolerance, velocity, "velocity", "m/s");
  if (!std::isfinite(N))
    throw InputError("N",
                     "The normal force N must be a finite number of newtons; got " + formatNumber(N) + ".");
  const double v1 = velocity.front().value;
  const LawStateVector start =
      startFrom == LawStart::Steady && v1 != 0 ? law.steadyState(v1, N) : law.initialState();
  // x' = v (imposed, constant on each breakpoint interval), s' = the law's rate at v.
  std::size_t segment = 0;
  auto rate = [&](double, const State& y) {
    const double v = velocity[segment].value;
    const LawDynamics d = law.dynamics(v, N, {y[kS0], y[kS1]});
    return State{v, 0, d.rate[0], d.rate[1]};
  };
  LawRun run;
  run.state.resize(law.stateSize());
  double speedScale = 0;
  for (const Breakpoint& b : velocity) speedScale = std::max(speedScale, std::fabs(b.value));
  // Each row reports the velocity that applies from its time on (at a breakpoint, after the jump).
  auto row = [&](double t, const State& y) {
    const double v = velocity[segment].value;
    run.t.push_back(t);
    run.x.push_back(y[kX]);
    run.v.push_back(v);
    run.applied.push_back(v);
    run.friction.push_back(law.dynamics(v, N, {y[kS0], y[kS1]}).force);
    for (std::size_t i = 0; i < run.state.size(); ++i) run.state[i].push_back(y[kS0 + i]);
  };
  runGrid(rate, State{0, v1, start[0], start[1]}, duration, samples, velocity, segment,
          scaleFor(law, N, speedScale), tolerance, run, row);
  return run;
}

LawRun applyForce(std::string_view id, const ParamList& params, double m, double N,
                  const std::vector<Breakpoint>& force, double duration, int samples, double tolerance,
                  const std::function<void(double)>& progress) {
  const LawEvaluator law(id, params);
  checkRun(law, id, duration, samples, tolerance, force, "force", "N");
  if (law.holdsAtRest())
    throw InputError(
        "law",
        "Law '" + std::string(id) +
            "' holds the body exactly at rest up to its static limit F(0, θ): "
            "it has no presliding displacement for a force protocol to show. Run it on the spring-block.");
  const ParamSpec& mass = *preslidingModel().findParam("m");
  if (!(m >= mass.min && m <= mass.max)) throw InputError("m", outOfRangeMessage(mass, m));
  if (!std::isfinite(N))
    throw InputError("N",
                     "The normal force N must be a finite number of newtons; got " + formatNumber(N) + ".");
  const LawStateVector start = law.initialState();
  // x' = v, m v' = F(t) − F_friction(v, state), s' = the law's rate.
  std::size_t segment = 0;
  auto rate = [&](double t, const State& y) {
    const LawDynamics d = law.dynamics(y[kV], N, {y[kS0], y[kS1]});
    return State{y[kV], (rampValue(force, segment, t) - d.force) / m, d.rate[0], d.rate[1]};
  };
  LawRun run;
  run.state.resize(law.stateSize());
  auto row = [&](double t, const State& y) {
    run.t.push_back(t);
    run.x.push_back(y[kX]);
    run.v.push_back(y[kV]);
    run.applied.push_back(rampValue(force, segment, t));
    run.friction.push_back(law.dynamics(y[kV], N, {y[kS0], y[kS1]}).force);
    for (std::size_t i = 0; i < run.state.size(); ++i) run.state[i].push_back(y[kS0 + i]);
  };
  runGrid(rate, State{0, 0, start[0], start[1]}, duration, samples, force, segment, scaleFor(law, N, 0),
          tolerance, run, row, progress);
  return run;
}

namespace {
// What the presliding experiment computes (Canudas de Wit et al. 1995, Fig. 2).
constexpr Equation kPreslidingEquations[] = {
    {R"t(m\,\frac{dv}{dt} = F_a(t) - F, \qquad \frac{dx}{dt} = v)t",
     "A free mass pushed by the applied force against the law's friction (normal force N), from rest in "
     "the law's initial state."},
    {R"t(F_a:\ 0 \xrightarrow{\ \dot{F}\ } A \xrightarrow{\ t_{\text{hold}}\ } A \xrightarrow{\)t"
     R"t( \dot{F}\ } -A \xrightarrow{\ t_{\text{hold}}\ } -A \xrightarrow{\ \dot{F}\ } A)t",
     "The applied force of Canudas de Wit et al.'s Fig. 2: ramps at the rate Ḟ between ±A, held t_hold "
     "at each end."},
    {R"t(F = F_{\text{law}}(v, \text{state};\ N))t",
     "The dynamic law's friction at the body's velocity and state; the normal force N enters only laws "
     "that scale with it (rate-and-state), as LuGre, Dahl and the elasto-plastic model take forces "
     "directly."}};
constexpr std::string_view kPreslidingQuirks[] = {
    "The paper's figure values are not available; the protocol is reconstructed from auralius/LuGre "
    "sim_presliding.m, and the loop is checked against closed forms instead."};
}  // namespace

EntryDocs preslidingDocs() { return {listOf(kPreslidingEquations), listOf(kPreslidingQuirks)}; }

const ModelSpec& preslidingModel() {
  static const ModelSpec spec = [] {
    ModelSpec model{
        "presliding",
        "Presliding",
        "A free mass pushed by a force ramped to +A, held, ramped to −A, held, and back to +A, against a "
        "dynamic law: force against displacement shows the presliding hysteresis loop (and any drift).",
        "The protocol of C. Canudas de Wit et al., IEEE TAC 40(3):419 (1995), Fig. 2 (as reconstructed in "
        "auralius/LuGre sim_presliding.m): 0.1425 N/s to 1.425 N = 0.95 Fs, 5 s holds.",
        {{"m", "m", "Mass", "kg", 1.0, 1e-6, 1e6, 0.01, Scale::Log, "Mass of the body."},
         {"N", "N", "Normal force", "N", 1.0, 0.0, 1e6, 0.1, Scale::Linear,
          "Normal force, for laws whose friction scales with it (rate-and-state); LuGre, Dahl and the "
          "elasto-plastic model take forces directly."},
         {"amplitude", "A", "Force amplitude", "N", 1.425, 1e-9, 1e6, 0.005, Scale::Log,
          "The largest applied force, reached at each end of the loop (Fig. 2: 0.95 Fs = 1.425 N)."},
         {"rate", "Ḟ", "Ramp rate", "N/s", 0.1425, 1e-9, 1e9, 0.001, Scale::Log,
          "How fast the applied force changes on each ramp (Fig. 2: 0.1425 N/s)."},
         {"hold", "t_hold", "Hold", "s", 5.0, 0.0, 1e4, 0.5, Scale::Linear,
          "How long the force is held at each end (Fig. 2: 5 s); LuGre creeps (drifts) during the hold."}}};
    setTexSymbols(model, {{"m", "m"},
                          {"N", "N"},
                          {"amplitude", "A"},
                          {"rate", R"t(\dot{F})t"},
                          {"hold", R"t(t_{\text{hold}})t"}});
    return model;
  }();
  return spec;
}

LawRun simulatePresliding(std::string_view law, const ParamList& lawParams, const ParamList& protocol,
                          int samples, const std::function<void(double)>& progress) {
  const ResolvedParams p = resolveParams(preslidingModel(), protocol);
  const std::vector<Breakpoint> force = preslidingProtocol(p.get("amplitude"), p.get("rate"), p.get("hold"));
  const double duration = force.back().t;
  if (!(duration <= 1e4))
    throw InputError("rate", "The protocol would last " + formatNumber(duration) +
                                 " s; at most 10000 s: raise the ramp "
                                 "rate or lower the amplitude.");
  // 1e-9: the holds' creep is slow, and the loop needs no more.
  return applyForce(law, lawParams, p.get("m"), p.get("N"), force, duration, samples, 1e-9, progress);
}

std::vector<Breakpoint> preslidingProtocol(double amplitude, double rate, double hold) {
  const double ramp = amplitude / rate;
  return {{0, 0},
          {ramp, amplitude},
          {ramp + hold, amplitude},
          {3 * ramp + hold, -amplitude},
          {3 * ramp + 2 * hold, -amplitude},
          {5 * ramp + 2 * hold, amplitude}};
}

}  // namespace friction
