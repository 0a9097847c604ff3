// Ratel's platen friction (seed 000, Ratel's friction documentation, after Marques et al. 2016):
// Coulomb and Threlfall, each with optional viscous damping. Ratel's source was not read; the
// documentation is the specification, with one correction noted below (and in docs/reference/models.md,
// "Friction laws of the seeds").

#include <array>
#include <cmath>
#include <utility>

#include "friction/errors.h"
#include "laws/law_registry.h"
#include "laws/vec3.h"

namespace friction {
namespace {

struct RatelParams {
  double kinetic, viscous, tolerance_velocity;
};

constexpr ParamField<RatelParams> kKinetic{
    &RatelParams::kinetic,
    {"kinetic", "μk", "Kinetic coefficient", "", 0.1, 0.0, 2.0, 0.01, Scale::Linear,
     "F_C = μk·‖Fn‖ (Ratel option -…_friction_kinetic, default 0.1)."}};
constexpr ParamField<RatelParams> kViscous{
    &RatelParams::viscous,
    {"viscous", "Fv", "Viscous coefficient", "N·s/m", 0.0, 0.0, 1000.0, 0.1, Scale::Linear,
     "Linear viscous damping (Ratel option -…_friction_viscous, default 0)."}};

constexpr std::array<ParamField<RatelParams>, 2> kCoulombFields = {{kKinetic, kViscous}};
constexpr std::array<ParamField<RatelParams>, 3> kThrelfallFields = {{
    kKinetic,
    {kViscous.member,
     {"viscous", "Fv", "Viscous coefficient", "N·s/m", 0.0, 0.0, 1000.0, 0.1, Scale::Linear,
      "Viscous damping above v0, acting on ‖vt‖ − v0. Ratel's documentation prints this term "
      "without Fv, (‖vt‖ − v0) sgn(vt), which is not a force; Friction Lab uses Fv (‖vt‖ − v0)."}},
    {&RatelParams::tolerance_velocity,
     {"tolerance_velocity", "v0", "Tolerance velocity", "m/s", 0.05, 1e-6, 10.0, 0.001, Scale::Log,
      "Below v0 the force ramps up exponentially from 0 (Ratel option -…_friction_tolerance_velocity, "
      "default 0.05; its documentation prints the unit as m/s², a typo)."}},
}};

// Ratel's sgn(a) = a/‖a‖ for ‖a‖ > 0, else the zero vector.
Vec3 direction(const Vec3& a) {
  const double length = norm(a);
  return length > 0 ? scaled(a, 1 / length) : Vec3{0, 0, 0};
}

// The magnitude of Ratel's Threlfall force at tangential speed s > 0:
//   F_C (1 − e^{−3s/v0}) / (1 − e^{−3})        s ≤ v0   (continuous at v0 thanks to the normalisation)
//   F_C + Fv (s − v0)                          s > v0
double threlfallMagnitude(const RatelParams& p, double FC, double s) {
  if (s <= p.tolerance_velocity)
    return FC * (1 - std::exp(-3 * s / p.tolerance_velocity)) / (1 - std::exp(-3.0));
  return FC + p.viscous * (s - p.tolerance_velocity);
}

// Coulomb (+ viscous), on the body (opposing its slip):
//   ‖vt‖ > 0:  F = −(F_C sgn(vt) + Fv vt)
//   ‖vt‖ = 0:  F = −min(F_C, ‖Fe‖) sgn(Fe)       (null-velocity rule: holds the external force up to F_C)
Vec3 coulombForce(const ResolvedParams& r, const LawInputs& in) {
  const RatelParams p = bindParams(kCoulombFields, r);
  const double FC = p.kinetic * std::fabs(in.Fn);
  const Vec3 vt = tangential(in.vt, in.n);
  if (norm(vt) > 0) return scaled(sum(scaled(direction(vt), FC), scaled(vt, p.viscous)), -1);
  const Vec3 Fe = tangential(in.Fe, in.n);
  return scaled(direction(Fe), -std::min(FC, norm(Fe)));
}

// Threlfall (+ viscous), on the body: −F(‖vt‖) sgn(vt); zero at null velocity, no null-velocity rule.
Vec3 threlfallForce(const ResolvedParams& r, const LawInputs& in) {
  const RatelParams p = bindParams(kThrelfallFields, r);
  const Vec3 vt = tangential(in.vt, in.n);
  return scaled(direction(vt), -threlfallMagnitude(p, p.kinetic * std::fabs(in.Fn), norm(vt)));
}

// The effective coefficient ‖F‖/N of a 1-D slip at speed |v| (N > 0): an effective μ, since the
// viscous and ramp terms are forces, not coefficients.
void requirePositiveLoad(const LawInputs& in) {
  require(in.N > 0, "N", [&] {
    return std::string("The effective coefficient of a Ratel law is ‖F‖/N and needs N > 0 N; got " +
                       formatNumber(in.N) + " N.");
  });
}
double coulombCoefficient(const ResolvedParams& r, const LawInputs& in) {
  requirePositiveLoad(in);
  const RatelParams p = bindParams(kCoulombFields, r);
  return p.kinetic + p.viscous * std::fabs(in.v) / in.N;
}
double threlfallCoefficient(const ResolvedParams& r, const LawInputs& in) {
  requirePositiveLoad(in);
  const RatelParams p = bindParams(kThrelfallFields, r);
  return threlfallMagnitude(p, p.kinetic * in.N, std::fabs(in.v)) / in.N;
}

constexpr Equation kTangential = {
    R"t(\mathbf{v}_t = (\mathbf{I} - \mathbf{n} \otimes \mathbf{n})\,\mathbf{v}, \qquad F_C = \mu_k \lVert F_n \rVert, \qquad \operatorname{sgn}(\mathbf{a}) = \begin{cases} \mathbf{a} / \lVert \mathbf{a} \rVert & \lVert \mathbf{a} \rVert > 0 \\ \mathbf{0} & \text{otherwise} \end{cases})t",
    "The tangential slip, the Coulomb force and Ratel's vector sign (Ratel documentation, after Marques et "
    "al. 2016)."};

constexpr Equation kCoulombEquations[] = {
    kTangential,
    {R"t(\mathbf{F} = \begin{cases} -\left(F_C \operatorname{sgn}(\mathbf{v}_t) + F_v\,\mathbf{v}_t\right) & \lVert \mathbf{v}_t \rVert > 0 \\ -\min\left(F_C, \lVert \mathbf{F}_e \rVert\right) \operatorname{sgn}(\mathbf{F}_e) & \lVert \mathbf{v}_t \rVert = 0 \end{cases})t",
     "The force on the body: Coulomb plus linear viscous damping against the slip; at null velocity it holds "
     "the external tangential force up to F_C."},
    {R"t(\mu_{\text{eff}} = \frac{\lVert \mathbf{F} \rVert}{N} = \mu_k + \frac{F_v\,|v|}{N})t",
     "The effective coefficient of a 1-D slip (N > 0), as curves report it."},
};

constexpr Equation kThrelfallEquations[] = {
    kTangential,
    {R"t(\lVert \mathbf{F} \rVert = \begin{cases} F_C\,\dfrac{1 - e^{-3 \lVert \mathbf{v}_t \rVert / v_0}}{1 - e^{-3}} & \lVert \mathbf{v}_t \rVert \le v_0 \\ F_C + F_v \left(\lVert \mathbf{v}_t \rVert - v_0\right) & \lVert \mathbf{v}_t \rVert > v_0 \end{cases}, \qquad \mathbf{F} = -\lVert \mathbf{F} \rVert \operatorname{sgn}(\mathbf{v}_t))t",
     "An exponential ramp from zero, normalised to reach F_C at the tolerance velocity v0, then Coulomb with "
     "viscous damping on the speed above v0; the force on the body opposes the slip."},
};

constexpr std::string_view kCommonQuirks[] = {
    "Ratel's source code was not read: its documentation is the specification.",
    "The documentation writes the forces with +sgn(v_t) and +sgn(F_e) without saying on which body; here the "
    "force on the body opposes its slip (or, at null velocity, the external force).",
};
constexpr std::string_view kThrelfallQuirks[] = {
    kCommonQuirks[0],
    kCommonQuirks[1],
    "The documentation prints Threlfall + viscous without Fv, (‖v_t‖ − v0)·sgn(v_t), a velocity where a "
    "force belongs; Friction Lab uses Fv·(‖v_t‖ − v0).",
    "The documentation gives the tolerance velocity's unit as m/s², a typo for m/s.",
    "The 1/(1 − e^(−3)) normalisation makes the ramp continuous at v0; the often-quoted original omits it "
    "and jumps by 5 % there.",
    "The force is 0 at rest: there is no true stick state, and the block creeps on the ramp.",
};

}  // namespace

FRICTION_RUN_ONCE void addRatelLaws(std::vector<LawDefinition>& laws) {
  const std::string_view citation =
      "Ratel documentation, Modeling › Governing equations › Friction (ratel.micromorph.org), after "
      "Marques, Flores, Claro & Lankarani, Nonlinear Dyn 86:1407 (2016). Ratel's source code not read.";
  LawDefinition coulomb{
      {"ratel-coulomb", "Ratel Coulomb (+ viscous)",
       "Vector Coulomb friction F_C = μk‖Fn‖ against the tangential slip vt = (I − n⊗n)v, plus "
       "Fv·vt; at null velocity it holds the external tangential force Fe up to F_C.",
       citation, specsOf(kCoulombFields)},
      "Ratel",
      {"v", "N", "vt", "n", "Fn", "Fe"}};
  setTexSymbols(coulomb.spec, {{"kinetic", R"t(\mu_k)t"}, {"viscous", "F_v"}});
  setRoles(coulomb.spec, {{"kinetic", ParamRole::KineticCoefficient}});
  coulomb.spec.unmapped =
      "No static coefficient (at rest it holds up to the same μk·‖Fn‖) and no stiction speed.";
  coulomb.coefficient = &coulombCoefficient;
  coulomb.force = &coulombForce;
  laws.push_back(std::move(coulomb));

  LawDefinition threlfall{
      {"ratel-threlfall", "Ratel Threlfall (+ viscous)",
       "Coulomb friction with an exponential ramp from zero below the tolerance velocity v0, "
       "normalised to reach F_C exactly at v0; viscous damping acts only above v0.",
       citation, specsOf(kThrelfallFields)},
      "Ratel",
      {"v", "N", "vt", "n", "Fn"}};
  setTexSymbols(threlfall.spec,
                {{"kinetic", R"t(\mu_k)t"}, {"viscous", "F_v"}, {"tolerance_velocity", "v_0"}});
  // v0 is Ratel's stiction tolerance: the slip allowed while the contact counts as stuck, as Drake's vs.
  setRoles(threlfall.spec,
           {{"kinetic", ParamRole::KineticCoefficient}, {"tolerance_velocity", ParamRole::StictionSpeed}});
  threlfall.spec.unmapped =
      "No static coefficient: the force ramps up from 0 to μk·‖Fn‖ at v0, with no peak above it.";
  threlfall.coefficient = &threlfallCoefficient;
  threlfall.force = &threlfallForce;
  laws.push_back(std::move(threlfall));
}

FRICTION_RUN_ONCE void describeRatelLaws(DocsById& docs) {
  docs.emplace_back("ratel-coulomb", EntryDocs{listOf(kCoulombEquations), listOf(kCommonQuirks)});
  docs.emplace_back("ratel-threlfall", EntryDocs{listOf(kThrelfallEquations), listOf(kThrelfallQuirks)});
}

}  // namespace friction
