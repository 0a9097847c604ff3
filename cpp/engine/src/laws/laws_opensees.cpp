// OpenSees friction models of the friction bearing elements (seed 004), as their source computes them:
// SRC/element/frictionBearing/frictionModel/{Coulomb,VelDependent,VelPressureDep,VelDepMultiLinear,
// VelNormalFrcDep}.cpp at OpenSees/OpenSees @ 2890cb36f59b.
//
// Common behaviour kept: μ is a function of |v| (the bearings pass |v|) and N (compression positive);
// the friction force is μN for N > 0 and 0 otherwise; the coefficient itself is returned whatever N is
// (so VelNormalFrcDep can give inf or NaN at N ≤ 0, as getFrictionCoeff() does).
//
// What each law accepts is what OpenSees accepts: the limits its constructors check (they exit on a bad
// argument; we refuse it with an InputError) and its parsers' (OPS_Coulomb … OPS_VelNormalFrcDep, which
// the Tcl and the Python interpreters both call), each declared in the parameter's accepted range
// (ParamSpec::min/max/minExclusive, via accepting()) with the source line beside it, and nothing more:
// where OpenSees sets no limit, the range is unbounded. The sliders keep friendly spans around the
// defaults. Two limits of our own: a value must be finite (JSON has no infinity, and a run with one
// means nothing), and a list holds at most 64 points (OpenSees's parser reads them into arrays of 64
// with no bounds check, so more would overrun its buffer rather than be accepted).
//
// OpenSees is unit-agnostic: a model's units are the user's (kip, inch, s…) as long as they are
// consistent. The units shown are SI, the spring-block's; the limits (> 0, ≥ 0, ≤ 1) hold in any units.

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "friction/errors.h"
#include "laws/law_registry.h"

