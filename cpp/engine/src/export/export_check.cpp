// What an export's text holds, measured (issue 27): each target's own equation evaluated from the
// values as written (its source cited beside it; tests/native/export_solvers_test.cpp reads the texts
// with each solver's grammar and evaluates the same equations independently), compared with the law's
// steady force over the range; the values the target refuses or misreads; and every caveat the text
// states: the fit's warnings, a large deviation, a value far outside what the law does over the range,
// what is not verified, and what belongs to the contact rather than the friction law.

#include <algorithm>
#include <cmath>
#include <string>

#include "export/export_map.h"
#include "fit/portable_math.h"
#include "fit/steady_curves.h"
#include "friction/errors.h"
#include "friction/laws.h"

namespace friction::exporting {
namespace {

namespace pm = portable;

/// A deviation above this share of the law's force is stated in the text's first line.
constexpr double kLargeDeviation = 0.05;
/// Exact: the target's equation within this of the law's force at every speed of the grid.
constexpr double kExact = 1e-12;

// ---- Each target's equation, from the values as written (output units) ----

/// μ = fast − (fast − slow)·e^(−rate·v), in OpenSees's order (VelDependent.cpp:121-122).
double blendMu(double slow, double fast, double rate, double v) {
  return fast - (fast - slow) * pm::exp(-rate * v);
}

/// OpenSees's five frictionModels (SRC/element/frictionBearing/frictionModel/*.cpp, setTrial): μ(N, |v|).
double openSeesMu(const Mapping& m, double v) {
  const double N = m.N;
  if (m.targetLaw == "Coulomb") return m.get("mu");
  if (m.targetLaw == "VelDependent") return blendMu(m.get("muSlow"), m.get("muFast"), m.get("transRate"), v);
  if (m.targetLaw == "VelPressureDep") {
    const double fast = N > 0
                            ? m.get("muFast0") - m.get("deltaMu") * pm::tanh(m.get("alpha") * N / m.get("A"))
                            : m.get("muFast0");
    return blendMu(m.get("muSlow"), fast, m.get("transRate"), v);
  }
  if (m.targetLaw == "VelNormalFrcDep") {
    const double fast = m.get("aFast") * pm::pow(N, m.get("nFast") - 1);
    const double slow = m.get("aSlow") * pm::pow(N, m.get("nSlow") - 1);
    const double rate = m.get("alpha0") + m.get("alpha1") * N + m.get("alpha2") * N * N;
    const double mu = blendMu(slow, fast, rate, v);
    return mu > m.get("maxMuFact") * fast || N <= 0 ? m.get("maxMuFact") * fast : mu;
  }
  // VelDepMultiLinear (VelDepMultiLinear.cpp:163-194), a fresh model: its search starts on segment 0.
  const std::vector<double>&vel = m.quantity("vel").items, &frn = m.quantity("frn").items;
  std::size_t id = 0;
  while (id + 2 < vel.size() && v >= vel[id + 1]) ++id;
  return frn[id] + (frn[id + 1] - frn[id]) / (vel[id + 1] - vel[id]) * (v - vel[id]);
}

/// Drake's continuous plant (multibody_plant.cc, StribeckModel and step5): μ(s), s = |v|/v_s.
double drakeMu(const Mapping& m, double v) {
  const double mus = m.get("static_friction"), mud = m.get("dynamic_friction");
  const double s = v * (1 / m.get("stiction_tolerance"));
  auto step5 = [](double x) { return x * x * x * (10 + x * (6 * x - 15)); };
  if (s >= 3) return mud;
  if (s >= 1) return mus - (mus - mud) * step5((s - 1) / 2);
  return mus * step5(s);
}

/// OpenRadioss's Ifric 0–4 at p = 0 (engine/source/interfaces/int07/i7for3.F:1860-1953), V = √max(1e-30, v²).
double radiossMu(const Mapping& m, double v) {
  const int ifric = static_cast<int>(m.get("Ifric"));
  auto c = [&m](const char* key) { return m.has(key) ? m.get(key) : 0.0; };
  const double V = std::sqrt(std::max(1e-30, v * v));
  double mu = 0;
  if (ifric == 0) return c("Fric");
  if (ifric == 1) mu = c("Fric") + c("C2") * V + c("C5") * v * v;
  if (ifric == 2) mu = c("Fric") + c("C5") * pm::exp(c("C6") * V);
  if (ifric == 3) {
    const double C1 = c("C1"), C2 = c("C2"), C3 = c("C3"), C4 = c("C4"), C5 = c("C5"), C6 = c("C6");
    if (V <= C5) {
      const double x = V / C5;
      mu = C1 + (C3 - C1) * x * (2 - x);
    } else if (V < C6) {
      const double x = (V - C5) / (C6 - C5);
      mu = C3 + (C4 - C3) * (3 - 2 * x) * x * x;
    } else {
      mu = C2 - (C2 - C4) / (1 + (C2 - C4) * (V - C6) * (V - C6));
    }
  }
  if (ifric == 4) mu = c("C1") + (c("Fric") - c("C1")) * pm::exp(-c("C2") * V);
  return std::max(mu, 1e-30);
}

/// Ratel's documentation, Friction models: Coulomb F_C + Fv·v; Threlfall's ramp to v0, then F_C + Fv(v − v0).
double ratelForce(const Mapping& m, double v) {
  const double FC = m.get("kinetic") * m.N, Fv = m.get("viscous");
  if (m.targetLaw == "coulomb") return FC + Fv * v;
  const double v0 = m.get("tolerance_velocity");
  if (v <= v0) return FC * (1 - pm::exp(-3 * v / v0)) / (1 - pm::exp(-3.0));
  return FC + Fv * (v - v0);
}

/// Simscape Translational Friction (MathWorks block reference, Equations).
double simscapeForce(const Mapping& m, double v) {
  const double Fbrk = m.get("breakaway_force"), Fc = m.get("coulomb_force"),
               vBrk = m.get("breakaway_velocity");
  const double vSt = std::sqrt(2.0) * vBrk, vCoul = vBrk / 10;
  return std::sqrt(2 * pm::exp(1.0)) * (Fbrk - Fc) * pm::exp(-(v / vSt) * (v / vSt)) * v / vSt +
         Fc * pm::tanh(v / vCoul) + m.get("viscous_coefficient") * v;
}

// ---- The comparison over the range ----

struct Comparison {
  double lawMuMin = 0, lawMuMax = 0;
};

/// The deviation of the target's equation from the law's steady force on the grid; exact where within
/// kExact of it at every speed (and exactly 0 where the law's force is 0).
Comparison compare(Mapping& mapping, const ExportRequest& request) {
  const LawEvaluator law(request.law, request.params);
  const fitting::SteadyCurve steady(law);
  const std::vector<double> grid = speedGrid(request.vMin, request.vMax);
  Comparison out{std::numeric_limits<double>::infinity(), 0};
  ExportDeviation& d = mapping.deviation;
  d = {0, 0, 0, static_cast<int>(grid.size())};
  bool exact = true;
  for (double v : grid) {
    const double lawForce = steady(v, request.N);
    const double target = targetForce(mapping, v * speedFactor(mapping.units));
    const double deviation = std::fabs(target - lawForce);
    if (!(deviation <= d.force)) {  // NaN too: a target that cannot be evaluated deviates most
      d.force = deviation;
      d.atVelocity = v;
    }
    if (lawForce != 0) d.relative = std::max(d.relative, deviation / std::fabs(lawForce));
    exact = exact && deviation <= kExact * std::fabs(lawForce);
    out.lawMuMin = std::min(out.lawMuMin, lawForce / request.N);
    out.lawMuMax = std::max(out.lawMuMax, lawForce / request.N);
  }
  mapping.exact = exact;
  return out;
}

/// The target's coefficients (μ at rest or at speed, as its equation reads them), for the range check.
std::vector<std::pair<std::string, double>> coefficientsOf(const Mapping& m) {
  switch (m.family) {
    case Family::OpenSees:
      if (m.targetLaw == "VelDependent") return {{"muSlow", m.get("muSlow")}, {"muFast", m.get("muFast")}};
      return {};
    case Family::Drake:
      return {{"static_friction", m.get("static_friction")}, {"dynamic_friction", m.get("dynamic_friction")}};
    case Family::Radioss:
      return {{"Fric", m.get("Fric")}, {"C1", m.get("C1")}};
    case Family::Ratel:
      return {{"kinetic", m.get("kinetic")}};
    case Family::ExponentialDecay:
      return {{"mu_s", m.get("mu_s")}, {"mu_k", m.get("mu_k")}};
    case Family::Ansys:
      return {{"MU", m.get("MU")}, {"MU·FACT", m.get("MU") * m.get("FACT")}};
    case Family::Simscape:
      return {{"coulomb_force/N", m.get("coulomb_force") / m.N},
              {"breakaway_force/N", m.get("breakaway_force") / m.N}};
    case Family::Modelica:
      return {{"F_Coulomb/N", m.get("F_Coulomb") / m.N},
              {"(F_Coulomb + F_Stribeck)/N", (m.get("F_Coulomb") + m.get("F_Stribeck")) / m.N}};
  }
  return {};
}

/// A fitted coefficient more than twice the law's largest μ over the range, or below half its smallest:
/// the fit followed the law's slope with a coefficient the law never takes.
void warnFarCoefficients(Mapping& m, const Comparison& range) {
  if (!m.fitted) return;
  for (const auto& [name, value] : coefficientsOf(m)) {
    const bool high = value > 2 * range.lawMuMax, low = range.lawMuMin > 0 && value < 0.5 * range.lawMuMin;
    if (!high && !low) continue;
    m.warnings.push_back(
        name + " = " + formatSignificant(value, 6) + " is " + (high ? "above twice" : "below half") +
        " the law's mu over the range (" + formatSignificant(range.lawMuMin, 4) + " to " +
        formatSignificant(range.lawMuMax, 4) + "): the fitted " + m.targetLaw +
        " follows the law within the range by a coefficient the law never takes; outside the range "
        "(at rest, or faster) it is not the law.");
  }
}

/// Values the target refuses, misreads or treats as another thing: refused (InputError, field "to").
void refuseUnaccepted(const Mapping& m) {
  auto refuse = [&m](const std::string& why) {
    throw InputError("to", "to: " + m.sourceLaw + " cannot be written for this target: " + why);
  };
  if (m.family == Family::Ansys && !(m.get("MU") > 0 && std::isfinite(m.get("FACT"))))
    refuse("Ansys's FACT = μs/μk needs μk > 0 (TB,FRIC's MU), and μk is " + formatNumber(m.get("MU")) + ".");
  if (m.family == Family::OpenSees && m.targetLaw == "VelDependent" &&
      !(m.get("muSlow") > 0 && m.get("muFast") > 0 && m.get("transRate") >= 0))
    refuse("OpenSees exits on muSlow ≤ 0, muFast ≤ 0 or transRate < 0 (VelDependent.cpp:92-98).");
  if (m.family == Family::Drake && !(m.get("dynamic_friction") <= m.get("static_friction")))
    refuse("Drake's CoulombFriction throws if dynamic_friction > static_friction (coulomb_friction.cc).");
  if (m.target == "ls-dyna" && (m.get("mu_s") == 2 || m.get("mu_s") < 0))
    refuse(
        "LS-DYNA reads FS = 2 as \"FD is a table ID\" and FS < 0 as a reference to *PART or "
        "*DEFINE_FRICTION; "
        "FS here is " +
        formatNumber(m.get("mu_s")) + ".");
}

}  // namespace

double targetForce(const Mapping& m, double v) {
  switch (m.family) {
    case Family::OpenSees:
      return m.N > 0 ? openSeesMu(m, v) * m.N : 0.0;
    case Family::Drake:
      return m.N > 0 && v > 1e-14 ? drakeMu(m, v) * m.N : 0.0;
    case Family::Radioss:
      return radiossMu(m, v) * m.N;
    case Family::Ratel:
      return v > 0 ? ratelForce(m, v) : 0.0;
    case Family::ExponentialDecay:
      return (m.get("mu_k") + (m.get("mu_s") - m.get("mu_k")) * pm::exp(-m.get("dc") * v)) * m.N;
    case Family::Ansys:
      return m.get("MU") * (1 + (m.get("FACT") - 1) * pm::exp(-m.get("DC") * v)) * m.N;
    case Family::Simscape:
      return simscapeForce(m, v);
    case Family::Modelica:
      return m.get("F_prop") * v + m.get("F_Coulomb") + m.get("F_Stribeck") * pm::exp(-m.get("fexp") * v);
  }
  return 0;
}

void checkMapping(Mapping& mapping, const ExportRequest& request) {
  // Step 1: what the target's equation does with the values as written, against the law.
  refuseUnaccepted(mapping);
  const Comparison range = compare(mapping, request);
  // Step 2: the caveats.
  if (mapping.deviation.relative > kLargeDeviation)
    mapping.warnings.push_back(
        "The largest deviation is " + formatSignificant(100 * mapping.deviation.relative, 3) +
        " % of the law's force (above " + formatSignificant(100 * kLargeDeviation, 2) +
        " %): " + mapping.targetLaw + " does not follow the law closely over the range.");
  warnFarCoefficients(mapping, range);
  addTargetNotes(mapping, request);
}

}  // namespace friction::exporting
