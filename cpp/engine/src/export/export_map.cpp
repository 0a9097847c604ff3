// A catalog law mapped onto each target's own law: exactly where the target's law is the chosen
// law's own equation, else the target's law fitted to the chosen law's steady friction force
// F(v) = forceMagnitude(v, N) over [vMin, vMax] with the least squares of friction/fit.h
// (convertLaw where the target's law is in the catalog, fitLeastSquares on the target's own
// equation for Simscape and Modelica), with the largest deviation on the fit's speed grid.

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "export/export_map.h"
#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/laws.h"

namespace friction::exporting {

double Mapping::get(const std::string& key) const { return quantity(key).value(); }

const Quantity& Mapping::quantity(const std::string& key) const {
  for (const Quantity& q : values)
    if (q.key == key) return q;
  throw std::logic_error("export mapping has no value '" + key + "'");
}

namespace {

constexpr int kGridPoints = 200;

Mapping begin(const ExportRequest& request, std::string targetLaw) {
  Mapping mapping;
  mapping.sourceLaw = request.law;
  mapping.targetLaw = std::move(targetLaw);
  mapping.N = request.N;
  mapping.vMin = request.vMin;
  mapping.vMax = request.vMax;
  mapping.units = request.units;
  return mapping;
}

/// Every parameter of `law` resolved from `params`, as Quantities with the catalog's SI units.
std::vector<Quantity> catalogValues(const std::string& law, const ParamList& params) {
  const LawEvaluator evaluator(law, params);
  const ResolvedParams& resolved = evaluator.resolved();
  std::vector<Quantity> values;
  for (std::size_t i = 0; i < resolved.model->params.size(); ++i) {
    const ParamSpec& spec = resolved.model->params[i];
    const bool list = spec.kind == ParamKind::List;
    values.push_back({std::string(spec.key),
                      list ? resolved.list(spec.key) : std::vector<double>{resolved.values[i]},
                      std::string(spec.unit), list});
  }
  return values;
}

/// Law `to` fitted to the chosen law over the request's range (convertLaw), its `free` parameters
/// fitted and the others at their defaults; the mapping gets to's values and the deviation.
void fitCatalogLaw(const ExportRequest& request, const std::string& to, const std::vector<std::string>& free,
                   Mapping& mapping) {
  ConversionRequest conversion;
  conversion.from = request.law;
  conversion.fromParams = request.params;
  conversion.to = to;
  conversion.free = free;
  conversion.vMin = request.vMin;
  conversion.vMax = request.vMax;
  conversion.N = request.N;
  conversion.count = kGridPoints;
  const ConversionResult result = convertLaw(conversion);
  mapping.values = catalogValues(to, result.fit.params);
  mapping.exact = false;
  mapping.deviation = {result.maxAbsoluteDeviation, result.atVelocityAbsolute, result.maxRelativeDeviation,
                       static_cast<int>(result.v.size())};
}

/// The fit's speeds: log-spaced from vMin to vMax when vMax/vMin ≥ 100 (and vMin > 0), else linear,
/// as convertLaw spaces them (friction/fit.h).
std::vector<double> speedGrid(double vMin, double vMax) {
  const bool logarithmic = vMin > 0 && vMax / vMin >= 100;
  std::vector<double> v(kGridPoints);
  for (int i = 0; i < kGridPoints; ++i) {
    const double s = static_cast<double>(i) / (kGridPoints - 1);
    v[i] = logarithmic ? vMin * std::pow(vMax / vMin, s) : vMin + (vMax - vMin) * s;
  }
  return v;
}

/// A target law that is not in the catalog: its force F(p, v) [N] for v > 0, its parameters with
/// bounds and start ranges, fitted to the chosen law's force with fitLeastSquares.
struct OwnLaw {
  std::vector<std::string> keys, units;
  std::vector<double> lower, upper, startLow, startHigh;
  std::vector<bool> logScale;
  double (*force)(const std::vector<double>& p, double v);
};

/// Fits `law` to the chosen law's steady force over the request's grid; the mapping gets the fitted
/// values and the largest deviation on that grid.
void fitOwnLaw(const ExportRequest& request, const OwnLaw& law, Mapping& mapping) {
  // Step 1: the chosen law's force on the grid.
  const std::vector<double> v = speedGrid(request.vMin, request.vMax);
  const LawEvaluator from(request.law, request.params);
  std::vector<double> target(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) target[i] = from.forceMagnitude(v[i], request.N);
  // Step 2: the least squares, started in the middle of each start range and spread over them.
  LeastSquaresProblem problem;
  problem.names = law.keys;
  problem.lower = law.lower;
  problem.upper = law.upper;
  problem.startLow = law.startLow;
  problem.startHigh = law.startHigh;
  problem.logScale = law.logScale;
  for (std::size_t k = 0; k < law.keys.size(); ++k)
    problem.start.push_back(law.logScale[k] ? std::sqrt(law.startLow[k] * law.startHigh[k])
                                            : 0.5 * (law.startLow[k] + law.startHigh[k]));
  problem.residualCount = v.size();
  problem.residuals = [&](const std::vector<double>& p, std::vector<double>& r) {
    for (std::size_t i = 0; i < v.size(); ++i) r[i] = law.force(p, v[i]) - target[i];
  };
  const LeastSquaresResult fit = fitLeastSquares(problem, {8, 4000, 1e-12, 1, {}});
  // Step 3: the values, and the largest deviation on the grid.
  mapping.exact = false;
  for (std::size_t k = 0; k < law.keys.size(); ++k)
    mapping.values.push_back({law.keys[k], {fit.values[k]}, law.units[k]});
  mapping.deviation.points = static_cast<int>(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const double deviation = std::abs(law.force(fit.values, v[i]) - target[i]);
    if (deviation > mapping.deviation.force) {
      mapping.deviation.force = deviation;
      mapping.deviation.atVelocity = v[i];
    }
    if (target[i] != 0)
      mapping.deviation.relative = std::max(mapping.deviation.relative, deviation / std::abs(target[i]));
  }
}

/// The chosen law's scale of force over the range, for the own laws' start ranges.
double forceScale(const ExportRequest& request) {
  const LawEvaluator from(request.law, request.params);
  double largest = 0;
  for (double v : speedGrid(request.vMin, request.vMax))
    largest = std::max(largest, from.forceMagnitude(v, request.N));
  return largest > 0 ? largest : request.N;
}

/// The exponential decay μ = μk + (μs − μk)·e^(−dc·|v|) where the chosen law is one exactly:
/// OpenSees VelDependent, Radioss Ifric 4, OpenSees Coulomb (μs = μk, dc = 0). False otherwise.
bool exponentialDecayOf(const ExportRequest& request, double& mus, double& muk, double& dc) {
  if (request.law != "opensees-veldependent" && request.law != "radioss-exponential" &&
      request.law != "opensees-coulomb")
    return false;
  const LawEvaluator law(request.law, request.params);
  const ResolvedParams& p = law.resolved();
  if (request.law == "opensees-veldependent") {
    mus = p.get("muSlow");
    muk = p.get("muFast");
    dc = p.get("transRate");
  }
  if (request.law == "radioss-exponential") {
    mus = p.get("Fric");
    muk = p.get("C1");
    dc = p.get("C2");
  }
  if (request.law == "opensees-coulomb") {
    mus = muk = p.get("mu");
    dc = 0;
  }
  return true;
}

}  // namespace

// OpenSees: its five laws map exactly (our catalog keys and order are frictionModel's arguments);
// any other law becomes VelDependent fitted over the range.
Mapping mapOpenSees(const ExportRequest& request) {
  static const std::vector<std::pair<std::string, std::string>> kNames = {
      {"opensees-coulomb", "Coulomb"},
      {"opensees-veldependent", "VelDependent"},
      {"opensees-velpressuredep", "VelPressureDep"},
      {"opensees-veldepmultilinear", "VelDepMultiLinear"},
      {"opensees-velnormalfrcdep", "VelNormalFrcDep"}};
  for (const auto& [id, name] : kNames) {
    if (id != request.law) continue;
    Mapping mapping = begin(request, name);
    mapping.values = catalogValues(id, request.params);
    return mapping;
  }
  Mapping mapping = begin(request, "VelDependent");
  fitCatalogLaw(request, "opensees-veldependent", {"muSlow", "muFast", "transRate"}, mapping);
  return mapping;
}

// Radioss: its Ifric 0–4 map exactly. Any other law becomes Ifric 4, μ = C1 + (Fric − C1)·e^(−C2·V),
// whose μ(V) is OpenSees VelDependent's (Fric = muSlow, C1 = muFast, C2 = transRate): exactly from an
// exponential decay, else fitted as VelDependent on μ·N (Radioss's own force also holds the Iform 1
// penalty, min(C‖V‖, μ|Fn|), which is the contact's, not the law's). Iform, VISF, Ifiltr, Xfreq: catalog
// defaults.
Mapping mapRadioss(const ExportRequest& request) {
  static const std::vector<std::string> kIfric = {"radioss-coulomb", "radioss-generalized-viscous",
                                                  "radioss-darmstad", "radioss-renard",
                                                  "radioss-exponential"};
  const auto found = std::find(kIfric.begin(), kIfric.end(), request.law);
  const int ifric = found == kIfric.end() ? 4 : static_cast<int>(found - kIfric.begin());
  Mapping mapping = begin(request, "Ifric " + std::to_string(ifric));
  if (found != kIfric.end()) {
    mapping.values = catalogValues(request.law, request.params);
  } else {
    const Mapping decay = mapExponentialDecay(request);
    mapping.values =
        catalogValues("radioss-exponential",
                      {{"Fric", decay.get("mu_s")}, {"C1", decay.get("mu_k")}, {"C2", decay.get("dc")}});
    mapping.exact = decay.exact;
    mapping.deviation = decay.deviation;
  }
  mapping.values.push_back({"Ifric", {static_cast<double>(ifric)}, ""});
  return mapping;
}

// Drake: CoulombFriction(static, dynamic) with the plant's stiction tolerance is drake-stribeck.
Mapping mapDrake(const ExportRequest& request) {
  Mapping mapping = begin(request, "CoulombFriction + Stribeck stiction tolerance");
  if (request.law == "drake-stribeck")
    mapping.values = catalogValues(request.law, request.params);
  else
    fitCatalogLaw(request, "drake-stribeck", {"static_friction", "dynamic_friction", "stiction_tolerance"},
                  mapping);
  return mapping;
}

// Ratel: Coulomb and Threlfall map exactly; any other law becomes Threlfall fitted.
Mapping mapRatel(const ExportRequest& request) {
  const bool own = request.law == "ratel-coulomb" || request.law == "ratel-threlfall";
  Mapping mapping = begin(request, own && request.law == "ratel-coulomb" ? "coulomb" : "threlfall");
  if (own)
    mapping.values = catalogValues(request.law, request.params);
  else
    fitCatalogLaw(request, "ratel-threlfall", {"kinetic", "viscous", "tolerance_velocity"}, mapping);
  return mapping;
}

// Abaqus, LS-DYNA and Ansys: μ = μk + (μs − μk)·e^(−dc·|v|), the equation of OpenSees VelDependent
// (muSlow = μs, muFast = μk, transRate = dc); other laws are fitted as VelDependent.
Mapping mapExponentialDecay(const ExportRequest& request) {
  Mapping mapping = begin(request, "exponential decay");
  double mus = 0, muk = 0, dc = 0;
  if (!exponentialDecayOf(request, mus, muk, dc)) {
    Mapping fitted = begin(request, "exponential decay");
    fitCatalogLaw(request, "opensees-veldependent", {"muSlow", "muFast", "transRate"}, fitted);
    mus = fitted.get("muSlow");
    muk = fitted.get("muFast");
    dc = fitted.get("transRate");
    mapping.exact = false;
    mapping.deviation = fitted.deviation;
  }
  mapping.values = {{"mu_s", {mus}, ""}, {"mu_k", {muk}, ""}, {"dc", {dc}, "s/m"}};
  return mapping;
}

// Simscape Translational Friction (MathWorks, Simscape › Foundation Library › Mechanical ›
// Translational Elements › Translational Friction, block reference "Equations"):
//   F = √(2e)·(F_brk − F_C)·exp(−(v/v_St)²)·v/v_St + F_C·tanh(v/v_Coul) + f·v,
//   v_St = √2·v_brk, v_Coul = v_brk/10.
// Fitted as F_C, ΔF = F_brk − F_C ≥ 0 (the block asks F_brk ≥ F_C), v_brk > 0 and f ≥ 0.
double simscapeForce(const std::vector<double>& p, double v) {
  const double Fc = p[0], dF = p[1], vBrk = p[2], f = p[3];
  const double vSt = std::sqrt(2.0) * vBrk, vCoul = vBrk / 10;
  return std::sqrt(2 * std::exp(1.0)) * dF * std::exp(-(v / vSt) * (v / vSt)) * v / vSt +
         Fc * std::tanh(v / vCoul) + f * v;
}

Mapping mapSimscape(const ExportRequest& request) {
  Mapping mapping = begin(request, "Translational Friction");
  const double F = forceScale(request), inf = std::numeric_limits<double>::infinity();
  const OwnLaw law{{"coulomb_force", "breakaway_excess", "breakaway_velocity", "viscous_coefficient"},
                   {"N", "N", "m/s", "N·s/m"},
                   {0, 0, request.vMin * 1e-3, 0},
                   {inf, inf, request.vMax * 10, inf},
                   {0, 0, request.vMin, 0},
                   {2 * F, F, request.vMax, F / request.vMax},
                   {false, false, true, false},
                   &simscapeForce};
  fitOwnLaw(request, law, mapping);
  return mapping;
}

// Modelica.Mechanics.Translational.Components.MassWithStopAndFriction (Modelica Standard Library 4.0,
// its documentation "friction"): sliding, F = F_prop·v + F_Coulomb + F_Stribeck·exp(−fexp·|v|) for
// v > 0; sticking up to F_Coulomb + F_Stribeck. Exact for an exponential decay with μs ≥ μk and for
// Ratel Coulomb; else fitted with F_prop, F_Coulomb, F_Stribeck, fexp ≥ 0 (the library's minima).
double modelicaForce(const std::vector<double>& p, double v) {
  return p[0] * v + p[1] + p[2] * std::exp(-p[3] * v);
}

Mapping mapModelica(const ExportRequest& request) {
  Mapping mapping = begin(request, "MassWithStopAndFriction");
  double mus = 0, muk = 0, dc = 0;
  const double N = request.N;
  if (exponentialDecayOf(request, mus, muk, dc) && mus >= muk) {
    mapping.values = {{"F_prop", {0.0}, "N·s/m"},
                      {"F_Coulomb", {muk * N}, "N"},
                      {"F_Stribeck", {(mus - muk) * N}, "N"},
                      {"fexp", {dc}, "s/m"}};
    return mapping;
  }
  if (request.law == "ratel-coulomb") {
    const LawEvaluator law(request.law, request.params);
    mapping.values = {{"F_prop", {law.resolved().get("viscous")}, "N·s/m"},
                      {"F_Coulomb", {law.resolved().get("kinetic") * N}, "N"},
                      {"F_Stribeck", {0.0}, "N"},
                      {"fexp", {0.0}, "s/m"}};
    return mapping;
  }
  const double F = forceScale(request), inf = std::numeric_limits<double>::infinity();
  const OwnLaw law{{"F_prop", "F_Coulomb", "F_Stribeck", "fexp"},
                   {"N·s/m", "N", "N", "s/m"},
                   {0, 0, 0, 0},
                   {inf, inf, inf, inf},
                   {0, 0, 0, 0.1 / request.vMax},
                   {F / request.vMax, 2 * F, F, 10 / std::max(request.vMin, 1e-6 * request.vMax)},
                   {false, false, false, true},
                   &modelicaForce};
  fitOwnLaw(request, law, mapping);
  return mapping;
}

}  // namespace friction::exporting
