// Rate-and-state friction as rock and materials friction labs use it: the forms and parameter names
// of rsfmodel (J. R. Leeman et al., github.com/jrleeman/rsfmodel) and RSFit3000 (Skarbek & Savage,
// Geosphere 15(5):1665, 2019): one or two state variables θ1, θ2 with the aging, slip, PRZ or Nagata
// evolution law, and Linker & Dieterich's response to a step of the normal force. Formulas below,
// each with its source. The closed forms the tests use: docs/validation.md ("Closed forms: rate-and-state
// on the quasi-static slider").
//
//   μ = μ0 + a ln(v/V*) + Σᵢ bᵢ ln(V* θᵢ / (kᵢ Dcᵢ)),  kᵢ = 2 for PRZ, else 1,  F = N μ
//   (Dieterich 1979; Ruina 1983; the two-state form of Ruina 1983 and Gu et al. 1984; PRZ's 2Dc as
//   in rsfmodel's PrzState), or, defined through v = 0 (Rice & Ben-Zion 1996; Lapusta et al. 2000):
//   μ = a asinh(v / (2V* e^(−Ψ/a))),  Ψ = μ0 + Σᵢ bᵢ ln(V* θᵢ / (kᵢ Dcᵢ)).

#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "friction/errors.h"
#include "laws/law_registry.h"
#include "laws/rate_state_velocity.h"

