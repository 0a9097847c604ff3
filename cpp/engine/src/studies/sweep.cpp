// Stability maps and their closed-form boundaries (friction/sweep.h).

#include "friction/sweep.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "friction/abbott_seed.h"
#include "friction/constants.h"
#include "friction/errors.h"
#include "friction/laws.h"
#include "friction/state_variable.h"
#include "scenario/reading.h"
#include "scenario/writing.h"

namespace friction {
namespace {

using reading::withFieldPrefix;

// Sets `key` in `list` to `value`, replacing an earlier entry.
void setValue(ParamList& list, const std::string& key, double value) {
  list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& entry) { return entry.first == key; }),
             list.end());
  list.emplace_back(key, value);
}

// The model or law the scenario runs, for checking axis keys.
const ModelSpec& subjectOf(const Scenario& scenario) {
  return scenario.model.empty() ? findLaw(scenario.law).spec : findModel(scenario.model);
}

// An axis's fields, each error naming the field at fault ("x.key", "x.count", "x.min"…).
void checkAxis(const Scenario& scenario, const SweepAxis& axis, const std::string& name) {
  if (axis.target != "params" && axis.target != "system")
    throw InputError(name + ".target",
                     "Axis " + name + " must move 'params' or 'system'; got '" + axis.target + "'.");
  if (axis.target == "system" && !scenario.model.empty())
    throw InputError(name + ".target",
                     "Axis " + name + " moves the spring-block system, which a seed model does not have.");
  const ModelSpec& spec = axis.target == "system" ? springBlockSystemModel() : subjectOf(scenario);
  const ParamSpec* param = spec.findParam(axis.key);
  if (!param || param->kind == ParamKind::List)
    throw InputError(name + ".key", "Axis " + name + " must name a number parameter of '" +
                                        std::string(spec.id) + "'; got '" + axis.key + "'.");
  // The page draws up to 256 cells a side; the command line runs larger maps (100000² = 1e10 cells).
  if (!(axis.count >= 2 && axis.count <= kMaxAxisCells))
    throw InputError(name + ".count", "Axis " + name + " must have 2 to " + std::to_string(kMaxAxisCells) +
                                          " cells; got " + std::to_string(axis.count) + ".");
  // Within the range the parameter accepts (which may be unbounded: OpenSees's laws), not a slider's.
  const bool minOk = param->accepts(axis.min);
  if (!(minOk && param->accepts(axis.max) && axis.min < axis.max)) {
    const std::string within = std::isfinite(param->min) && std::isfinite(param->max) && !param->minExclusive
                                   ? formatNumber(param->min) + " … " + withUnit(param->max, param->unit)
                                   : "values " + describeRange(*param);
    throw InputError(name + (minOk ? ".max" : ".min"),
                     "Axis " + name + " (" + axis.key + ") must run within " + within +
                         ", from a smaller to a larger value; got " + formatNumber(axis.min) + " … " +
                         formatNumber(axis.max) + ".");
  }
  if (axis.logarithmic && !(axis.min > 0))
    throw InputError(name + ".min", "A logarithmic axis " + name + " (" + axis.key + ") needs a minimum > 0" +
                                        (param->unit.empty() ? "" : " " + std::string(param->unit)) +
                                        "; got " + formatNumber(axis.min) + ".");
}

// The scenario with the two axes' parameters set to the given values.
Scenario withAxisValues(const Scenario& scenario, const SweepAxis& x, double xValue, const SweepAxis& y,
                        double yValue) {
  Scenario run = scenario;
  for (const auto& [axis, value] : {std::pair{&x, xValue}, std::pair{&y, yValue}})
    setValue(axis->target == "system" ? run.system : run.params, axis->key, value);
  return run;
}

