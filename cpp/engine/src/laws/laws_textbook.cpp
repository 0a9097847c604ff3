// The textbook Coulomb law, the seed app's kinetic law with its θ blend, and the θ model's contact
// with its state: the `state-variable` law (theta_contact.h).

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "friction/errors.h"
#include "laws/abbott_theta.h"
#include "laws/law_registry.h"
#include "laws/theta_contact.h"

namespace friction {
namespace {

// --- coulomb ------------------------------------------------------------------------------------
// Coulomb (1785), as the seed app's Quick Start states it: F = μk·N while sliding, anything up to
// μs·N while stuck. The coefficient at v = 0 is reported as the static limit μs.
struct CoulombParams {
  double mu_s, mu_k;
};

constexpr std::array<ParamField<CoulombParams>, 2> kCoulombFields = {{
    {&CoulombParams::mu_s,
     {"mu_s", "μs", "Static coefficient", "", 0.6, 0.0, 2.0, 0.01, Scale::Linear,
      "μs·N is the largest friction force a stuck contact can hold."}},
    {&CoulombParams::mu_k,
     {"mu_k", "μk", "Kinetic coefficient", "", 0.4, 0.0, 2.0, 0.01, Scale::Linear,
      "μk·N is the friction force while sliding, whatever the speed. Must not exceed μs."}},
}};

void validateCoulomb(const ResolvedParams& r) {
  const CoulombParams p = bindParams(kCoulombFields, r);
  require(p.mu_k <= p.mu_s, "mu_k", [&] {
    return std::string("Kinetic coefficient (mu_k) must not exceed the static one (mu_s = " +
                       formatNumber(p.mu_s) + "); got " + formatNumber(p.mu_k) + ".");
  });
}

// μ(v) = μk for v ≠ 0; at v = 0 the static limit μs.
double coulombCoefficient(const ResolvedParams& r, const LawInputs& in) {
  const CoulombParams p = bindParams(kCoulombFields, r);
  return in.v == 0 ? p.mu_s : p.mu_k;
}

// --- abbott-theta -------------------------------------------------------------------------------
// The seed app's law (Abbott, after Popov Ch. 12): its formula in laws/abbott_theta.h (the seed's scheme
// inlines it).
constexpr std::array<ParamField<AbbottThetaParams>, 7> kAbbottFields = {{
    {&AbbottThetaParams::mus,
     {"mus", "μs", "μStatic", "", 0.6, 0.0, 2.0, 0.01, Scale::Linear,
      "Coefficient of a fully aged contact (θ = 1)."}},
    {&AbbottThetaParams::muk,
     {"muk", "μk", "μKinetic", "", 0.4, 0.0, 2.0, 0.01, Scale::Linear,
      "Coefficient of a fully renewed contact (θ = 0), before its velocity terms."}},
    {&AbbottThetaParams::va,
     {"va", "a", "Va", "s/m", 0.0, -5.0, 5.0, 0.05, Scale::Linear,
      "Linear velocity term: μk(1 + a|v| + b(v − v0)²)."}},
    {&AbbottThetaParams::vb,
     {"vb", "b", "Vb", "s²/m²", 0.0, -50.0, 50.0, 0.5, Scale::Linear, "Quadratic velocity term about v0."}},
    {&AbbottThetaParams::v0,
     {"v0", "v0", "Reference velocity", "m/s", 0.1, 0.0, 10.0, 0.01, Scale::Linear,
      "The drive velocity of the seed app, about which the quadratic term is centred."}},
    {&AbbottThetaParams::tau,
     {"tau", "τ", "Ageing time", "s", 0.2, 1e-4, 100.0, 0.001, Scale::Log,
      "Sets the steady state θ = 1 − τ|v|/D used when no θ is given."}},
    {&AbbottThetaParams::D,
     {"D", "D", "Memory length", "m", 1e-3, 1e-7, 1.0, 1e-5, Scale::Log,
      "Slip distance that renews a contact; with τ it sets the steady state θ."}},
}};

double abbottCoefficient(const ResolvedParams& r, const LawInputs& in) {
  return abbottMu(abbottThetaParams(r), in.v, in.theta);
}

// F = μ(v)·N at the steady θ: forceMagnitude's μ·N (no curveForce, no vector force) without LawInputs.
double abbottSlidingForce(const ResolvedParams& r, double v, double N) {
  return abbottMu(abbottThetaParams(r), v, -1) * N;
}

constexpr Equation kCoulombEquations[] = {
    {R"t(F = \begin{cases} \mu_k N \operatorname{sgn} v & v \ne 0 \\ F_d,\ \ |F_d| \le \mu_s N & v = 0 \end{cases})t",
     "Sliding, the friction is μk·N against the motion; at rest it is whatever holds the body, up to the "
     "static limit μs·N."},
    {R"t(\mu(v) = \begin{cases} \mu_k & v \ne 0 \\ \mu_s & v = 0 \end{cases}, \qquad \mu_k \le \mu_s)t",
     "The coefficient the law reports: the static limit at rest. Larger μk than μs is refused."},
};
constexpr std::string_view kCoulombQuirks[] = {
    "The force at rest is not a function of v: a curve shows the static limit μs·N at v = 0, and the "
    "spring-block holds the block exactly there (its true stick state).",
};

constexpr Equation kAbbottEquations[] = {
    {R"t(\mu_{\text{kin}}(v) = \max\left(0,\ \mu_k \left(1 + a\,|v| + b\,(v - v_0)^2\right)\right))t",
     "The seed app's kinetic coefficient: linear in |v| and quadratic about the drive velocity v0, floored "
     "at 0."},
    {R"t(\mu = \mu_{\text{kin}}(v) + \left(\mu_s - \mu_{\text{kin}}(v)\right)\theta)t",
     "Blended with the static coefficient by the contact state θ (the seed's F = Fk + (Fs − Fk)θ per unit "
     "load)."},
    {R"t(\theta = \begin{cases} \theta_{\text{input}} & 0 \le \theta_{\text{input}} \le 1 \\ \min\left(1,\ \max\left(0,\ 1 - \frac{\tau\,|v|}{D}\right)\right) & \text{no input} \end{cases})t",
     "θ as given, or the steady state of dθ/dt = (1 − θ)/τ − |v|/D, which makes the law velocity-weakening."},
};
constexpr std::string_view kAbbottQuirks[] = {
    "The seed computes the quadratic term about the drive velocity v0, so the kinetic friction has no slope "
    "at v0 but one elsewhere; it is floored at 0, which strong negative a or b reach.",
    "The seed never has v < 0; here the law uses |v| in the linear term, as the state-variable model does.",
};

// --- state-variable -----------------------------------------------------------------------------
// The θ model's contact as a law with state (theta_contact.h): its friction F(v, θ) and dθ/dt during
// slip, a true stick state whose limit F(0, θ) follows θ, and θ's closed-form ageing at rest.
constexpr std::array<ParamField<ThetaContact>, 8> kThetaFields = {{
    {&ThetaContact::mus, kThetaMusSpec},
    {&ThetaContact::muk, kThetaMukSpec},
    {&ThetaContact::tau, kThetaTauSpec},
    {&ThetaContact::D, kThetaMemorySpec},
    {&ThetaContact::renewal, kThetaRenewalSpec},
    {&ThetaContact::a, kThetaLinearSpec},
    {&ThetaContact::b, kThetaQuadraticSpec},
    {&ThetaContact::v0,
     {"v0", "v0", "Reference velocity", "m/s", 0.1, 0.0, 10.0, 0.01, Scale::Linear,
      "The velocity the quadratic term b(v − v0)² is centred on: in the seed app (and the state-variable "
      "model), the drive velocity."}},
}};

// Slip at v (signed; the loop passes the slip phase's direction): F(|v|, θ) against it, and dθ/dt.
LawDynamics thetaDynamics(const ResolvedParams& r, double v, double N, const LawStateVector& s) {
  const ThetaContact p = bindParams(kThetaFields, r);
  const double speed = std::fabs(v), theta = std::clamp(s[0], 0.0, 1.0);
  return {(v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0) * thetaFriction(p, N, v, theta), {thetaRate(p, speed, s[0]), 0}};
}
LawStateVector thetaSteadyState(const ResolvedParams& r, double v, double) {
  return {thetaSteady(bindParams(kThetaFields, r), std::fabs(v)), 0};
}
LawStateVector thetaInitialState(const ResolvedParams&) { return {1, 0}; }  // a fully aged contact
double thetaStaticLimit(const ResolvedParams& r, double N, const LawStateVector& s) {
  return thetaFriction(bindParams(kThetaFields, r), N, 0, std::clamp(s[0], 0.0, 1.0));
}
LawStateVector thetaRestState(const ResolvedParams& r, const LawStateVector& s, double dt) {
  return {thetaAtRest(bindParams(kThetaFields, r), s[0], dt), 0};
}
// The steady curve: F(|v|, θ_ss(v)); at v = 0 the fully aged contact's μs·N.
double thetaCurveForce(const ResolvedParams& r, const LawInputs& in) {
  const ThetaContact p = bindParams(kThetaFields, r);
  return thetaFriction(p, in.N, in.v, thetaSteady(p, std::fabs(in.v)));
}
double thetaCoefficient(const ResolvedParams& r, const LawInputs& in) {
  const ThetaContact p = bindParams(kThetaFields, r);
  return thetaFriction(p, 1, in.v, thetaSteady(p, std::fabs(in.v)));
}

constexpr Equation kThetaEquations[] = {
    {R"t(F_k(v) = \max\left(0,\ \mu_k N \left(1 + a\,|v| + b\,(v - v_0)^2\right)\right), \qquad F(v, \theta) = F_k(v) + \left(\mu_s N - F_k(v)\right)\theta)t",
     "The seed's kinetic friction blended with the static μs·N by the contact state θ, with N apart from any "
     "mass."},
    {R"t(\frac{d\theta}{dt} = \begin{cases} \dfrac{1 - \theta}{\tau} - \dfrac{|v|}{D} & \text{law} = 0 \\ \dfrac{1 - \theta}{\tau} - \dfrac{\theta\,|v|}{D} & \text{law} = 1 \end{cases} \qquad 0 \le \theta \le 1)t",
     "Ageing at rest and renewal by slip; θ is held at 0 rather than falling below it."},
    {R"t(v = 0 \text{ while } |F_d| \le F(0, \theta), \qquad \theta(t) = 1 - (1 - \theta_0)\,e^{-(t - t_0)/\tau})t",
     "A true stick state whose limit F(0, θ) grows as the contact ages; θ ages in closed form at rest."},
    {R"t(\theta_{ss}(v) = \max\left(0,\ 1 - \frac{\tau |v|}{D}\right) \ (\text{law} = 0), \qquad \frac{1}{1 + \tau |v| / D} \ (\text{law} = 1))t",
     "The steady state, which the law's curve μ(v) = F(v, θ_ss(v))/N plots."},
};

constexpr std::string_view kThetaQuirks[] = {
    "Whether Popov's own evolution law is additive (−|v|/D) or multiplicative (−θ|v|/D) is not "
    "verified: both are offered (renewal law).",
    "The seed app's τ and D act per 1 ms step and in mm; here they are seconds and metres."};

}  // namespace

FRICTION_RUN_ONCE void addTextbookLaws(std::vector<LawDefinition>& laws) {
  LawDefinition coulomb{
      {"coulomb", "Coulomb (static and kinetic)",
       "The textbook law the seed app starts from: μk·N while sliding, anything up to μs·N while "
       "stuck. The exact reference the regularized laws approximate.",
       "C.-A. de Coulomb, Théorie des machines simples (1785); Abbott's \"Friction\" app, Quick Start.",
       specsOf(kCoulombFields)},
      "Textbook",
      {"v"}};
  setTexSymbols(coulomb.spec, {{"mu_s", R"t(\mu_s)t"}, {"mu_k", R"t(\mu_k)t"}});
  setRoles(coulomb.spec, {{"mu_s", ParamRole::StaticCoefficient}, {"mu_k", ParamRole::KineticCoefficient}});
  coulomb.spec.unmapped = "No stiction speed: the step from μs at rest to μk in sliding is exact.";
  coulomb.validate = &validateCoulomb;
  coulomb.coefficient = &coulombCoefficient;
  laws.push_back(std::move(coulomb));

  LawDefinition abbott{
      {"abbott-theta", "Seed app: kinetic law and θ blend",
       "The seed app's friction per unit load: a velocity-dependent kinetic coefficient blended "
       "with the static one by the contact state θ; without a θ input, θ takes its steady state "
       "1 − τ|v|/D, which makes the law velocity-weakening.",
       "S. Abbott, \"Friction\" app (CalcIt), after V. L. Popov, Contact Mechanics and Friction, Ch. 12.",
       specsOf(kAbbottFields)},
      "Abbott app",
      {"v", "theta"}};
  setTexSymbols(abbott.spec, {{"mus", R"t(\mu_s)t"},
                              {"muk", R"t(\mu_k)t"},
                              {"va", "a"},
                              {"vb", "b"},
                              {"v0", "v_0"},
                              {"tau", R"t(\tau)t"},
                              {"D", "D"}});
  setRoles(abbott.spec, {{"mus", ParamRole::StaticCoefficient}, {"muk", ParamRole::KineticCoefficient}});
  abbott.spec.unmapped =
      "No stiction speed: the steady θ = 1 − τ|v|/D reaches 0 at v = D/τ, a ratio of two parameters, which "
      "keep their values (v0 centres the quadratic term; it is no transition speed).";
  abbott.coefficient = &abbottCoefficient;
  abbott.slidingForce = &abbottSlidingForce;
  laws.push_back(std::move(abbott));

  LawDefinition theta{
      {"state-variable", "State variable θ (with memory)",
       "The seed app's θ model as a law with state: θ ages towards 1 at rest and is renewed by slip, "
       "and the block holds at rest up to F(0, θ), so the static limit grows with the time stuck.",
       "V. L. Popov, Contact Mechanics and Friction, Ch. 12 (state-variable friction), as used in "
       "S. Abbott's \"Friction\" app; SI units, mass and normal force apart.",
       specsOf(kThetaFields)},
      "Abbott app",
      {"v", "N"}};
  setTexSymbols(theta.spec, {{"mus", R"t(\mu_s)t"},
                             {"muk", R"t(\mu_k)t"},
                             {"tau", R"t(\tau)t"},
                             {"D", "D"},
                             {"renewal", R"t(\text{law})t"},
                             {"a", "a"},
                             {"b", "b"},
                             {"v0", "v_0"}});
  setRoles(theta.spec, {{"mus", ParamRole::StaticCoefficient}, {"muk", ParamRole::KineticCoefficient}});
  theta.spec.unmapped = laws.back().spec.unmapped;  // abbott-theta's, just added
  theta.state = {{"theta", "θ", "Contact state", "", "1",
                  "1 for a fully aged contact, 0 for a fully renewed one. Starts at 1 (aged at rest).",
                  R"t(\theta)t", 0.0, 1.0}};
  theta.dynamics = &thetaDynamics;
  theta.steadyState = &thetaSteadyState;
  theta.initialState = &thetaInitialState;
  theta.staticLimit = &thetaStaticLimit;
  theta.restState = &thetaRestState;
  theta.curveForce = &thetaCurveForce;
  theta.coefficient = &thetaCoefficient;
  laws.push_back(std::move(theta));
}

FRICTION_RUN_ONCE void describeTextbookLaws(DocsById& docs) {
  docs.emplace_back("coulomb", EntryDocs{listOf(kCoulombEquations), listOf(kCoulombQuirks)});
  docs.emplace_back("abbott-theta", EntryDocs{listOf(kAbbottEquations), listOf(kAbbottQuirks)});
  docs.emplace_back("state-variable", EntryDocs{listOf(kThetaEquations), listOf(kThetaQuirks)});
}

AbbottThetaParams abbottThetaParams(const ResolvedParams& resolved) {
  AbbottThetaParams params = bindParams(kAbbottFields, resolved);
  params.tauOverD = params.tau / params.D;
  return params;
}

}  // namespace friction
