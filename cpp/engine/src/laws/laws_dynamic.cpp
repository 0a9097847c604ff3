// Dynamic friction models from the literature, beyond the seeds (none of which implements one but
// the seed app's θ): LuGre, Dahl, Dieterich–Ruina rate-and-state and the elasto-plastic model. Each
// law's friction follows internal state variables that obey an ODE; the spring-block integrates them
// with the block. Formulas from the papers cited with each law; the closed forms the tests check them
// against are in docs/validation.md ("Closed forms: the dynamic laws").
//
// Sign convention (laws.h): the force returned resists the slip and is signed like it; the state
// variables are signed too (z follows the slip direction).

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "friction/constants.h"
#include "friction/errors.h"
#include "laws/law_registry.h"
#include "laws/rate_state_velocity.h"

namespace friction {
namespace {

double sign(double x) { return (x > 0) - (x < 0); }

// --- Shared by LuGre and the elasto-plastic model ------------------------------------------------
struct BristleParams {
  double sigma0, sigma1, sigma2, Fc, Fs, vs, z_ba;
};
using BristleField = ParamField<BristleParams>;

constexpr BristleField kSigma0{
    &BristleParams::sigma0,
    {"sigma0", "σ0", "Bristle stiffness", "N/m", 1e5, 1e-3, 1e10, 1, Scale::Log,
     "Stiffness of the bristles in presliding (Canudas de Wit et al. 1995, Table I: 1e5 N/m)."}};
// σ1's default √1e5, written out (std::sqrt is no constant expression): the same double.
constexpr BristleField kSigma1{
    &BristleParams::sigma1,
    {"sigma1", "σ1", "Bristle damping", "N·s/m", 316.22776601683796, 0.0, 1e7, 0.1, Scale::Linear,
     "Damping of the bristles' motion, σ1·dz/dt (Table I: √1e5 ≈ 316.2 N·s/m)."}};
constexpr BristleField kSigma2{&BristleParams::sigma2,
                               {"sigma2", "σ2", "Viscous friction", "N·s/m", 0.4, 0.0, 1e5, 0.01,
                                Scale::Linear, "Viscous term σ2·v (Table I: 0.4 N·s/m)."}};
constexpr BristleField kFc{
    &BristleParams::Fc,
    {"Fc", "Fc", "Coulomb force", "N", 1.0, 1e-9, 1e6, 0.01, Scale::Log,
     "Kinetic (Coulomb) friction force at high speed (Table I: 1 N). A force, not a coefficient: "
     "the system's normal force Fn does not enter."}};
constexpr BristleField kFs{&BristleParams::Fs,
                           {"Fs", "Fs", "Stiction force", "N", 1.5, 1e-9, 1e6, 0.01, Scale::Linear,
                            "Static friction force, reached as v → 0 (Table I: 1.5 N)."}};
constexpr BristleField kVs{
    &BristleParams::vs,
    {"vs", "vs", "Stribeck velocity", "m/s", 1e-3, 1e-9, 10.0, 1e-4, Scale::Log,
     "Width of the Stribeck drop g(v) = Fc + (Fs − Fc) e^(−(v/vs)²) (Table I: 0.001 m/s)."}};

const std::array<BristleField, 6> kLuGreFields = {{kSigma0, kSigma1, kSigma2, kFc, kFs, kVs}};
const std::array<BristleField, 7> kElastoPlasticFields = {{
    kSigma0,
    kSigma1,
    kSigma2,
    kFc,
    kFs,
    kVs,
    {&BristleParams::z_ba,
     {"z_ba", "z_ba", "Break-away deflection", "m", 5e-6, 0.0, 1.0, 1e-7, Scale::Linear,
      "Below this bristle deflection the contact is purely elastic (α = 0, no drift). Must be below the "
      "smallest steady deflection min(Fc, Fs)/σ0 (1e-5 m at the defaults)."}},
}};

// g(v) = Fc + (Fs − Fc) e^{−(v/vs)²}: the steady friction magnitude without the viscous term.
double stribeckForce(const BristleParams& p, double v) {
  const double r = v / p.vs;
  return p.Fc + (p.Fs - p.Fc) * std::exp(-r * r);
}

void validateBristles(const BristleParams& p, bool elastoPlastic) {
  if (elastoPlastic) {
    const double zMin = std::min(p.Fc, p.Fs) / p.sigma0;
    require(p.z_ba < zMin, "z_ba", [&] {
      return std::string(
          "The break-away deflection (z_ba) must be below the smallest steady deflection min(Fc, Fs)/σ0 = " +
          formatNumber(zMin) + " m; got " + formatNumber(p.z_ba) + " m.");
    });
  }
}

// Steady sliding: dz/dt = 0 gives z = g(v) sgn(v)/σ0 and F = g(v) sgn(v) + σ2 v (both models).
LawStateVector bristleSteadyState(const BristleParams& p, double v) {
  return {stribeckForce(p, v) * sign(v) / p.sigma0, 0};
}
double bristleCurveForce(const BristleParams& p, double v) {
  const double speed = std::fabs(v);
  return stribeckForce(p, speed) + p.sigma2 * speed;  // at v = 0 the limit from motion, Fs
}

// LuGre (Canudas de Wit, Olsson, Åström & Lischinsky, IEEE TAC 40(3):419, 1995):
//   dz/dt = v − σ0 |v| z / g(v),   F = σ0 z + σ1 dz/dt + σ2 v
LawDynamics lugreDynamics(const ResolvedParams& r, double v, double, const LawStateVector& s) {
  const BristleParams p = bindParams(kLuGreFields, r);
  const double zRate = v - p.sigma0 * std::fabs(v) * s[0] / stribeckForce(p, v);
  return {p.sigma0 * s[0] + p.sigma1 * zRate + p.sigma2 * v, {zRate, 0}};
}

// Elasto-plastic (Dupont, Hayward, Armstrong & Altpeter, IEEE TAC 47(5):787, 2002):
//   dz/dt = v [1 − α(z, v) z/z_ss(v)],  z_ss = g(v) sgn(v)/σ0,  F = σ0 z + σ1 dz/dt + σ2 v
// with, when z and v have the same sign (else α = 0), z_max = |z_ss|:
//   α = 0 for |z| ≤ z_ba;  ½ sin(π (|z| − (z_max + z_ba)/2)/(z_max − z_ba)) + ½ in between;  1 for |z| ≥
//   z_max.
double elastoPlasticAlpha(const BristleParams& p, double z, double v) {
  if (sign(z) != sign(v)) return 0;
  const double magnitude = std::fabs(z), zMax = stribeckForce(p, v) / p.sigma0;
  if (magnitude <= p.z_ba) return 0;
  if (magnitude >= zMax) return 1;
  return 0.5 * std::sin(kPi * (magnitude - 0.5 * (zMax + p.z_ba)) / (zMax - p.z_ba)) + 0.5;
}
LawDynamics elastoPlasticDynamics(const ResolvedParams& r, double v, double, const LawStateVector& s) {
  const BristleParams p = bindParams(kElastoPlasticFields, r);
  const double zRate =
      v - elastoPlasticAlpha(p, s[0], v) * p.sigma0 * std::fabs(v) * s[0] / stribeckForce(p, v);
  return {p.sigma0 * s[0] + p.sigma1 * zRate + p.sigma2 * v, {zRate, 0}};
}

const StateVariableSpec kBristleDeflection{
    "z",
    "z",
    "Bristle deflection",
    "m",
    "0",
    "Mean deflection of the contact's bristles: the elastic presliding displacement. Starts at 0 (unloaded).",
    "z"};
// The TeX symbols of the parameters LuGre and the elasto-plastic model share.
const std::initializer_list<std::pair<std::string_view, std::string_view>> kBristleTex = {
    {"sigma0", R"t(\sigma_0)t"},
    {"sigma1", R"t(\sigma_1)t"},
    {"sigma2", R"t(\sigma_2)t"},
    {"Fc", "F_c"},
    {"Fs", "F_s"},
    {"vs", "v_s"}};
// Their roles (ParamRole): forces, not coefficients, so the common values set them as μs·N and μk·N; vs is
// the speed of the Stribeck drop from Fs to Fc.
const std::initializer_list<std::pair<std::string_view, ParamRole>> kBristleRoles = {
    {"Fs", ParamRole::StaticForce}, {"Fc", ParamRole::KineticForce}, {"vs", ParamRole::StictionSpeed}};

// --- Dahl ----------------------------------------------------------------------------------------
// Dahl (1968; "Solid friction damping of mechanical vibrations", AIAA J. 14(12):1675, 1976), the force
// itself as the state:  dF/dt = σ0 v |1 − F sgn(v)/Fc|^α sgn(1 − F sgn(v)/Fc).
struct DahlParams {
  double sigma0, Fc, alpha;
};
constexpr std::array<ParamField<DahlParams>, 3> kDahlFields = {{
    {&DahlParams::sigma0,
     {"sigma0", "σ0", "Rest stiffness", "N/m", 1e5, 1e-3, 1e10, 1, Scale::Log,
      "Slope dF/dx of the force–displacement curve at F = 0."}},
    {&DahlParams::Fc,
     {"Fc", "Fc", "Coulomb force", "N", 1.0, 1e-9, 1e6, 0.01, Scale::Log,
      "The force approached in steady sliding (a force: Fn does not enter)."}},
    {&DahlParams::alpha,
     {"alpha", "α", "Shape exponent", "", 1.0, 0.1, 5.0, 0.1, Scale::Linear,
      "Exponent of the approach to Fc; α = 1 has closed-form virgin and reversal curves (exponentials)."}},
}};
LawDynamics dahlDynamics(const ResolvedParams& r, double v, double, const LawStateVector& s) {
  const DahlParams p = bindParams(kDahlFields, r);
  const double gap = 1 - s[0] * sign(v) / p.Fc;
  const double rate = p.sigma0 * v * std::pow(std::fabs(gap), p.alpha) * sign(gap);
  return {s[0], {rate, 0}};
}
LawStateVector dahlSteadyState(const ResolvedParams& r, double v, double) {
  return {bindParams(kDahlFields, r).Fc * sign(v), 0};
}
double dahlCurveForce(const ResolvedParams& r, const LawInputs&) { return bindParams(kDahlFields, r).Fc; }

// --- Rate-and-state ------------------------------------------------------------------------------
// Dieterich (1979), Ruina (1983):  μ = μ0 + a ln(v/V*) + b ln(V* θ/Dc), F = N μ, with
//   aging:  dθ/dt = 1 − |v| θ/Dc          slip:  dθ/dt = −(|v| θ/Dc) ln(|v| θ/Dc)
// and the regularized form, defined through v = 0 (Rice & Ben-Zion 1996; Lapusta et al. 2000):
//   μ = a asinh( v/(2V*) · exp((μ0 + b ln(V* θ/Dc))/a) )
// which equals the classic form to within (2x)^-2 relative once v/V* · e^{…} = 2x ≫ 1.
struct RateStateParams {
  double mu0, a, b, Vstar, Dc, evolution, form;
};
constexpr std::array<ParamField<RateStateParams>, 7> kRateStateFields = {{
    {&RateStateParams::mu0,
     {"mu0", "μ0", "Reference coefficient", "", 0.6, 0.0, 2.0, 0.01, Scale::Linear,
      "μ in steady sliding at V*."}},
    {&RateStateParams::a,
     {"a", "a", "Direct effect", "", 0.01, 1e-6, 1.0, 0.001, Scale::Log,
      "The instantaneous jump a·ln(V2/V1) after a velocity step (> 0)."}},
    {&RateStateParams::b,
     {"b", "b", "Evolution effect", "", 0.015, 0.0, 1.0, 0.001, Scale::Linear,
      "The state's effect; b > a is velocity weakening: steady μ falls by (b − a) per e-fold of speed."}},
    {&RateStateParams::Vstar,
     {"Vstar", "V*", "Reference velocity", "m/s", 1e-6, 1e-12, 10.0, 1e-7, Scale::Log,
      "The velocity at which steady μ = μ0."}},
    {&RateStateParams::Dc,
     {"Dc", "Dc", "Critical slip distance", "m", 1e-5, 1e-12, 1.0, 1e-6, Scale::Log,
      "Slip over which the state renews; sets the critical stiffness N(b − a)/Dc."}},
    {&RateStateParams::evolution,
     {"evolution",
      "law",
      "Evolution law",
      "",
      0,
      0,
      1,
      1,
      Scale::Linear,
      "0 aging (Dieterich): dθ/dt = 1 − |v|θ/Dc; 1 slip (Ruina): dθ/dt = −(|v|θ/Dc)·ln(|v|θ/Dc).",
      {},
      ParamKind::Integer}},
    {&RateStateParams::form,
     {"form",
      "form",
      "Form",
      "",
      1,
      0,
      1,
      1,
      Scale::Linear,
      "1 regularized a·asinh(v/(2V*)·e^(…/a)), defined through v = 0 so the block can stick; 0 the classic "
      "logarithm, undefined at v = 0.",
      {},
      ParamKind::Integer}},
}};

// The state's part Ψ = μ0 + b ln(V* θ/Dc).
double rateStatePsi(const RateStateParams& p, double theta) {
  return p.mu0 + p.b * std::log(p.Vstar * theta / p.Dc);
}

// μ at slip velocity v and state θ; the classic form needs v ≠ 0.
double rateStateMu(const RateStateParams& p, double v, double theta) {
  const double stateTerm = rateStatePsi(p, theta);
  if (p.form == 1) {
    const double z = v / (2 * p.Vstar) * std::exp(stateTerm / p.a);
    if (std::isfinite(z)) return p.a * std::asinh(z);
    // e^(Ψ/a) beyond the double range (Ψ/a > 709, e.g. μ0 = 2, a = 0.001): 0 at rest, and elsewhere
    // asinh(z) = ln(2|z|) to double precision, which is the classic form.
    if (v == 0) return 0;
    return sign(v) * (stateTerm + p.a * std::log(std::fabs(v) / p.Vstar));
  }
  if (v == 0)
    throw SimulationError(
        "The classic rate-and-state law (form 0) is undefined at v = 0 m/s; use the regularized "
        "form (form 1) for motion that stops.");
  return sign(v) * (stateTerm + p.a * std::log(std::fabs(v) / p.Vstar));
}
LawDynamics rateStateDynamics(const ResolvedParams& r, double v, double N, const LawStateVector& s) {
  const RateStateParams p = bindParams(kRateStateFields, r);
  const double theta = s[0], slip = std::fabs(v) * theta / p.Dc;
  const double rate = p.evolution == 0 ? 1 - slip : (slip > 0 ? -slip * std::log(slip) : 0.0);
  return {N * rateStateMu(p, v, theta), {rate, 0}};
}
// ∂F/∂v at a fixed state, for the quasi-static slider: N a/|v| (classic), N a/√(s² + v²) with
// s = 2V* e^(−Ψ/a) (regularized; N a/|v| where s underflows).
double rateStateForceSlope(const ResolvedParams& r, double v, double N, const LawStateVector& s) {
  const RateStateParams p = bindParams(kRateStateFields, r);
  if (p.form != 1) return N * p.a / std::fabs(v);
  const double stateTerm = rateStatePsi(p, s[0]);
  return N * p.a / std::hypot(2 * p.Vstar * std::exp(-stateTerm / p.a), v);
}
// The velocity at which F = N μ(v, θ) equals `force`: μ(v)'s closed-form inverse (rate_state_velocity.h).
double rateStateVelocityForForce(const ResolvedParams& r, double force, double N, const LawStateVector& s) {
  const RateStateParams p = bindParams(kRateStateFields, r);
  return rateStateVelocity(force / N, rateStatePsi(p, s[0]), p.a, p.Vstar, p.form == 1);
}
// Steady state: θ = Dc/|v| for both evolution laws.
LawStateVector rateStateSteadyState(const ResolvedParams& r, double v, double) {
  const RateStateParams p = bindParams(kRateStateFields, r);
  require(v != 0, "v0", [&] {
    return std::string("Rate-and-state has no steady state at rest (θ = Dc/|v|); start from a moving drive.");
  });
  return {p.Dc / std::fabs(v), 0};
}
LawStateVector rateStateInitialState(const ResolvedParams& r) {
  const RateStateParams p = bindParams(kRateStateFields, r);
  return {p.Dc / p.Vstar, 0};
}
// Steady μ: μ0 + (a − b) ln(|v|/V*) (classic), or the regularized form at θ = Dc/|v|; at v = 0 the
// regularized form gives 0 and the classic form has no value.
double rateStateSteadyMu(const RateStateParams& p, double v) {
  const double speed = std::fabs(v);
  if (speed == 0) return p.form == 1 ? 0.0 : std::nan("");
  return rateStateMu(p, speed, p.Dc / speed);
}
double rateStateCoefficient(const ResolvedParams& r, const LawInputs& in) {
  return rateStateSteadyMu(bindParams(kRateStateFields, r), in.v);
}
double rateStateCurveForce(const ResolvedParams& r, const LawInputs& in) {
  return rateStateSteadyMu(bindParams(kRateStateFields, r), in.v) * in.N;
}

// At θ = Dc/V* the regularized law is linear in v below 2V*·e^(−μ0/a) (the asinh's argument reaches
// 1 there): the speed of its creep at rest, ~1e-32 m/s at the defaults.
double rateStateCreepSpeed(const ResolvedParams& r) {
  const RateStateParams p = bindParams(kRateStateFields, r);
  return p.form == 1 ? 2 * p.Vstar * std::exp(-p.mu0 / p.a) : 0.0;
}

// The regularized form's creep at rest must stay resolvable: the spring-block holds v to a thousandth
// of the creep speed, and below ~1e-305 m/s that tolerance leaves the normal double range and the
// step control stalls (found by fuzzing: μ0 = 2, a = 0.00285 looped to its step budget). 1e-300 m/s
// keeps a margin; it is below any physical creep by hundreds of orders of magnitude.
constexpr double kMinCreepSpeed = 1e-300;  // [m/s]
void validateRateState(const ResolvedParams& r) {
  const RateStateParams p = bindParams(kRateStateFields, r);
  if (p.form != 1) return;
  const double creep = rateStateCreepSpeed(r);
  require(creep >= kMinCreepSpeed, "mu0", [&] {
    return std::string("With μ0/a = " + formatSignificant(p.mu0 / p.a, 4) +
                       " the regularized form creeps at rest at 2V*·e^(−μ0/a) = " +
                       formatSignificant(creep, 4) + " m/s, below the " + formatNumber(kMinCreepSpeed) +
                       " m/s a run can resolve: lower μ0, or raise a or V*.");
  });
}

template <const auto& Fields>
LawStateVector bristleSteady(const ResolvedParams& r, double v, double) {
  return bristleSteadyState(bindParams(Fields, r), v);
}
template <const auto& Fields>
double bristleCurve(const ResolvedParams& r, const LawInputs& in) {
  return bristleCurveForce(bindParams(Fields, r), in.v);
}
LawStateVector zeroState(const ResolvedParams&) { return {0, 0}; }

// --- How it is computed (the catalog's equations and quirks) -----------------------------------
constexpr Equation kStribeckLine = {
    R"t(g(v) = F_c + (F_s - F_c)\,e^{-(v / v_s)^2})t",
    "The Stribeck curve: the steady friction without the viscous term, from F_s at rest to F_c at speed."};
constexpr Equation kBristleForceLine = {
    R"t(F = \sigma_0 z + \sigma_1 \frac{dz}{dt} + \sigma_2 v)t",
    "The friction: the bristles' elastic force, their damping and a viscous term."};
constexpr Equation kBristleSteadyLine = {
    R"t(F_{ss}(v) = g(v)\operatorname{sgn} v + \sigma_2 v, \qquad z_{ss} = \frac{g(v)\operatorname{sgn} v}{\sigma_0})t",
    "Steady sliding (dz/dt = 0): what curves draw, and where a steady start begins."};

constexpr Equation kLuGreEquations[] = {
    kStribeckLine,
    {R"t(\frac{dz}{dt} = v - \frac{\sigma_0\,|v|}{g(v)}\,z)t",
     "The mean bristle deflection z (Canudas de Wit et al. 1995)."},
    kBristleForceLine,
    kBristleSteadyLine,
};
// Shared by the bristle laws (LuGre, elasto-plastic).
constexpr std::string_view kForcesNotCoefficients =
    "Fc and Fs are forces, not coefficients: the normal force does not enter.";

constexpr std::string_view kLuGreQuirks[] = {
    kForcesNotCoefficients,
    "No true stick state: under a force below break-away the body creeps (presliding) and drifts, and does "
    "not return when the force is removed.",
    "The break-away force depends on how fast the force rises (the paper's Fig. 4).",
};

constexpr Equation kElastoPlasticEquations[] = {
    kStribeckLine,
    {R"t(\frac{dz}{dt} = v \left(1 - \alpha(z, v)\,\frac{z}{z_{ss}(v)}\right))t",
     "LuGre's bristle law with the drift switched off by α inside the elastic range (Dupont et al. 2002)."},
    {R"t(\alpha(z, v) = \begin{cases} 0 & \operatorname{sgn} z \ne \operatorname{sgn} v \text{ or } |z| \le z_{ba} \\ \frac{1}{2} \sin\left(\pi\,\dfrac{|z| - (z_{\max} + z_{ba})/2}{z_{\max} - z_{ba}}\right) + \frac{1}{2} & z_{ba} < |z| < z_{\max} \\ 1 & |z| \ge z_{\max} \end{cases}, \qquad z_{\max} = |z_{ss}(v)|)t",
     "Purely elastic below the break-away deflection z_ba, full LuGre drift from the steady deflection on."},
    kBristleForceLine,
    kBristleSteadyLine,
};
constexpr std::string_view kElastoPlasticQuirks[] = {
    kForcesNotCoefficients,
    "Below the break-away deflection the contact is a spring: a force cycle that stays below it returns the "
    "body exactly to its start (LuGre drifts).",
    "The paper's parameter values are not available here; the defaults are LuGre's Table I with z_ba = 5 µm.",
};

constexpr Equation kDahlEquations[] = {
    {R"t(\frac{dF}{dt} = \sigma_0\,v \left|1 - \frac{F}{F_c}\operatorname{sgn} v\right|^{\alpha} \operatorname{sgn}\left(1 - \frac{F}{F_c}\operatorname{sgn} v\right))t",
     "Dahl's model: the friction force itself is the state, a hysteretic spring of rest stiffness σ0 that "
     "saturates at Fc."},
    {R"t(F_{ss} = F_c \operatorname{sgn} v)t", "Steady sliding: the Coulomb force, at every speed."},
};
constexpr std::string_view kDahlQuirks[] = {
    "No static peak (the steady force is Fc at every speed), so Dahl friction gives no stick-slip of its "
    "own.",
    "Fc is a force: the normal force does not enter.",
};

constexpr Equation kRateStateEquations[] = {
    {R"t(\mu = \begin{cases} \operatorname{sgn}(v) \left(\mu_0 + a \ln\dfrac{|v|}{V^*} + b \ln\dfrac{V^* \theta}{D_c}\right) & \text{form} = 0 \\ a \operatorname{asinh}\left(\dfrac{v}{2 V^*} \exp\dfrac{\mu_0 + b \ln(V^* \theta / D_c)}{a}\right) & \text{form} = 1 \end{cases}, \qquad F = N \mu)t",
     "The classic Dieterich–Ruina law, or its regularized form defined through v = 0 (Rice & Ben-Zion "
     "1996)."},
    {R"t(\frac{d\theta}{dt} = \begin{cases} 1 - \dfrac{|v|\,\theta}{D_c} & \text{law} = 0 \text{ (aging)} \\ -\dfrac{|v|\,\theta}{D_c} \ln\dfrac{|v|\,\theta}{D_c} & \text{law} = 1 \text{ (slip)} \end{cases})t",
     "The state's evolution: Dieterich's aging law or Ruina's slip law."},
    {R"t(\theta_{ss} = \frac{D_c}{|v|}, \qquad \mu_{ss} = \mu_0 + (a - b) \ln\frac{|v|}{V^*})t",
     "Steady sliding (classic form; the regularized one agrees once |v| is well above its creep speed)."},
};
constexpr std::string_view kRateStateQuirks[] = {
    "The classic form is undefined at v = 0; a run that stops needs the regularized form.",
    "The regularized form creeps at rest, linear in v below 2V*·e^(−μ0/a) (~1e-32 m/s at the defaults): no "
    "true stick state.",
    "With b > a the steady friction grows without bound as v → 0, so it has no finite break-away peak: the "
    "force that breaks a contact loose grows with its age θ.",
};

// LuGre: bristles with presliding, a rate-dependent break-away and the Stribeck drop.
FRICTION_RUN_ONCE LawDefinition luGreLaw() {
  LawDefinition lugre{
      {"lugre", "LuGre",
       "Bristle model: the contact deflects elastically (σ0) before it slides, which gives presliding "
       "hysteresis, a rate-dependent break-away and the Stribeck drop g(v) in steady sliding.",
       "C. Canudas de Wit, H. Olsson, K. J. Åström, P. Lischinsky, \"A new model for control of systems "
       "with friction\", IEEE Trans. Autom. Control 40(3):419–425 (1995); defaults from its Table I.",
       specsOf(kLuGreFields)},
      "Literature",
      {"v"}};
  setTexSymbols(lugre.spec, kBristleTex);
  setRoles(lugre.spec, kBristleRoles);
  lugre.state = {kBristleDeflection};
  lugre.dynamics = &lugreDynamics;
  lugre.steadyState = &bristleSteady<kLuGreFields>;
  lugre.initialState = &zeroState;
  lugre.curveForce = &bristleCurve<kLuGreFields>;
  return lugre;
}

// Dahl: a hysteretic spring that saturates at Fc.
FRICTION_RUN_ONCE LawDefinition dahlLaw() {
  LawDefinition dahl{
      {"dahl", "Dahl",
       "The friction force follows the displacement like a hysteretic spring that saturates at Fc; "
       "no static peak, so no stick-slip of its own.",
       "P. R. Dahl, \"A solid friction model\", Aerospace Corp. TOR-0158(3107-18)-1 (1968); \"Solid "
       "friction damping of mechanical vibrations\", AIAA J. 14(12):1675–1682 (1976).",
       specsOf(kDahlFields)},
      "Literature",
      {"v"}};
  setTexSymbols(dahl.spec, {{"sigma0", R"t(\sigma_0)t"}, {"Fc", "F_c"}, {"alpha", R"t(\alpha)t"}});
  setRoles(dahl.spec, {{"Fc", ParamRole::KineticForce}});
  dahl.spec.unmapped =
      "No static force (Dahl has no static peak) and no stiction speed (it is rate-independent).";
  dahl.state = {{"F", "F", "Friction force", "N", "0",
                 "The Dahl state is the friction force itself. Starts at 0.", "F"}};
  dahl.dynamics = &dahlDynamics;
  dahl.steadyState = &dahlSteadyState;
  dahl.initialState = &zeroState;
  dahl.curveForce = &dahlCurveForce;
  return dahl;
}

// Rate-and-state friction (Dieterich–Ruina), aging or slip evolution of θ.
FRICTION_RUN_ONCE LawDefinition rateStateLaw() {
  LawDefinition rateState{
      {"rate-state", "Rate-and-state (Dieterich–Ruina)",
       "μ depends on the slip rate and on a state θ, the contact's age, which heals at rest and "
       "renews over a slip Dc; aging or slip evolution, classic or regularized through v = 0.",
       "J. H. Dieterich, J. Geophys. Res. 84(B5):2161 (1979); A. Ruina, J. Geophys. Res. 88(B12):10359 "
       "(1983); regularized form: J. R. Rice & Y. Ben-Zion, PNAS 93:3811 (1996), N. Lapusta et al., "
       "J. Geophys. Res. 105(B10):23765 (2000).",
       specsOf(kRateStateFields)},
      "Literature",
      {"v", "N"}};
  setTexSymbols(rateState.spec, {{"mu0", R"t(\mu_0)t"},
                                 {"a", "a"},
                                 {"b", "b"},
                                 {"Vstar", "V^*"},
                                 {"Dc", "D_c"},
                                 {"evolution", R"t(\text{law})t"},
                                 {"form", R"t(\text{form})t"}});
  rateState.spec.unmapped =
      "Not mapped: μ0 is the steady coefficient at the reference speed V*, and the friction at break-away "
      "and in sliding follow from a, b, Dc and the contact's age; no parameter is μs, μk or a stiction "
      "speed.";
  rateState.state = {
      {"theta", "θ", "State (contact age)", "s", "Dc/V*",
       "Grows at rest like the contact's age; Dc/|v| in steady sliding. Starts at Dc/V* (steady at V*).",
       R"t(\theta)t"}};
  rateState.dynamics = &rateStateDynamics;
  rateState.steadyState = &rateStateSteadyState;
  rateState.initialState = &rateStateInitialState;
  rateState.coefficient = &rateStateCoefficient;
  rateState.curveForce = &rateStateCurveForce;
  rateState.creepSpeed = &rateStateCreepSpeed;
  rateState.validate = &validateRateState;
  rateState.forceSlope = &rateStateForceSlope;
  rateState.velocityForForce = &rateStateVelocityForForce;
  return rateState;
}

// The elasto-plastic model (Dupont et al.): LuGre with a purely elastic range.
FRICTION_RUN_ONCE LawDefinition elastoPlasticLaw() {
  LawDefinition elastoPlastic{
      {"elasto-plastic", "Elasto-plastic (Dupont et al.)",
       "LuGre with a purely elastic range: below the break-away deflection z_ba the contact is a "
       "spring, so a force cycle that stays below break-away returns the body exactly to its start "
       "(LuGre drifts).",
       "P. Dupont, V. Hayward, B. Armstrong, F. Altpeter, \"Single state elastoplastic friction "
       "models\", IEEE Trans. Autom. Control 47(5):787–792 (2002).",
       specsOf(kElastoPlasticFields)},
      "Literature",
      {"v"}};
  setTexSymbols(elastoPlastic.spec, kBristleTex);
  setTexSymbols(elastoPlastic.spec, {{"z_ba", "z_{ba}"}});
  setRoles(elastoPlastic.spec, kBristleRoles);
  elastoPlastic.state = {kBristleDeflection};
  elastoPlastic.validate = [](const ResolvedParams& r) {
    validateBristles(bindParams(kElastoPlasticFields, r), true);
  };
  elastoPlastic.dynamics = &elastoPlasticDynamics;
  elastoPlastic.steadyState = &bristleSteady<kElastoPlasticFields>;
  elastoPlastic.initialState = &zeroState;
  elastoPlastic.curveForce = &bristleCurve<kElastoPlasticFields>;
  return elastoPlastic;
}

}  // namespace

FRICTION_RUN_ONCE void addDynamicLaws(std::vector<LawDefinition>& laws) {
  laws.push_back(luGreLaw());
  laws.push_back(dahlLaw());
  laws.push_back(rateStateLaw());
  laws.push_back(elastoPlasticLaw());
}

FRICTION_RUN_ONCE void describeDynamicLaws(DocsById& docs) {
  docs.emplace_back("lugre", EntryDocs{listOf(kLuGreEquations), listOf(kLuGreQuirks)});
  docs.emplace_back("dahl", EntryDocs{listOf(kDahlEquations), listOf(kDahlQuirks)});
  docs.emplace_back("rate-state", EntryDocs{listOf(kRateStateEquations), listOf(kRateStateQuirks)});
  docs.emplace_back("elasto-plastic",
                    EntryDocs{listOf(kElastoPlasticEquations), listOf(kElastoPlasticQuirks)});
}

}  // namespace friction
