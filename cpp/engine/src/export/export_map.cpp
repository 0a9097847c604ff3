// A catalog law mapped onto each target's own law: from the chosen law's own parameters where the
// target's law is the chosen law's equation (an OpenSees law to OpenSees, an exponential decay to
// Abaqus), else the target's law fitted to the chosen law's steady friction force over [vMin, vMax]
// (fit/steady_curves.h: the friction law, without Radioss's contact regularisation) with the least
// squares of friction/fit.h: convertLaw where the target's law is in the catalog, fitLeastSquares on the
// target's own equation for Simscape and Modelica. Whether the result is exact, how far it deviates and
// what the target accepts is measured afterwards, from the values as written (export_check.cpp).

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "export/export_map.h"
#include "fit/portable_math.h"
#include "fit/steady_curves.h"
#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/laws.h"

namespace friction::exporting {

const Quantity& Mapping::quantity(const std::string& key) const {
  for (const Quantity& q : values)
    if (q.key == key) return q;
  throw std::logic_error("export mapping has no value '" + key + "'");
}
double Mapping::get(const std::string& key) const { return quantity(key).value(); }
bool Mapping::has(const std::string& key) const {
  return std::any_of(values.begin(), values.end(), [&key](const Quantity& q) { return q.key == key; });
}
void Mapping::set(const std::string& key, double value) {
  for (Quantity& q : values)
    if (q.key == key) q.items = {value};
}

namespace {

constexpr int kGridPoints = 200;
constexpr double kInf = std::numeric_limits<double>::infinity();

Mapping begin(const ExportRequest& request, std::string targetLaw, Family family) {
  Mapping mapping;
  mapping.sourceLaw = request.law;
  mapping.targetLaw = std::move(targetLaw);
  mapping.family = family;
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

/// The fit's warnings, as the text states them: which fit, over which range.
void addFitWarnings(const LeastSquaresResult& fit, const std::string& targetLaw, const ExportRequest& request,
                    Mapping& mapping) {
  for (const std::string& warning : fit.warnings)
    mapping.warnings.push_back("The fit of " + targetLaw + " over v = " + formatSignificant(request.vMin, 6) +
                               " to " + formatSignificant(request.vMax, 6) + " m/s: " + warning);
}

/// Law `to` fitted to the chosen law over the request's range (convertLaw), its `free` parameters
/// fitted and the others at their defaults; the mapping gets to's values and the fit's warnings.
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
  mapping.fitted = true;
  addFitWarnings(result.fit.fit, mapping.targetLaw, request, mapping);
}

/// A target law that is not in the catalog: its force F(p, v) [N] for v > 0, its parameters with
/// bounds and start ranges, fitted to the chosen law's force with fitLeastSquares.
struct OwnLaw {
  std::vector<std::string> keys, units;
  std::vector<double> lower, upper, startLow, startHigh;
  std::vector<bool> logScale;
  double (*force)(const std::vector<double>& p, double v);
};

/// Fits `law` to the chosen law's steady force on the request's grid; the mapping gets the fitted values
/// and the fit's warnings.
void fitOwnLaw(const ExportRequest& request, const OwnLaw& law, Mapping& mapping) {
  // Step 1: the chosen law's steady force on the grid.
  const std::vector<double> v = speedGrid(request.vMin, request.vMax);
  const LawEvaluator from(request.law, request.params);
  const fitting::SteadyCurve steady(from);
  std::vector<double> target(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) target[i] = steady(v[i], request.N);
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
  // Step 3: the values and the warnings.
  for (std::size_t k = 0; k < law.keys.size(); ++k)
    mapping.values.push_back({law.keys[k], {fit.values[k]}, law.units[k]});
  mapping.fitted = true;
  addFitWarnings(fit, mapping.targetLaw, request, mapping);
}

/// The chosen law's largest steady force over the range: the scale of the own laws' start ranges.
double forceScale(const ExportRequest& request) {
  const LawEvaluator from(request.law, request.params);
  const fitting::SteadyCurve steady(from);
  double largest = 0;
  for (double v : speedGrid(request.vMin, request.vMax)) largest = std::max(largest, steady(v, request.N));
  return largest > 0 ? largest : request.N;
}

/// The exponential decay μ = μk + (μs − μk)·e^(−dc·|v|) where the chosen law's friction law is one exactly
/// over the range: OpenSees VelDependent, Radioss Ifric 4, OpenSees Coulomb and Radioss Ifric 0 (μs = μk,
/// dc = 0), Ratel Coulomb without viscosity, and the textbook Coulomb law, whose step from μs at rest to
/// μk in sliding becomes a decay complete below vMin (dc = 40/vMin: e^(−40) < 1e-17). False otherwise.
bool exponentialDecayOf(const ExportRequest& request, double& mus, double& muk, double& dc) {
  const LawEvaluator law(request.law, request.params);
  const ResolvedParams& p = law.resolved();
  const std::string& id = request.law;
  dc = 0;
  if (id == "opensees-veldependent") {
    mus = p.get("muSlow");
    muk = p.get("muFast");
    dc = p.get("transRate");
  } else if (id == "radioss-exponential") {
    mus = p.get("Fric");
    muk = p.get("C1");
    dc = p.get("C2");
  } else if (id == "opensees-coulomb" || id == "radioss-coulomb") {
    mus = muk = p.get(id == "opensees-coulomb" ? "mu" : "Fric");
  } else if (id == "ratel-coulomb" && p.get("viscous") == 0) {
    mus = muk = p.get("kinetic");
  } else if (id == "coulomb") {
    mus = p.get("mu_s");
    muk = p.get("mu_k");
    dc = mus == muk ? 0.0 : 40 / request.vMin;
  } else {
    return false;
  }
  return true;
}

/// The exponential decay (μs, μk, dc) of the chosen law: exactly, or VelDependent fitted (its warnings
/// into `mapping`).
void decayOf(const ExportRequest& request, Mapping& mapping, double& mus, double& muk, double& dc) {
  if (exponentialDecayOf(request, mus, muk, dc)) return;
  // The fit's warnings name VelDependent's parameters: muSlow is μs, muFast μk, transRate dc.
  Mapping fitted = begin(request, "the exponential decay (OpenSees VelDependent: muSlow, muFast, transRate)",
                         mapping.family);
  fitCatalogLaw(request, "opensees-veldependent", {"muSlow", "muFast", "transRate"}, fitted);
  mus = fitted.get("muSlow");
  muk = fitted.get("muFast");
  dc = fitted.get("transRate");
  mapping.fitted = true;
  mapping.warnings = fitted.warnings;
}

}  // namespace

std::vector<double> speedGrid(double vMin, double vMax) {
  const bool logarithmic = vMin > 0 && vMax / vMin >= 100;
  std::vector<double> v(kGridPoints);
  for (int i = 0; i < kGridPoints; ++i) {
    const double s = static_cast<double>(i) / (kGridPoints - 1);
    v[static_cast<std::size_t>(i)] =
        logarithmic ? vMin * portable::pow(vMax / vMin, s) : vMin + (vMax - vMin) * s;
  }
  return v;
}

// OpenSees: its five laws map exactly (our catalog keys and order are frictionModel's arguments); an
// exponential decay with μs, μk > 0 is VelDependent exactly; any other law becomes VelDependent fitted.
Mapping mapOpenSees(const ExportRequest& request) {
  static const std::vector<std::pair<std::string, std::string>> kNames = {
      {"opensees-coulomb", "Coulomb"},
      {"opensees-veldependent", "VelDependent"},
      {"opensees-velpressuredep", "VelPressureDep"},
      {"opensees-veldepmultilinear", "VelDepMultiLinear"},
      {"opensees-velnormalfrcdep", "VelNormalFrcDep"}};
  for (const auto& [id, name] : kNames) {
    if (id != request.law) continue;
    Mapping mapping = begin(request, name, Family::OpenSees);
    mapping.values = catalogValues(id, request.params);
    return mapping;
  }
  double mus = 0, muk = 0, dc = 0;
  if (exponentialDecayOf(request, mus, muk, dc) && mus > 0 && muk > 0) {
    const bool constant = mus == muk || dc == 0;  // μ = μs at every speed: OpenSees Coulomb
    Mapping mapping = begin(request, constant ? "Coulomb" : "VelDependent", Family::OpenSees);
    if (constant) {
      mapping.values.push_back({"mu", {mus}, ""});
    } else {
      mapping.values.push_back({"muSlow", {mus}, ""});
      mapping.values.push_back({"muFast", {muk}, ""});
      mapping.values.push_back({"transRate", {dc}, "s/m"});
    }
    return mapping;
  }
  Mapping mapping = begin(request, "VelDependent", Family::OpenSees);
  fitCatalogLaw(request, "opensees-veldependent", {"muSlow", "muFast", "transRate"}, mapping);
  return mapping;
}

// Radioss /FRICTION: its Ifric 0–4 map exactly, with the law's Iform, VISF, Ifiltr and Xfreq (the
// contact's choices, written into /FRICTION as the user chose them). Any other law becomes Ifric 4,
// μ = C1 + (Fric − C1)·e^(−C2·V), from its exponential decay (Fric = μs, C1 = μk, C2 = dc), with Iform 2.
Mapping mapRadioss(const ExportRequest& request) {
  static const std::vector<std::string> kIfric = {"radioss-coulomb", "radioss-generalized-viscous",
                                                  "radioss-darmstad", "radioss-renard",
                                                  "radioss-exponential"};
  const auto found = std::find(kIfric.begin(), kIfric.end(), request.law);
  const int ifric = found == kIfric.end() ? 4 : static_cast<int>(found - kIfric.begin());
  Mapping mapping = begin(request, "Ifric " + std::to_string(ifric), Family::Radioss);
  if (found != kIfric.end()) {
    mapping.values = catalogValues(request.law, request.params);
    // The law's VISF is /INTER's (C = VISF·√(2KM), the starter squares it; 0 means 1 when Fric ≠ 0 or
    // Ifric ≠ 0); /FRICTION stores VIS_F as given (C = √VIS_F·√(2KM)): the same C is VIS_F = VISF².
    const double fric = mapping.has("Fric") ? mapping.get("Fric") : 0.0, visf = mapping.get("VISF");
    const double effective = visf == 0 && (fric != 0 || ifric != 0) ? 1.0 : visf;
    mapping.values.push_back({"VIS_F", {mapping.get("Iform") == 2 ? 0.0 : effective * effective}, ""});
  } else {
    double mus = 0, muk = 0, dc = 0;
    decayOf(request, mapping, mus, muk, dc);
    mapping.values = {{"Fric", {mus}, ""},  {"C1", {muk}, ""},     {"C2", {dc}, "s/m"}, {"Iform", {2.0}, ""},
                      {"VIS_F", {0.0}, ""}, {"Ifiltr", {0.0}, ""}, {"Xfreq", {0.0}, ""}};
  }
  mapping.values.push_back({"Ifric", {static_cast<double>(ifric)}, ""});
  return mapping;
}

// Drake: CoulombFriction(static, dynamic) with the plant's stiction tolerance is drake-stribeck. Fitted,
// a static coefficient the fit cannot see (3·v_s ≤ vMin: the curve over the range is flat at μd) is set
// to the dynamic one, and v_s to at most vMin/3: no peak for Drake to apply that the law does not have.
Mapping mapDrake(const ExportRequest& request) {
  Mapping mapping = begin(request, "CoulombFriction + Stribeck stiction tolerance", Family::Drake);
  if (request.law == "drake-stribeck") {
    mapping.values = catalogValues(request.law, request.params);
    return mapping;
  }
  fitCatalogLaw(request, "drake-stribeck", {"static_friction", "dynamic_friction", "stiction_tolerance"},
                mapping);
  const bool unseen = std::any_of(mapping.warnings.begin(), mapping.warnings.end(), [](const std::string& w) {
    return w.find("static_friction") != std::string::npos;
  });
  if (unseen && mapping.get("stiction_tolerance") * 3 <= request.vMin) {
    mapping.set("static_friction", mapping.get("dynamic_friction"));
    mapping.set("stiction_tolerance", std::min(mapping.get("stiction_tolerance"), request.vMin / 3));
    mapping.warnings.push_back(
        "static_friction is set to dynamic_friction: over the range the fitted curve is flat at "
        "dynamic_friction "
        "(3*stiction_tolerance lies below vMin), so no static value is determined; the fit's own value would "
        "be a "
        "peak Drake applies at v = stiction_tolerance that the law does not have.");
  }
  return mapping;
}

// Ratel: Coulomb and Threlfall map exactly; any other law becomes Threlfall fitted.
Mapping mapRatel(const ExportRequest& request) {
  const bool own = request.law == "ratel-coulomb" || request.law == "ratel-threlfall";
  Mapping mapping =
      begin(request, own && request.law == "ratel-coulomb" ? "coulomb" : "threlfall", Family::Ratel);
  if (own)
    mapping.values = catalogValues(request.law, request.params);
  else
    fitCatalogLaw(request, "ratel-threlfall", {"kinetic", "viscous", "tolerance_velocity"}, mapping);
  return mapping;
}

// Abaqus and LS-DYNA: μ = μk + (μs − μk)·e^(−dc·|v|), the equation of OpenSees VelDependent
// (muSlow = μs, muFast = μk, transRate = dc); other laws are fitted as VelDependent.
Mapping mapExponentialDecay(const ExportRequest& request) {
  Mapping mapping = begin(request, "exponential decay", Family::ExponentialDecay);
  double mus = 0, muk = 0, dc = 0;
  decayOf(request, mapping, mus, muk, dc);
  mapping.values = {{"mu_s", {mus}, ""}, {"mu_k", {muk}, ""}, {"dc", {dc}, "s/m"}};
  return mapping;
}

// Ansys: μ = MU·(1 + (FACT − 1)·e^(−DC·v)), MU = μk, FACT = μs/μk, DC = dc (the exponential decay).
Mapping mapAnsys(const ExportRequest& request) {
  Mapping mapping = begin(request, "static/dynamic friction (FACT, DC)", Family::Ansys);
  double mus = 0, muk = 0, dc = 0;
  decayOf(request, mapping, mus, muk, dc);
  mapping.values = {{"MU", {muk}, ""}, {"FACT", {muk > 0 ? mus / muk : kInf}, ""}, {"DC", {dc}, "s/m"}};
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
  return std::sqrt(2 * portable::exp(1.0)) * dF * portable::exp(-(v / vSt) * (v / vSt)) * v / vSt +
         Fc * portable::tanh(v / vCoul) + f * v;
}

Mapping mapSimscape(const ExportRequest& request) {
  Mapping mapping = begin(request, "Translational Friction", Family::Simscape);
  const double F = forceScale(request);
  const OwnLaw law{{"coulomb_force", "breakaway_excess", "breakaway_velocity", "viscous_coefficient"},
                   {"N", "N", "m/s", "N·s/m"},
                   {0, 0, request.vMin * 1e-3, 0},
                   {kInf, kInf, request.vMax * 10, kInf},
                   {0, 0, request.vMin, 0},
                   {2 * F, F, request.vMax, F / request.vMax},
                   {false, false, true, false},
                   &simscapeForce};
  fitOwnLaw(request, law, mapping);
  // The block's parameter is the breakaway force itself, F_brk = F_C + ΔF.
  const double breakaway = mapping.get("coulomb_force") + mapping.get("breakaway_excess");
  mapping.values = {{"breakaway_force", {breakaway}, "N"},
                    mapping.quantity("breakaway_velocity"),
                    mapping.quantity("coulomb_force"),
                    mapping.quantity("viscous_coefficient")};
  return mapping;
}

// Modelica.Mechanics.Translational.Components.MassWithStopAndFriction (Modelica Standard Library 4.0,
// MassWithStopAndFriction.mo): sliding forward, F = F_prop·v + F_Coulomb + F_Stribeck·exp(−fexp·|v|).
// Exact for an exponential decay, μs < μk too (F_Stribeck has no minimum), and for Ratel Coulomb; else
// fitted with F_prop, F_Coulomb, F_Stribeck, fexp ≥ 0 (F_prop and fexp have `final min=0`).
double modelicaForce(const std::vector<double>& p, double v) {
  return p[0] * v + p[1] + p[2] * portable::exp(-p[3] * v);
}

Mapping mapModelica(const ExportRequest& request) {
  Mapping mapping = begin(request, "MassWithStopAndFriction", Family::Modelica);
  double mus = 0, muk = 0, dc = 0;
  const double N = request.N;
  if (exponentialDecayOf(request, mus, muk, dc)) {
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
  const double F = forceScale(request);
  const OwnLaw law{{"F_prop", "F_Coulomb", "F_Stribeck", "fexp"},
                   {"N·s/m", "N", "N", "s/m"},
                   {0, 0, 0, 0},
                   {kInf, kInf, kInf, kInf},
                   {0, 0, 0, 0.1 / request.vMax},
                   {F / request.vMax, 2 * F, F, 10 / std::max(request.vMin, 1e-6 * request.vMax)},
                   {false, false, false, true},
                   &modelicaForce};
  fitOwnLaw(request, law, mapping);
  return mapping;
}

}  // namespace friction::exporting