namespace friction {
namespace {

// getFrictionForce(): μN if N > 0, else 0.
double frictionForceOf(double mu, double N) { return N > 0 ? mu * N : 0.0; }

// --- Coulomb: μ = mu ----------------------------------------------------------------------------
struct CoulombParams {
  double mu;
};
constexpr std::array<ParamField<CoulombParams>, 1> kCoulombFields = {{
    // Coulomb.cpp:88, the constructor: exits if mu <= 0. No upper limit.
    {&CoulombParams::mu, accepting({"mu", "μ", "mu", "", 0.1, 0.005, 2.0, 0.005, Scale::Linear,
                                    "Constant coefficient; any value > 0, as OpenSees accepts."},
                                   0.0, kUnbounded, kExclusive)},
}};
double coulombMu(const ResolvedParams& r, const LawInputs&) { return bindParams(kCoulombFields, r).mu; }

// --- VelDependent: μ = muFast − (muFast − muSlow) e^{−transRate |v|} --------------------------------
struct VelDependentParams {
  double muSlow, muFast, transRate;
};
using VD = ParamField<VelDependentParams>;
// VelDependent.cpp:92 (VelPressureDep.cpp:95 the same for its muSlow): exits if muSlow <= 0. No upper limit.
constexpr VD kMuSlow{
    &VelDependentParams::muSlow,
    accepting({"muSlow", "μslow", "muSlow", "", 0.085, 0.005, 2.0, 0.005, Scale::Linear,
               "Coefficient at zero velocity; any value > 0. Greater than muFast is allowed."},
              0.0, kUnbounded, kExclusive)};
// VelDependent.cpp:98 (VelPressureDep.cpp:107): exits if transRate < 0. No upper limit.
constexpr VD kTransRate{
    &VelDependentParams::transRate,
    accepting({"transRate", "a", "transRate", "s/m", 0.77, 0.0, 1e4, 0.01, Scale::Linear,
               "Rate of the exponential transition from muSlow to muFast; any value ≥ 0, in the "
               "inverse of your velocity unit (OpenSees is unit-agnostic; s/m in SI)."},
              0.0, kUnbounded)};
constexpr std::array<VD, 3> kVelDependentFields = {{
    kMuSlow,
    // VelDependent.cpp:92: exits if muFast <= 0. No upper limit.
    {&VelDependentParams::muFast, accepting({"muFast", "μfast", "muFast", "", 0.163, 0.005, 2.0, 0.005,
                                             Scale::Linear, "Coefficient at high velocity; any value > 0."},
                                            0.0, kUnbounded, kExclusive)},
    kTransRate,
}};
double velDependentMu(const ResolvedParams& r, const LawInputs& in) {
  const VelDependentParams p = bindParams(kVelDependentFields, r);
  return p.muFast - (p.muFast - p.muSlow) * std::exp(-p.transRate * std::fabs(in.v));
}

// --- VelPressureDep: muFast = muFast0 − deltaMu tanh(alpha N/A) for N > 0 -------------------------
struct VelPressureParams {
  double muSlow, muFast0, A, deltaMu, alpha, transRate;
};
constexpr std::array<ParamField<VelPressureParams>, 6> kVelPressureFields = {{
    {&VelPressureParams::muSlow, kMuSlow.spec},
    // VelPressureDep.cpp:95: exits if muFast0 <= 0. No upper limit.
    {&VelPressureParams::muFast0,
     accepting({"muFast0", "μfast,0", "muFast0", "", 0.163, 0.005, 2.0, 0.005, Scale::Linear,
                "High-velocity coefficient at zero pressure; any value > 0."},
               0.0, kUnbounded, kExclusive)},
    // VelPressureDep.cpp:101: exits if A <= 0. No upper limit.
    {&VelPressureParams::A,
     accepting({"A", "A", "A", "m²", 0.01, 1e-6, 100.0, 0.001, Scale::Log,
                "Nominal contact area; pressure p = N/A. Any value > 0, in your units' area (OpenSees is "
                "unit-agnostic; m² in SI)."},
               0.0, kUnbounded, kExclusive)},
    // VelPressureDep.cpp: deltaMu is not checked; any value, a negative one raising muFast with pressure.
    {&VelPressureParams::deltaMu,
     accepting({"deltaMu", "Δμ", "deltaMu", "", 0.05, -2.0, 2.0, 0.005, Scale::Linear,
                "Largest drop of muFast with pressure; any value (OpenSees checks none)."},
               -kUnbounded, kUnbounded)},
    // VelPressureDep.cpp: alpha is not checked; any value (2 in kip and inch units, say).
    {&VelPressureParams::alpha,
     accepting({"alpha", "α", "alpha", "1/Pa", 1e-6, -1.0, 1.0, 1e-7, Scale::Linear,
                "Pressure sensitivity: muFast falls as tanh(alpha·N/A). Any value (OpenSees checks none), in "
                "the inverse of your pressure unit (OpenSees is unit-agnostic; 1/Pa in SI)."},
               -kUnbounded, kUnbounded)},
    {&VelPressureParams::transRate, kTransRate.spec},
}};
double velPressureMu(const ResolvedParams& r, const LawInputs& in) {
  const VelPressureParams p = bindParams(kVelPressureFields, r);
  const double muFast = in.N > 0 ? p.muFast0 - p.deltaMu * std::tanh(p.alpha * in.N / p.A) : p.muFast0;
  return muFast - (muFast - p.muSlow) * std::exp(-p.transRate * std::fabs(in.v));
}

// --- VelDepMultiLinear: piecewise linear μ(|v|), extrapolated at both ends, remembered segment ---
// The resolved set's own lists, by reference: bound at every evaluation, a copy of each was two
// allocations per step (issue 29).
struct MultiLinearParams {
  const std::vector<double>& vel;
  const std::vector<double>& frn;
};
// VelDepMultiLinear.cpp:136, the constructor: exits if any velocity or friction point is < 0; no upper
// limit. The number of points, 2 to 64, is the catalog's kMinListItems/kMaxListItems (the parser,
// VelDepMultiLinear.cpp:47 and :56). Strictly increasing velocities (:145) and as many coefficients as
// velocities (:127) are validateMultiLinear's.
constexpr double kDefaultVel[] = {0.0, 2.0, 8.0, 10.0};
constexpr double kDefaultFrn[] = {0.085, 0.150, 0.163, 0.163};
constexpr std::array<ParamSpec, 2> kMultiLinearSpecs = {{
    accepting(
        {"vel",
         "v",
         "Velocities",
         "m/s",
         0,
         0.0,
         1e3,
         0.01,
         Scale::Linear,
         "Breakpoint velocities, ≥ 0 and strictly increasing (-vel v0 v1 …), in your velocity unit (OpenSees "
         "is unit-agnostic; m/s in SI).",
         {},
         ParamKind::List,
         kDefaultVel},
        0.0, kUnbounded),
    accepting({"frn",
               "μ",
               "Coefficients",
               "",
               0,
               0.0,
               2.0,
               0.005,
               Scale::Linear,
               "Friction coefficient at each breakpoint, ≥ 0 (-frn μ0 μ1 …). Beyond the first and last "
               "points the end segments are extended, not clamped: μ may go negative or grow without bound.",
               {},
               ParamKind::List,
               kDefaultFrn},
              0.0, kUnbounded),
}};
MultiLinearParams bindMultiLinear(const ResolvedParams& r) { return {r.list("vel"), r.list("frn")}; }
void validateMultiLinear(const ResolvedParams& r) {
  const MultiLinearParams p = bindMultiLinear(r);
  require(p.vel.size() == p.frn.size(), "frn", [&] {
    return std::string("vel and frn must have the same number of points (OpenSees exits otherwise); got " +
                       std::to_string(p.vel.size()) + " and " + std::to_string(p.frn.size()) + ".");
  });
  for (std::size_t i = 1; i < p.vel.size(); ++i)
    require(p.vel[i] > p.vel[i - 1], "vel", [&] {
      return std::string("Velocities (vel) must be strictly increasing (OpenSees exits otherwise); item " +
                         std::to_string(i + 1) + " (" + formatNumber(p.vel[i]) + " m/s) is not above item " +
                         std::to_string(i) + " (" + formatNumber(p.vel[i - 1]) + " m/s).");
    });
}

// setTrial's segment search from the remembered trialID, then μ and its slope on that segment:
//   up:   while |v| >= vel[id+1] and id < n−2: id++
//   down: if |v| < vel[id]: while |v| <= vel[id] and id > 0: id--
struct Segment {
  int id;
  double mu, slope;
};
Segment multiLinearAt(const MultiLinearParams& p, int id, double speed) {
  const int last = static_cast<int>(p.vel.size()) - 2;
  id = std::clamp(id, 0, last);
  while (speed >= p.vel[id + 1] && id < last) ++id;
  if (speed < p.vel[id])
    while (speed <= p.vel[id] && id > 0) --id;
  const double slope = (p.frn[id + 1] - p.frn[id]) / (p.vel[id + 1] - p.vel[id]);
  return {id, p.frn[id] + slope * (speed - p.vel[id]), slope};
}
double multiLinearMu(const ResolvedParams& r, const LawInputs& in) {
  // A fresh model (revertToStart) starts on segment 0; μ is continuous, so the value does not
  // depend on the remembered segment (only the slope at a breakpoint does).
  return multiLinearAt(bindMultiLinear(r), 0, std::fabs(in.v)).mu;
}
LawStep multiLinearStep(const ResolvedParams& r, const LawState& state, const LawInputs& in) {
  const Segment segment = multiLinearAt(bindMultiLinear(r), state.segment, std::fabs(in.v));
  LawStep out;
  out.mu = segment.mu;
  out.magnitude = frictionForceOf(segment.mu, in.N);
  out.slope = in.N > 0 ? segment.slope * in.N : 0.0;  // getDFFrcDVel: slope·N, no sign(v) factor
  out.state.segment = segment.id;
  return out;
}

// --- VelNormalFrcDep: μ depends on |v| and N, capped at maxMuFact·muFast ---------------------------
struct VelNormalParams {
  double aSlow, nSlow, aFast, nFast, alpha0, alpha1, alpha2, maxMuFact;
};
// An unchecked VelNormalFrcDep argument: any value (the constructor checks only aSlow, aFast, nSlow, nFast).
constexpr ParamSpec unchecked(ParamSpec spec) { return accepting(spec, -kUnbounded, kUnbounded); }
constexpr std::array<ParamField<VelNormalParams>, 8> kVelNormalFields = {{
    // VelNormalFrcDep.cpp:97, the constructor: exits if aSlow <= 0 or aFast <= 0. No upper limit.
    {&VelNormalParams::aSlow,
     accepting(
         {"aSlow", "a_slow", "aSlow", "N^(1−nSlow)", 0.2, 0.01, 100.0, 0.01, Scale::Linear,
          "muSlow = aSlow·N^(nSlow−1); any value > 0, in your force unit to the power 1 − nSlow (OpenSees is "
          "unit-agnostic)."},
         0.0, kUnbounded, kExclusive)},
    // VelNormalFrcDep.cpp:103: exits if nSlow > 1 or nFast > 1. No lower limit.
    {&VelNormalParams::nSlow, accepting({"nSlow", "n_slow", "nSlow", "", 0.8, -5.0, 1.0, 0.01, Scale::Linear,
                                         "Exponent of N in muSlow; any value ≤ 1."},
                                        -kUnbounded, 1.0)},
    {&VelNormalParams::aFast,
     accepting({"aFast", "a_fast", "aFast", "N^(1−nFast)", 0.5, 0.01, 100.0, 0.01, Scale::Linear,
                "muFast = aFast·N^(nFast−1); any value > 0, in your force unit to the power 1 − nFast."},
               0.0, kUnbounded, kExclusive)},
    {&VelNormalParams::nFast, accepting({"nFast", "n_fast", "nFast", "", 0.9, -5.0, 1.0, 0.01, Scale::Linear,
                                         "Exponent of N in muFast; any value ≤ 1."},
                                        -kUnbounded, 1.0)},
    {&VelNormalParams::alpha0,
     unchecked({"alpha0", "α0", "alpha0", "s/m", 25.0, -1e4, 1e4, 0.1, Scale::Linear,
                "transRate = alpha0 + alpha1·N + alpha2·N²; any value, in the inverse of your velocity unit "
                "(OpenSees is unit-agnostic; s/m in SI)."})},
    {&VelNormalParams::alpha1, unchecked({"alpha1", "α1", "alpha1", "s/(m·N)", 0.0, -1e4, 1e4, 0.001,
                                          Scale::Linear, "Linear N term of transRate; any value."})},
    {&VelNormalParams::alpha2, unchecked({"alpha2", "α2", "alpha2", "s/(m·N²)", 0.0, -1e4, 1e4, 0.0001,
                                          Scale::Linear, "Quadratic N term of transRate; any value."})},
    {&VelNormalParams::maxMuFact,
     unchecked(
         {"maxMuFact", "f_max", "maxMuFact", "", 2.0, 0.0, 100.0, 0.1, Scale::Linear,
          "Cap: μ ≤ maxMuFact·muFast, and μ = maxMuFact·muFast whenever N ≤ 0; any value (OpenSees checks "
          "none). Required by OpenSees (2.0 is only its default-constructor value)."})},
}};
// muSlow = aSlow N^(nSlow−1), muFast = aFast N^(nFast−1), transRate = α0 + α1 N + α2 N²,
// μ = muFast − (muFast − muSlow) e^{−transRate |v|}; if (μ > maxMuFact·muFast || N ≤ 0) μ = maxMuFact·muFast.
// No guard before pow: N = 0 with n < 1 gives inf, N < 0 with a fractional exponent NaN.
double velNormalMu(const ResolvedParams& r, const LawInputs& in) {
  const VelNormalParams p = bindParams(kVelNormalFields, r);
  const double N = in.N;
  const double muSlow = p.aSlow * std::pow(N, p.nSlow - 1);
  const double muFast = p.aFast * std::pow(N, p.nFast - 1);
  const double transRate = p.alpha0 + p.alpha1 * N + p.alpha2 * N * N;
  double mu = muFast - (muFast - muSlow) * std::exp(-transRate * std::fabs(in.v));
  if (mu > p.maxMuFact * muFast || N <= 0) mu = p.maxMuFact * muFast;
  return mu;
}

// OpenSees force for curves: μN for N > 0, else 0.
template <double (*Mu)(const ResolvedParams&, const LawInputs&)>
double forceOf(const ResolvedParams& r, const LawInputs& in) {
  return frictionForceOf(Mu(r, in), in.N);
}

// --- How it is computed (the catalog's equations and quirks) -----------------------------------
constexpr Equation kForceLine = {R"t(F = \begin{cases} \mu N & N > 0 \\ 0 & N \le 0 \end{cases})t",
                                 "getFrictionForce(): the force is μN only in compression; the coefficient "
                                 "itself is reported whatever N is."};
constexpr Equation kVelocityBlend = {
    R"t(\mu(v) = \mu_{\text{fast}} - \left(\mu_{\text{fast}} - \mu_{\text{slow}}\right) e^{-a\,|v|})t",
    "The exponential transition from μslow at rest to μfast at high speed, at the rate a (transRate), of "
    "|v|."};
constexpr std::string_view kCommonQuirks[] = {
    "Every model takes |v| (the bearing elements pass |v|) and N positive in compression.",
    "Where OpenSees exits on a bad argument, the law refuses it with an error instead; every value OpenSees "
    "accepts is accepted, beyond the sliders' spans (only finite ones, and at most 64 points in a list).",
    "OpenSees is unit-agnostic: the units are yours, if consistent (kip, inch, s…). The units shown are SI, "
    "the spring-block's.",
};
// A model's equations: its own, then the force's.
std::vector<Equation> openSeesEquations(std::initializer_list<Equation> own) {
  std::vector<Equation> equations(own);
  equations.push_back(kForceLine);
  return equations;
}

std::vector<std::string_view> openSeesQuirks(std::initializer_list<std::string_view> own) {
  std::vector<std::string_view> quirks(own);
  quirks.insert(quirks.end(), std::begin(kCommonQuirks), std::end(kCommonQuirks));
  return quirks;
}

LawDefinition model(std::string_view id, std::string_view name, std::string_view citation,
                    std::string_view description, std::vector<ParamSpec> params,
                    void (*validate)(const ResolvedParams&),
                    double (*mu)(const ResolvedParams&, const LawInputs&),
                    double (*curveForce)(const ResolvedParams&, const LawInputs&),
                    std::initializer_list<std::pair<std::string_view, std::string_view>> texSymbols) {
  LawDefinition law{{id, name, description, citation, std::move(params)}, "OpenSees", {"v", "N"}};
  setTexSymbols(law.spec, texSymbols);
  law.validate = validate;
  law.coefficient = mu;
  law.curveForce = curveForce;
  return law;
}

// `law` with the roles of its parameters (ParamRole) and what the common values cannot set in it.
LawDefinition withRoles(LawDefinition law,
                        std::initializer_list<std::pair<std::string_view, ParamRole>> roles,
                        std::string_view unmapped) {
  setRoles(law.spec, roles);
  law.spec.unmapped = unmapped;
  return law;
}

// Coulomb: a constant coefficient.
FRICTION_RUN_ONCE LawDefinition openSeesCoulomb() {
  return withRoles(
      model("opensees-coulomb", "OpenSees Coulomb",
            "OpenSees SRC/element/frictionBearing/frictionModel/Coulomb.cpp (OpenSees/OpenSees @ "
            "2890cb36f59b).",
            "Constant μ = mu; force μN for N > 0, else 0.", specsOf(kCoulombFields), nullptr, &coulombMu,
            &forceOf<coulombMu>, {{"mu", R"t(\mu)t"}}),
      {{"mu", ParamRole::KineticCoefficient}},
      "One coefficient, mu, at rest and in sliding: driven from μk. No μs and no stiction speed.");
}

// VelDependent: μ = muFast − (muFast − muSlow) e^(−transRate·|v|), from muSlow at rest to muFast
// in fast sliding over the speed scale 1/transRate (VelPressureDep's blend too).
FRICTION_RUN_ONCE LawDefinition openSeesVelDependent() {
  return withRoles(
      model("opensees-veldependent", "OpenSees VelDependent",
            "OpenSees SRC/element/frictionBearing/frictionModel/VelDependent.cpp (OpenSees/OpenSees @ "
            "2890cb36f59b).",
            "μ = muFast − (muFast − muSlow)·e^(−transRate·|v|).", specsOf(kVelDependentFields), nullptr,
            &velDependentMu, &forceOf<velDependentMu>,
            {{"muSlow", R"t(\mu_{\text{slow}})t"}, {"muFast", R"t(\mu_{\text{fast}})t"}, {"transRate", "a"}}),
      {{"muSlow", ParamRole::StaticCoefficient},
       {"muFast", ParamRole::KineticCoefficient},
       {"transRate", ParamRole::InverseStictionSpeed}},
      "");
}

// VelPressureDep: VelDependent whose high-speed coefficient falls with the pressure N/A.
FRICTION_RUN_ONCE LawDefinition openSeesVelPressureDep() {
  return withRoles(
      model("opensees-velpressuredep", "OpenSees VelPressureDep",
            "OpenSees SRC/element/frictionBearing/frictionModel/VelPressureDep.cpp (OpenSees/OpenSees @ "
            "2890cb36f59b).",
            "VelDependent with muFast = muFast0 − deltaMu·tanh(alpha·N/A) when N > 0.",
            specsOf(kVelPressureFields), nullptr, &velPressureMu, &forceOf<velPressureMu>,
            {{"muSlow", R"t(\mu_{\text{slow}})t"},
             {"muFast0", R"t(\mu_{\text{fast},0})t"},
             {"A", "A"},
             {"deltaMu", R"t(\Delta\mu)t"},
             {"alpha", R"t(\alpha)t"},
             {"transRate", "a"}}),
      {{"muSlow", ParamRole::StaticCoefficient},
       {"muFast0", ParamRole::KineticCoefficient},
       {"transRate", ParamRole::InverseStictionSpeed}},
      "muFast0 takes μk, but it is μk at zero pressure only: for N > 0 the law lowers it by "
      "deltaMu·tanh(alpha·N/A), which keeps its values.");
}

// VelDepMultiLinear: a piecewise-linear μ(|v|) through a table of points.
FRICTION_RUN_ONCE LawDefinition openSeesMultiLinear() {
  LawDefinition multi = model(
      "opensees-veldepmultilinear", "OpenSees VelDepMultiLinear",
      "OpenSees SRC/element/frictionBearing/frictionModel/VelDepMultiLinear.cpp (OpenSees/OpenSees @ "
      "2890cb36f59b).",
      "Piecewise-linear μ(|v|) through the points (vel, frn), extended linearly past both ends; the active "
      "segment is remembered between calls, so the slope at a breakpoint depends on the direction of "
      "approach.",
      std::vector<ParamSpec>(kMultiLinearSpecs.begin(), kMultiLinearSpecs.end()), &validateMultiLinear,
      &multiLinearMu, &forceOf<multiLinearMu>, {{"vel", "v_i"}, {"frn", R"t(\mu_i)t"}});
  multi.step = &multiLinearStep;
  multi.spec.unmapped =
      "Not mapped: μ is a table of points (vel, frn), with no single static or kinetic coefficient "
      "and no stiction speed.";
  return multi;
}

// VelNormalFrcDep: power laws in N for both coefficients and the transition rate.
FRICTION_RUN_ONCE LawDefinition openSeesVelNormalFrcDep() {
  return withRoles(
      model(
          "opensees-velnormalfrcdep", "OpenSees VelNormalFrcDep",
          "OpenSees SRC/element/frictionBearing/frictionModel/VelNormalFrcDep.cpp (OpenSees/OpenSees @ "
          "2890cb36f59b).",
          "μ depends on |v| and on N through power laws, capped at maxMuFact·muFast (and set to the cap for "
          "N ≤ 0).",
          specsOf(kVelNormalFields), nullptr, &velNormalMu, &forceOf<velNormalMu>,
          {{"aSlow", R"t(a_{\text{slow}})t"},
           {"nSlow", R"t(n_{\text{slow}})t"},
           {"aFast", R"t(a_{\text{fast}})t"},
           {"nFast", R"t(n_{\text{fast}})t"},
           {"alpha0", R"t(\alpha_0)t"},
           {"alpha1", R"t(\alpha_1)t"},
           {"alpha2", R"t(\alpha_2)t"},
           {"maxMuFact", R"t(f_{\max})t"}}),
      {},
      "Not mapped: μslow = aSlow·N^(nSlow−1) and μfast = aFast·N^(nFast−1) depend on N through "
      "their exponents, and so does the rate alpha0 + alpha1·N + alpha2·N²: no parameter by itself "
      "is μs, μk or 1/v_s.");
}

}  // namespace

FRICTION_RUN_ONCE void addOpenSeesLaws(std::vector<LawDefinition>& laws) {
  laws.push_back(openSeesCoulomb());
  laws.push_back(openSeesVelDependent());
  laws.push_back(openSeesVelPressureDep());
  laws.push_back(openSeesMultiLinear());
  laws.push_back(openSeesVelNormalFrcDep());
}

FRICTION_RUN_ONCE void describeOpenSeesLaws(DocsById& docs) {
  docs.emplace_back(
      "opensees-coulomb",
      EntryDocs{openSeesEquations({{R"t(\mu = \text{const} > 0)t",
                                    "A constant coefficient (alias Constant); OpenSees requires μ > 0."}}),
                openSeesQuirks({})});
  docs.emplace_back("opensees-veldependent",
                    EntryDocs{openSeesEquations({kVelocityBlend}),
                              openSeesQuirks({"muSlow above muFast is allowed (velocity weakening)."})});
  docs.emplace_back(
      "opensees-velpressuredep",
      EntryDocs{
          openSeesEquations({{R"t(\mu_{\text{fast}} = \begin{cases} \mu_{\text{fast},0} - \Delta\mu)t"
                              R"t( \tanh\left(\alpha\,N / A\right) & N > 0 \\ \mu_{\text{fast},0} & N \le 0)t"
                              R"t( \end{cases})t",
                              "The high-speed coefficient falls with the pressure p = N/A."},
                             kVelocityBlend}),
          openSeesQuirks({"alpha multiplies the pressure N/A, not N."})});
  docs.emplace_back(
      "opensees-veldepmultilinear",
      EntryDocs{
          openSeesEquations(
              {{R"t(\mu(|v|) = \mu_i + \frac{\mu_{i+1} - \mu_i}{v_{i+1} - v_i}\,\left(|v| - v_i\right))t",
                "Linear on the active segment i, extended past the first and the last point (not clamped)."},
               {R"t(i \leftarrow i + 1 \ \text{ while } |v| \ge v_{i+1},\ i < n - 2; \qquad)t"
                R"t( \text{if } |v| < v_i:\ i \leftarrow i - 1 \ \text{ while } |v| \le v_i,\ i)t"
                R"t( > 0)t",
                "setTrial's search from the remembered segment: at a breakpoint the segment, and so the "
                "slope, depends on the direction of approach."}}),
          openSeesQuirks(
              {"Linear extrapolation past both ends: μ can go negative or grow without bound.",
               "The active segment is remembered (not committed) between calls; the slope at a breakpoint "
               "depends on the direction of approach, and getDFFrcDVel has no sign(v) factor.",
               "The parser's arrays hold 64 points with no bounds check; more are refused here."})});
  docs.emplace_back(
      "opensees-velnormalfrcdep",
      EntryDocs{
          openSeesEquations(
              {{R"t(\mu_{\text{slow}} = a_{\text{slow}} N^{\,n_{\text{slow}} - 1}, \quad)t"
                R"t( \mu_{\text{fast}} = a_{\text{fast}} N^{\,n_{\text{fast}} - 1}, \quad r =)t"
                R"t( \alpha_0 + \alpha_1 N + \alpha_2 N^2)t",
                "Both coefficients and the transition rate depend on the normal force, through unguarded "
                "powers."},
               {R"t(\mu = \mu_{\text{fast}} - \left(\mu_{\text{fast}} - \mu_{\text{slow}}\right))t"
                R"t( e^{-r\,|v|}, \qquad \mu \leftarrow f_{\max}\,\mu_{\text{fast}} \ \text{ if)t"
                R"t( } \mu > f_{\max}\,\mu_{\text{fast}} \text{ or } N \le 0)t",
                "The exponential transition, capped relative to μfast and set to the cap for N ≤ 0."}}),
          openSeesQuirks(
              {"The cap is relative to μfast, not μslow, and N ≤ 0 forces it.",
               "No guard before pow: at N = 0 with n < 1 the coefficient is inf, at N < 0 with "
               "a fractional exponent NaN, while the force is 0.",
               "maxMuFact is a required argument; 2.0 is only the default constructor's value."})});
}

}  // namespace friction
