// Stability maps and their closed-form boundaries (friction/sweep.h).

#include "friction/sweep.h"

#include <algorithm>
#include <cmath>

#include "friction/constants.h"
#include "friction/errors.h"
#include "friction/laws.h"

namespace friction {
namespace {

// Sets `key` in `list` to `value`, replacing an earlier entry.
void setValue(ParamList& list, const std::string& key, double value) {
  list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& entry) { return entry.first == key; }), list.end());
  list.emplace_back(key, value);
}

// The model or law the scenario runs, for checking axis keys.
const ModelSpec& subjectOf(const Scenario& scenario) {
  return scenario.model.empty() ? findLaw(scenario.law).spec : findModel(scenario.model);
}

void checkAxis(const Scenario& scenario, const SweepAxis& axis, const std::string& name) {
  if (axis.target != "params" && axis.target != "system")
    throw InputError(name, "Axis " + name + " must move 'params' or 'system'; got '" + axis.target + "'.");
  if (axis.target == "system" && !scenario.model.empty())
    throw InputError(name, "Axis " + name + " moves the spring-block system, which a seed model does not have.");
  const ModelSpec& spec = axis.target == "system" ? springBlockSystemModel() : subjectOf(scenario);
  const ParamSpec* param = spec.findParam(axis.key);
  if (!param || param->kind == ParamKind::List)
    throw InputError(name, "Axis " + name + " must name a number parameter of '" + std::string(spec.id) + "'; got '" +
                               axis.key + "'.");
  if (!(axis.count >= 2 && axis.count <= 256))
    throw InputError(name, "Axis " + name + " must have 2 to 256 cells; got " + std::to_string(axis.count) + ".");
  const auto inRange = [&](double v) { return std::isfinite(v) && v >= param->min && v <= param->max; };
  if (!(inRange(axis.min) && inRange(axis.max) && axis.min < axis.max))
    throw InputError(name, "Axis " + name + " (" + axis.key + ") must run within " + formatNumber(param->min) + " … " +
                               formatNumber(param->max) + (param->unit.empty() ? "" : " " + std::string(param->unit)) +
                               ", from a smaller to a larger value; got " + formatNumber(axis.min) + " … " +
                               formatNumber(axis.max) + ".");
  if (axis.logarithmic && !(axis.min > 0))
    throw InputError(name, "A logarithmic axis " + name + " needs a minimum > 0; got " + formatNumber(axis.min) + ".");
}

// The growth rate of v's oscillation about the final drive speed, from the peaks after the first
// fifth of the run: a least-squares slope of ln(peak) against time [1/s].
double growthRate(const Trace& trace, double reference) {
  std::vector<double> times, logs;
  const double from = 0.2 * trace.t.back();
  for (std::size_t i = 1; i + 1 < trace.size(); ++i) {
    const double a = trace.v[i - 1] - reference, b = trace.v[i] - reference, c = trace.v[i + 1] - reference;
    if (trace.t[i] > from && b > a && b >= c && b > 0) times.push_back(trace.t[i]), logs.push_back(std::log(b));
  }
  if (times.size() < 3) return 0;
  double st = 0, sl = 0, stt = 0, stl = 0;
  const double n = static_cast<double>(times.size());
  for (std::size_t i = 0; i < times.size(); ++i) st += times[i], sl += logs[i], stt += times[i] * times[i], stl += times[i] * logs[i];
  const double denominator = n * stt - st * st;
  return denominator > 0 ? (n * stl - st * sl) / denominator : 0;
}

// Half the peak-to-peak velocity over the last quarter [m/s].
double lateAmplitude(const Trace& trace) {
  double lo = INFINITY, hi = -INFINITY;
  const double from = 0.75 * trace.t.back();
  for (std::size_t i = 0; i < trace.size(); ++i)
    if (trace.t[i] >= from) lo = std::min(lo, trace.v[i]), hi = std::max(hi, trace.v[i]);
  return hi > lo ? 0.5 * (hi - lo) : 0;
}

}  // namespace