// The θ models' criterion (docs/validation.md, "Closed forms: the θ model"), with E = η + ∂F/∂v at
// fixed θ and ΔF = Fs − Fk(v0).
// Seed renewal law dθ/dt = (1 − θ)/τ − v/D: steady sliding exists for v0 < D/τ, and is stable iff
// E > E_c, the positive root of τE² + (m + cτ² − ΔFτ²/D)E − ΔFτm/D = 0; beyond D/τ, θ stays at 0
// and the law is plain kinetic friction, stable iff E > 0.
// Variant dθ/dt = (1 − θ)/τ − θv/D: λ = 1/τ + v0/D, θ0 = 1/(1 + τv0/D), S = ΔFθ0/(Dλ); stable iff
// S < E[1 + c/(λ(mλ + E))].
struct ThetaModel {
  double m, c, eta, v0, tau, D, Fs, Fk0, slopeFactor;  // ∂Fk/∂v at v0 = Fk0·slopeFactor
  bool variant;
};
StabilityMargin thetaModelMargin(const ThetaModel& p) {
  StabilityMargin margin{true, 0, "", "N·s/m"};
  const double Fk = p.Fk0 * (1 + p.slopeFactor * p.v0) > 0 ? p.Fk0 * (1 + p.slopeFactor * p.v0) : 0.0;
  const double deltaF = p.Fs - Fk;
  if (p.variant) {
    const double lambda = 1 / p.tau + p.v0 / p.D, theta0 = 1 / (1 + p.tau * p.v0 / p.D);
    const double E = p.eta + p.Fk0 * p.slopeFactor * (1 - theta0);
    margin.criterion = "θ model (variant): E[1 + c/(λ(mλ + E))] − ΔFθ0/(Dλ)";
    margin.value = E * (1 + p.c / (lambda * (p.m * lambda + E))) - deltaF * theta0 / (p.D * lambda);
    return margin;
  }
  const double theta0 = std::max(0.0, 1 - p.tau * p.v0 / p.D);
  const double E = p.eta + p.Fk0 * p.slopeFactor * (1 - theta0);
  margin.criterion = "θ model: E − E_c (critical damping)";
  margin.value = theta0 > 0 ? E - stateVariableCriticalDamping(p.m, p.c, deltaF, p.tau, p.D) : E;
  return margin;
}

// The slip of Coulomb friction with a dashpot after a break-away, in units of v0 and 1/ω (docs/validation.md,
// "Stability maps"): p(τ) = e^(−ζτ)[−cos ωdτ + ((1/r − ζ)/ωd) sin ωdτ] with ωd = √(1 − ζ²). Its first
// minimum after the break-away, which re-sticks the block iff ≤ −1.
double firstSlipMinimum(double r, double zeta) {
  const double wd = std::sqrt(1 - zeta * zeta);
  const double A = -1, B = (1 / r - zeta) / wd;
  // p' = e^(−ζτ)[P cos ωdτ + Q sin ωdτ] with P = Bωd − ζA = 1/r > 0 and Q = −Aωd − ζB; it vanishes
  // where ωdτ = χ + π/2 (the maximum) and χ + 3π/2 (the minimum), χ = atan2(Q, P) ∈ (−π/2, π/2).
  const double P = B * wd - zeta * A, Q = -A * wd - zeta * B;
  const double phase = std::atan2(Q, P) + 1.5 * kPi;
  return std::exp(-zeta * phase / wd) * (A * std::cos(phase) + B * std::sin(phase));
}

}  // namespace

double SweepAxis::at(int i) const {
  // The ends exactly: exp(ln max) may round past max, out of the parameter's range.
  if (i <= 0) return min;
  if (i >= count - 1) return max;
  const double fraction = static_cast<double>(i) / (count - 1);
  return logarithmic ? std::exp(std::log(min) + fraction * (std::log(max) - std::log(min)))
                     : min + fraction * (max - min);
}