namespace friction {
namespace {

enum Evolution { kAging = 0, kSlip = 1, kPrz = 2, kNagata = 3 };

struct RsfParams {
  double mu0, a, b1, Dc1, b2, Dc2, Vstar, evolution, c, alpha, form;
};
using RsfField = ParamField<RsfParams>;

constexpr std::array<RsfField, 11> kRsfFields = {{
    {&RsfParams::mu0,
     {"mu0", "μ0", "Reference coefficient", "", 0.6, 0.0, 2.0, 0.01, Scale::Linear,
      "μ in steady sliding at V* (rsfmodel: mu0)."}},
    {&RsfParams::a,
     {"a", "a", "Direct effect", "", 0.01, 1e-6, 1.0, 0.001, Scale::Log,
      "The instantaneous jump a·ln(V2/V1) after a velocity step (> 0: friction rises with v at a fixed "
      "state, which the quasi-static slider needs)."}},
    {&RsfParams::b1,
     {"b1", "b1", "Evolution effect 1", "", 0.005, 0.0, 1.0, 0.001, Scale::Linear,
      "The first state variable's effect (rsfmodel: state1.b; RSFit3000: b1)."}},
    {&RsfParams::Dc1,
     {"Dc1", "Dc1", "Critical slip 1", "m", 1e-5, 1e-12, 1.0, 1e-6, Scale::Log,
      "Slip over which the first state renews (rsfmodel: state1.Dc; RSFit3000: Dc1)."}},
    {&RsfParams::b2,
     {"b2", "b2", "Evolution effect 2", "", 0.0, 0.0, 1.0, 0.001, Scale::Linear,
      "The second state variable's effect; 0 for a one-state law (RSFit3000: b2)."}},
    {&RsfParams::Dc2,
     {"Dc2", "Dc2", "Critical slip 2", "m", 1e-4, 1e-12, 1.0, 1e-6, Scale::Log,
      "Slip over which the second state renews (RSFit3000: Dc2)."}},
    {&RsfParams::Vstar,
     {"Vstar", "V*", "Reference velocity", "m/s", 1e-6, 1e-12, 100.0, 1e-7, Scale::Log,
      "The velocity at which steady μ = μ0 (rsfmodel: vref)."}},
    {&RsfParams::evolution,
     {"evolution",
      "law",
      "Evolution law",
      "",
      0,
      0,
      3,
      1,
      Scale::Linear,
      "0 aging (Dieterich), 1 slip (Ruina), 2 PRZ (Perrin, Rice & Zheng), 3 Nagata (aging with the "
      "friction-rate term −(c/b)θ·dμ/dt); the same law for both state variables.",
      {},
      ParamKind::Integer}},
    {&RsfParams::c,
     {"c", "c", "Nagata's c", "", 2.0, 0.0, 100.0, 0.1, Scale::Linear,
      "Nagata et al. (2012)'s weight of the friction rate in the state's evolution (their fits: c ≈ 2); "
      "read only by the Nagata law (evolution 3)."}},
    {&RsfParams::alpha,
     {"alpha", "α", "Normal-stress effect", "", 0.0, 0.0, 1.0, 0.01, Scale::Linear,
      "Linker & Dieterich (1992): a step of the normal force from N₋ to N₊ scales θ1 by "
      "(N₋/N₊)^(α/b1), so friction moves by −α·ln(N₊/N₋) through the state (their fits: 0.2–0.56)."}},
    {&RsfParams::form,
     {"form",
      "form",
      "Form",
      "",
      1,
      0,
      1,
      1,
      Scale::Linear,
      "1 regularized a·asinh(v/(2V*·e^(−Ψ/a))), defined through v = 0 so that an inertial block "
      "can stop; 0 the classic logarithm of rsfmodel and RSFit3000, undefined at v = 0.",
      {},
      ParamKind::Integer}},
}};

double sign(double x) { return (x > 0) - (x < 0); }
double stateScale(const RsfParams& p) { return p.evolution == kPrz ? 2.0 : 1.0; }

// Ψ = μ0 + b1 ln(V* θ1/(k Dc1)) + b2 ln(V* θ2/(k Dc2)); a state whose b is 0 does not enter.
double stateTerm(const RsfParams& p, const LawStateVector& s) {
  const double k = stateScale(p);
  double psi = p.mu0;
  if (p.b1 > 0) psi += p.b1 * std::log(p.Vstar * s[0] / (k * p.Dc1));
  if (p.b2 > 0) psi += p.b2 * std::log(p.Vstar * s[1] / (k * p.Dc2));
  return psi;
}

// μ(v, θ): classic sgn(v)(Ψ + a ln(|v|/V*)), or regularized a asinh(v/s) with s = 2V* e^(−Ψ/a); where s
// underflows or v/s overflows, asinh(v/s) = ln(2|v|/s) to double precision, which is the classic form.
double rsfMu(const RsfParams& p, double v, const LawStateVector& s) {
  const double psi = stateTerm(p, s);
  if (p.form == 1) {
    const double scale = 2 * p.Vstar * std::exp(-psi / p.a), z = v / scale;
    if (scale > 0 && std::isfinite(z)) return p.a * std::asinh(z);
    if (v == 0) return 0;
  } else if (v == 0) {
    throw SimulationError(
        "The classic rate-and-state law (form 0) is undefined at v = 0 m/s; use the regularized "
        "form (form 1) for motion that stops.");
  }
  return sign(v) * (psi + p.a * std::log(std::fabs(v) / p.Vstar));
}

// ∂μ/∂v at fixed state: a/|v| (classic); a/√(s² + v²) (regularized), > 0 wherever a > 0.
double rsfMuSlope(const RsfParams& p, double v, const LawStateVector& s) {
  if (p.form == 0) return p.a / std::fabs(v);
  const double scale = 2 * p.Vstar * std::exp(-stateTerm(p, s) / p.a);
  return p.a / std::hypot(scale, v);
}

// dθ/dt of one state variable at slip speed |v| (the Nagata term −(c/b)θ dμ/dt is added by the system,
// which knows dμ/dt: rsfNagataCoupling):
//   aging (Dieterich 1979):            1 − |v|θ/Dc
//   slip (Ruina 1983):                 −(|v|θ/Dc) ln(|v|θ/Dc)
//   PRZ (Perrin, Rice & Zheng 1995):   1 − (|v|θ/(2Dc))²
//   Nagata (Nagata et al. 2012):       1 − |v|θ/Dc − (c/b) θ dμ/dt
double stateRate(const RsfParams& p, double speed, double theta, double Dc) {
  const double slip = speed * theta / Dc;
  switch (static_cast<int>(p.evolution)) {
    case kSlip:
      return slip > 0 ? -slip * std::log(slip) : 0.0;
    case kPrz:
      return 1 - 0.25 * slip * slip;
    default:
      return 1 - slip;
  }
}

LawDynamics rsfDynamics(const ResolvedParams& r, double v, double N, const LawStateVector& s) {
  const RsfParams p = bindParams(kRsfFields, r);
  const double speed = std::fabs(v);
  return {N * rsfMu(p, v, s), {stateRate(p, speed, s[0], p.Dc1), stateRate(p, speed, s[1], p.Dc2)}};
}

// Steady state: θᵢ = k Dcᵢ/|v| (k = 2 for PRZ), so that μ_ss = μ0 + (a − b1 − b2) ln(|v|/V*).
LawStateVector rsfSteadyState(const ResolvedParams& r, double v, double) {
  const RsfParams p = bindParams(kRsfFields, r);
  require(v != 0, "v0", [&] {
    return std::string("Rate-and-state has no steady state at rest (θ = Dc/|v|); start from a moving drive.");
  });
  const double k = stateScale(p), speed = std::fabs(v);
  return {k * p.Dc1 / speed, k * p.Dc2 / speed};
}
LawStateVector rsfInitialState(const ResolvedParams& r) {
  return rsfSteadyState(r, bindParams(kRsfFields, r).Vstar, 0);
}

double rsfForceSlope(const ResolvedParams& r, double v, double N, const LawStateVector& s) {
  return N * rsfMuSlope(bindParams(kRsfFields, r), v, s);
}

// The velocity at which F = N μ(v, θ) equals `force`: μ(v)'s closed-form inverse (rate_state_velocity.h).
double rsfVelocityForForce(const ResolvedParams& r, double force, double N, const LawStateVector& s) {
  const RsfParams p = bindParams(kRsfFields, r);
  return rateStateVelocity(force / N, stateTerm(p, s), p.a, p.Vstar, p.form == 1);
}

// Nagata et al. (2012), eq. (9): dθᵢ/dt gains −(c/bᵢ) θᵢ dμ/dt; the coefficient of dμ/dt per state.
LawStateVector rsfNagataCoupling(const ResolvedParams& r, const LawStateVector& s) {
  const RsfParams p = bindParams(kRsfFields, r);
  if (p.evolution != kNagata) return {0, 0};
  return {p.b1 > 0 ? -p.c / p.b1 * s[0] : 0.0, p.b2 > 0 ? -p.c / p.b2 * s[1] : 0.0};
}

// Linker & Dieterich (1992), eq. (6): dθ/dt gains −(α θ/(b σ)) dσ/dt; across a step σ₋ → σ₊ this
// integrates to θ₊ = θ₋ (σ₋/σ₊)^(α/b). Applied to θ1 (with b1), so that friction moves by −α ln(σ₊/σ₋)
// through the state, as in the one-state law the paper fits.
LawStateVector rsfNormalStep(const ResolvedParams& r, double before, double after, const LawStateVector& s) {
  const RsfParams p = bindParams(kRsfFields, r);
  if (p.alpha == 0 || p.b1 == 0) return s;
  return {s[0] * std::pow(before / after, p.alpha / p.b1), s[1]};
}

LawStateVector steadyAt(const RsfParams& p, double speed) {
  const double k = stateScale(p);
  return {k * p.Dc1 / speed, k * p.Dc2 / speed};
}
double rsfSteadyMu(const RsfParams& p, double v) {
  const double speed = std::fabs(v);
  if (speed == 0) return p.form == 1 ? 0.0 : std::nan("");
  return rsfMu(p, speed, steadyAt(p, speed));
}
double rsfCoefficient(const ResolvedParams& r, const LawInputs& in) {
  return rsfSteadyMu(bindParams(kRsfFields, r), in.v);
}
double rsfCurveForce(const ResolvedParams& r, const LawInputs& in) {
  return rsfSteadyMu(bindParams(kRsfFields, r), in.v) * in.N;
}

// The regularized form's creep speed at rest with θ at its start (steady at V*): 2V*·e^(−μ0/a).
double rsfCreepSpeed(const ResolvedParams& r) {
  const RsfParams p = bindParams(kRsfFields, r);
  return p.form == 1 ? 2 * p.Vstar * std::exp(-p.mu0 / p.a) : 0.0;
}

// As rate-state's check (laws_dynamic.cpp): the creep at rest must stay above 1e-300 m/s to be
// resolvable; and Linker–Dieterich's exponent α/b1 needs b1 > 0.
void validateRsf(const ResolvedParams& r) {
  const RsfParams p = bindParams(kRsfFields, r);
  require(!(p.alpha > 0 && p.b1 == 0), "alpha", [&] {
    return std::string(
        "The normal-stress effect α scales θ1 by (N₋/N₊)^(α/b1), which needs b1 > 0; got α = " +
        formatNumber(p.alpha) + " with b1 = 0.");
  });
  if (p.form != 1) return;
  const double creep = rsfCreepSpeed(r);
  require(creep >= 1e-300, "mu0", [&] {
    return std::string(
        "With μ0/a = " + formatSignificant(p.mu0 / p.a, 4) +
        " the regularized form creeps at rest at 2V*·e^(−μ0/a) = " + formatSignificant(creep, 4) +
        " m/s, below the 1e-300 m/s a run can resolve: lower μ0, or raise a or V*.");
  });
}

constexpr Equation kRsfEquations[] = {
    {R"t(\Psi = \mu_0 + b_1 \ln\frac{V^* \theta_1}{k D_{c1}} + b_2 \ln\frac{V^* \theta_2}{k D_{c2}}, \qquad k = \begin{cases} 2 & \text{law} = 2 \text{ (PRZ)} \\ 1 & \text{otherwise} \end{cases})t",
     "The state's part of friction, one or two state variables (rsfmodel, RSFit3000); PRZ's 2Dc as in "
     "rsfmodel."},
    {R"t(\mu = \begin{cases} \operatorname{sgn}(v) \left(\Psi + a \ln\dfrac{|v|}{V^*}\right) & \text{form} = 0 \\ a \operatorname{asinh}\left(\dfrac{v}{2 V^*} e^{\Psi / a}\right) & \text{form} = 1 \end{cases}, \qquad F = N \mu)t",
     "The classic law of Dieterich (1979) and Ruina (1983), or its form regularized through v = 0 (Rice & "
     "Ben-Zion 1996)."},
    {R"t(\frac{d\theta_i}{dt} = \begin{cases} 1 - \dfrac{|v|\,\theta_i}{D_{ci}} & \text{law} = 0 \text{ (aging)} \\ -\dfrac{|v|\,\theta_i}{D_{ci}} \ln\dfrac{|v|\,\theta_i}{D_{ci}} & \text{law} = 1 \text{ (slip)} \\ 1 - \left(\dfrac{|v|\,\theta_i}{2 D_{ci}}\right)^2 & \text{law} = 2 \text{ (PRZ)} \\ 1 - \dfrac{|v|\,\theta_i}{D_{ci}} - \dfrac{c}{b_i}\,\theta_i \dfrac{d\mu}{dt} & \text{law} = 3 \text{ (Nagata)} \end{cases})t",
     "The state's evolution: Dieterich's aging, Ruina's slip, Perrin–Rice–Zheng's and Nagata et al.'s laws."},
    {R"t(\theta_{1+} = \theta_{1-} \left(\frac{N_-}{N_+}\right)^{\alpha / b_1})t",
     "A step of the normal force N₋ → N₊ (Linker & Dieterich 1992): friction moves by −α ln(N₊/N₋) through "
     "θ1."},
    {R"t(\theta_{i,ss} = \frac{k D_{ci}}{|v|}, \qquad \mu_{ss} = \mu_0 + (a - b_1 - b_2) \ln\frac{|v|}{V^*})t",
     "Steady sliding, for every evolution law."},
};

constexpr std::string_view kRsfQuirks[] = {
    "PRZ's state is scaled by 2Dc as rsfmodel scales it, so that its steady μ is the aging law's.",
    "Nagata's term needs the friction's rate dμ/dt, which only the system knows: it runs on the quasi-static "
    "slider (m = 0, no dashpot), where dμ/dt = c(v_lp − v)/N, as rsfmodel computes it.",
    "The classic form (0), which labs fit, is undefined at v = 0; an inertial run from rest needs the "
    "regularized form (1), the default. On the quasi-static slider the two agree to (2V*e^(−Ψ/a)/v)² ≈ 1e-50 "
    "at lab speeds.",
};

}  // namespace

FRICTION_RUN_ONCE void addRsfLaws(std::vector<LawDefinition>& laws) {
  LawDefinition rsf{
      {"rsf", "Rate-and-state, laboratory (rsfmodel/RSFit3000)",
       "Rate-and-state friction as friction labs fit it: one or two state variables, the aging, slip, PRZ or "
       "Nagata evolution law, and Linker–Dieterich's response to normal-force steps; on the quasi-static "
       "slider (m = 0) it runs velocity steps and slide-hold-slide tests as rsfmodel does.",
       "J. H. Dieterich, J. Geophys. Res. 84(B5):2161 (1979); A. Ruina, J. Geophys. Res. 88(B12):10359 "
       "(1983); G. Perrin, J. R. Rice & G. Zheng, J. Mech. Phys. Solids 43(9):1461 (1995); K. Nagata, M. "
       "Nakatani & S. Yoshida, J. Geophys. Res. 117:B02314 (2012); M. L. Linker & J. H. Dieterich, J. "
       "Geophys. Res. 97(B4):4923 (1992); parameter names of rsfmodel (J. R. Leeman et al.) and RSFit3000 "
       "(R. M. Skarbek & H. M. Savage, Geosphere 15(5):1665, 2019).",
       specsOf(kRsfFields)},
      "Literature",
      {"v", "N"}};
  setTexSymbols(rsf.spec, {{"mu0", R"t(\mu_0)t"},
                           {"a", "a"},
                           {"b1", "b_1"},
                           {"Dc1", "D_{c1}"},
                           {"b2", "b_2"},
                           {"Dc2", "D_{c2}"},
                           {"Vstar", "V^*"},
                           {"evolution", R"t(\text{law})t"},
                           {"c", "c"},
                           {"alpha", R"t(\alpha)t"},
                           {"form", R"t(\text{form})t"}});
  rsf.spec.unmapped =
      "Not mapped: μ0 is the steady coefficient at the reference speed V*; break-away and sliding friction "
      "follow from a, b1, b2, Dc1, Dc2 and the contact's age, so no parameter is μs, μk or a stiction speed.";
  rsf.state = {
      {"theta1", "θ1", "State 1 (contact age)", "s", "Dc1/V*",
       "Grows at rest like the contact's age; k·Dc1/|v| in steady sliding. Starts steady at V*.",
       R"t(\theta_1)t"},
      {"theta2", "θ2", "State 2", "s", "Dc2/V*",
       "The second state variable (enters only if b2 > 0); k·Dc2/|v| in steady sliding.", R"t(\theta_2)t"}};
  rsf.dynamics = &rsfDynamics;
  rsf.steadyState = &rsfSteadyState;
  rsf.initialState = &rsfInitialState;
  rsf.coefficient = &rsfCoefficient;
  rsf.curveForce = &rsfCurveForce;
  rsf.creepSpeed = &rsfCreepSpeed;
  rsf.validate = &validateRsf;
  rsf.forceSlope = &rsfForceSlope;
  rsf.velocityForForce = &rsfVelocityForForce;
  rsf.frictionRateCoupling = &rsfNagataCoupling;
  rsf.normalForceStep = &rsfNormalStep;
  laws.push_back(std::move(rsf));
}

FRICTION_RUN_ONCE void describeRsfLaws(DocsById& docs) {
  docs.emplace_back("rsf", EntryDocs{listOf(kRsfEquations), listOf(kRsfQuirks)});
}

}  // namespace friction