double SweepAxis::at(int i) const {
  const double fraction = static_cast<double>(i) / (count - 1);
  return logarithmic ? std::exp(std::log(min) + fraction * (std::log(max) - std::log(min))) : min + fraction * (max - min);
}

void checkSweep(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y) {
  if (scenario.model.empty() && scenario.law.empty())
    throw InputError("scenario", "A map needs a scenario: a model or a law.");
  subjectOf(scenario);  // an unknown model or law is refused here
  checkAxis(scenario, x, "x");
  checkAxis(scenario, y, "y");
  if (x.target == y.target && x.key == y.key) throw InputError("y", "The two axes must move different parameters.");
}

SweepCell sweepCell(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y, int i, int j) {
  checkSweep(scenario, x, y);
  if (!(i >= 0 && i < x.count && j >= 0 && j < y.count))
    throw InputError("cell", "Cell (" + std::to_string(i) + ", " + std::to_string(j) + ") lies outside the " +
                                 std::to_string(x.count) + " × " + std::to_string(y.count) + " map.");
  SweepCell cell;
  cell.x = x.at(i), cell.y = y.at(j);
  Scenario run = scenario;
  for (const auto& [axis, value] : {std::pair{&x, cell.x}, std::pair{&y, cell.y}})
    setValue(axis->target == "system" ? run.system : run.params, axis->key, value);
  try {
    Trace trace;
    double reference = 0;
    if (!run.model.empty()) {
      const SimulationResult result = simulate({run.model, run.params});
      trace = result.trace, cell.regime = result.summary.regime;
      reference = result.summary.params.get("v0");
    } else {
      LawSimulationRequest request{run.law, run.params, run.system, run.integrator, run.samples};
      request.start = run.start;
      if (run.start == SpringBlockStart::Steady && run.kick != 0) {
        const ResolvedParams system = resolveParams(springBlockSystemModel(), run.system);
        const double v0 = system.get("v0");
        request.driveSteps = {{0, v0}, {1e-3 * system.get("duration"), v0 * (1 + run.kick)}};
      }
      const LawSimulationResult result = simulateLaw(request);
      trace = result.run.trace, cell.regime = result.run.summary.regime;
      reference = result.system.get("v0");
    }
    if (cell.regime == Regime::StickSlip) cell.value = lateAmplitude(trace);
    else if (cell.regime != Regime::Steady && cell.regime != Regime::Stuck) cell.value = growthRate(trace, reference);
  } catch (const InputError& error) {
    cell.error = error.what();
  } catch (const SimulationError& error) {
    cell.error = error.what();
  }
  return cell;
}

double criticalDashpot(const std::string& law, const ParamList& params, double Fn, double v0) {
  const LawEvaluator evaluator(law, params);
  // dF/dv by central differences, h = 1e-6 v0 (the laws are smooth away from v = 0).
  const double h = 1e-6 * v0;
  return -(evaluator.forceMagnitude(v0 + h, Fn) - evaluator.forceMagnitude(v0 - h, Fn)) / (2 * h);
}

double stateVariableCriticalDamping(double m, double c, double deltaF, double tau, double D) {
  // τE² + B E − C = 0 with B = m + cτ² − ΔFτ²/D, C = ΔFτm/D > 0: the positive root.
  const double B = m + c * tau * tau - deltaF * tau * tau / D, C = deltaF * tau * m / D;
  return (-B + std::sqrt(B * B + 4 * tau * C)) / (2 * tau);
}

double coulombStickSlipPeriod(double m, double c, double v0, double Fs, double Fk) {
  const double dF = Fs - Fk;
  return 2 * dF / (c * v0) + (kPi + 2 * std::atan(v0 * std::sqrt(c * m) / dF)) / std::sqrt(c / m);
}

double rateStateCriticalStiffness(double m, double N, double a, double b, double Dc, double V) {
  return N * (b - a) / Dc * (1 + m * V * V / (N * a * Dc));
}

}  // namespace friction