void checkSweep(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y) {
  if (scenario.model.empty() && scenario.law.empty())
    throw InputError("scenario.model", "A map needs a scenario: a model or a law.");
  withFieldPrefix("scenario.", [&] { subjectOf(scenario); });  // an unknown model or law is refused here
  checkAxis(scenario, x, "x");
  checkAxis(scenario, y, "y");
  if (x.target == y.target && x.key == y.key)
    throw InputError(
        "y.key", "The two axes must move different parameters; both move " + y.target + "." + y.key + ".");
  // The fixed values, each against its own range, so that a bad one refuses the whole map rather
  // than every cell. (Rules across parameters, such as μk ≤ μs, may hold in some cells and not in
  // others when an axis moves one of them: those are the cells' to report.)
  const auto fixedValues = [&](const ParamList& list, const std::string& target) {
    ParamList fixed;
    for (const auto& entry : list)
      if (!((x.target == target && x.key == entry.first) || (y.target == target && y.key == entry.first)))
        fixed.push_back(entry);
    return fixed;
  };
  withFieldPrefix("scenario.params.",
                  [&] { resolveParams(subjectOf(scenario), fixedValues(scenario.params, "params")); });
  if (!scenario.model.empty()) {
    if (!scenario.system.empty())
      throw InputError("scenario.system",
                       "A seed model has no spring-block system: its own parameters hold it.");
    return;
  }
  withFieldPrefix("scenario.system.",
                  [&] { resolveParams(springBlockSystemModel(), fixedValues(scenario.system, "system")); });
  if (!scenario.driveSteps.empty())
    throw InputError("scenario.system.v0",
                     "A map's drive velocity v0 must be one number (m/s), not a list of steps.");
  withFieldPrefix("scenario.", [&] {
    findIntegrator(scenario.integrator);
    checkSamples(scenario.samples);
    checkTolerance(scenario.tolerance);
    checkKick(scenario.kick, scenario.start, false);
  });
}

SweepCell sweepCell(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y, int i, int j,
                    const std::function<void(double)>& progress) {
  checkSweep(scenario, x, y);
  if (!(i >= 0 && i < x.count && j >= 0 && j < y.count))
    throw InputError("cells", "Cell (" + std::to_string(i) + ", " + std::to_string(j) +
                                  ") lies outside the " + std::to_string(x.count) + " × " +
                                  std::to_string(y.count) + " map.");
  SweepCell cell;
  cell.x = x.at(i);
  cell.y = y.at(j);
  try {
    // The run's own regime and growth rate: a map cell and the run it opens are judged alike; a
    // stick-slip cell's value is its late amplitude.
    const Summary summary = run(RunSpec(withAxisValues(scenario, x, cell.x, y, cell.y)), progress).summary;
    cell.regime = summary.regime;
    cell.value = summary.regime == Regime::StickSlip ? summary.amplitude : summary.growthRate;
  } catch (const InputError& error) {
    cell.error = error.what();
  } catch (const RunStopped& stop) {
    // Stopped (its work budget, a blow-up): this cell alone; the map runs on.
    cell.error = stop.what();
    cell.stopped = true;
    cell.stoppedAt = stop.time();
  } catch (const SimulationError& error) {
    cell.error = error.what();
  }
  return cell;
}

Value sweepCellValue(const SweepCell& cell) {
  Value out = Value::object();
  out.set("x", writing::number(cell.x));
  out.set("y", writing::number(cell.y));
  out.set("regime", cell.error.empty() ? Value(std::string(regimeName(cell.regime))) : Value());
  out.set("value", cell.error.empty() ? writing::number(cell.value) : Value());
  if (!cell.error.empty()) out.set("error", cell.error);
  if (cell.stopped) {
    out.set("stopped", true);
    out.set("stoppedAt", writing::number(cell.stoppedAt));
  }
  return out;
}

std::string_view sweepCellRegime(const SweepCell& cell) {
  if (cell.stopped) return "stopped";
  return cell.error.empty() ? regimeName(cell.regime) : "error";
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

double coulombDashpotCriticalRatio(double zeta) {
  if (!(zeta > 0)) return INFINITY;
  if (zeta >= 1) return 0;
  // Small r (a slow drive, a large stick-slip drop) re-sticks; the minimum rises monotonically with r.
  double lo = 1e-9, hi = 1e9;
  if (firstSlipMinimum(hi, zeta) <= -1) return INFINITY;
  if (firstSlipMinimum(lo, zeta) > -1) return 0;
  for (int i = 0; i < 200 && hi / lo > 1 + 1e-14; ++i) {
    const double mid = std::sqrt(lo * hi);
    (firstSlipMinimum(mid, zeta) <= -1 ? lo : hi) = mid;
  }
  return std::sqrt(lo * hi);
}

StabilityMargin stabilityMargin(const Scenario& scenario) {
  if (scenario.model == "abbott-seed") {
    // The seed's units (docs/reference/models.md, "The seed's quirks that `abbott-seed` keeps"): τ counts
    // 1 ms steps, D acts in mm, N is both the mass and the load.
    const AbbottSeedParams p = abbottSeedParams(resolveParams(abbottSeedModel(), scenario.params));
    const double tau = kSeedTimeStep * p.tau, D = kSeedTimeStep * p.D;
    return thetaModelMargin({p.N, p.c, p.eta, p.v0, tau, D, p.N * p.mus, p.N * p.muk, p.va, false});
  }
  if (scenario.model == "state-variable") {
    const StateVariableParams p = stateVariableParams(resolveParams(stateVariableModel(), scenario.params));
    return thetaModelMargin(
        {p.m, p.c, p.eta, p.v0, p.tau, p.D, p.Fn * p.mus, p.Fn * p.muk, p.a, p.renewal == 1});
  }
  if (!scenario.model.empty()) {
    findModel(scenario.model);  // an unknown model is refused
    return {false, NAN, "", ""};
  }
  const LawEvaluator law(scenario.law, scenario.params);
  const ResolvedParams system = resolveParams(springBlockSystemModel(), scenario.system);
  const double m = system.get("m"), c = system.get("c"), eta = system.get("eta"), v0 = system.get("v0"),
               Fn = system.get("Fn");
  if (scenario.law == "rate-state" && scenario.start == SpringBlockStart::Steady) {
    const ResolvedParams& p = law.resolved();
    const double lambda = v0 / p.get("Dc"), E = eta + Fn * p.get("a") / v0;
    return {true, E * (1 + c / (lambda * (m * lambda + E))) - Fn * p.get("b") / v0,
            "rate-and-state: E[1 + c/(λ(mλ + E))] − N b/V", "N·s/m"};
  }
  if (law.dynamic() || law.stateful()) return {false, NAN, "", ""};
  if (scenario.start == SpringBlockStart::Steady)
    return {true, eta - criticalDashpot(scenario.law, scenario.params, Fn, v0),
            "η + dF/dv(v0) (critical dashpot)", "N·s/m"};
  if (scenario.law == "coulomb") {
    const ResolvedParams& p = law.resolved();
    const double deltaF = Fn * (p.get("mu_s") - p.get("mu_k"));
    if (!(deltaF > 0) || !(c > 0)) return {false, NAN, "", ""};
    const double r = v0 * std::sqrt(c * m) / deltaF, zeta = eta / (2 * std::sqrt(c * m));
    return {true, std::log(r / coulombDashpotCriticalRatio(zeta)), "Coulomb + dashpot from rest: ln(r/r*(ζ))",
            ""};
  }
  return {false, NAN, "", ""};
}

MarginGrid stabilityMarginGrid(const Scenario& scenario, const SweepAxis& x, const SweepAxis& y,
                               int resolution) {
  checkSweep(scenario, x, y);
  if (!(resolution >= 2 && resolution <= 512))
    throw InputError("resolution", "The boundary's resolution must be 2 to 512 points a side; got " +
                                       std::to_string(resolution) + ".");
  MarginGrid grid;
  grid.resolution = resolution;
  SweepAxis fineX = x, fineY = y;
  fineX.count = fineY.count = resolution;
  for (int i = 0; i < resolution; ++i) {
    grid.xs.push_back(fineX.at(i));
    grid.ys.push_back(fineY.at(i));
  }
  grid.values.reserve(static_cast<std::size_t>(resolution) * resolution);
  // A point where a rule across parameters fails (μk > μs when both are axes) has no margin (NaN),
  // as its cell has an error: the rest of the boundary is still drawn.
  for (int j = 0; j < resolution; ++j)
    for (int i = 0; i < resolution; ++i) {
      double value = NAN;
      try {
        const StabilityMargin margin =
            stabilityMargin(withAxisValues(scenario, x, grid.xs[i], y, grid.ys[j]));
        if (!grid.first.known && margin.known) grid.first = margin;
        value = margin.value;
      } catch (const InputError&) {
      }
      grid.values.push_back(value);
    }
  if (!grid.first.known) {
    grid.xs.clear();
    grid.ys.clear();
    grid.values.clear();
  }
  return grid;
}

}  // namespace friction
