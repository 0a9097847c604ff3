// Drake's Stribeck approximation of Coulomb friction (seed 003), as
// MultibodyPlant's continuous point contact computes it (multibody/plant/multibody_plant.cc,
// StribeckModel::ComputeFrictionCoefficient and step5; validation from coulomb_friction.cc).

#include <array>
#include <cmath>
#include <utility>

#include "friction/errors.h"
#include "laws/law_registry.h"
#include "laws/vec3.h"

namespace friction {
namespace {

struct DrakeParams {
  double static_friction, dynamic_friction, stiction_tolerance;
};

constexpr std::array<ParamField<DrakeParams>, 3> kFields = {{
    {&DrakeParams::static_friction,
     {"static_friction", "μs", "Static friction", "", 0.9, 0.0, 10.0, 0.01, Scale::Linear,
      "Peak coefficient, reached at the stiction tolerance. Drake has no default; 0.9 is its old "
      "CompliantMaterial default."}},
    {&DrakeParams::dynamic_friction,
     {"dynamic_friction", "μd", "Dynamic friction", "", 0.5, 0.0, 10.0, 0.01, Scale::Linear,
      "Coefficient from 3 × the stiction tolerance on. Drake refuses dynamic > static (0.5 is the old "
      "CompliantMaterial default)."}},
    {&DrakeParams::stiction_tolerance,
     {"stiction_tolerance", "vs", "Stiction tolerance", "m/s", 1e-4, 1e-9, 1.0, 1e-5, Scale::Log,
      "The slip speed allowed while ostensibly stuck (MultibodyPlantConfig default 1e-4 m/s since 2024; "
      "the doc comment of set_stiction_tolerance still says 1 mm/s). Must be > 0."}},
}};

void validate(const ResolvedParams& r) {
  const DrakeParams p = bindParams(kFields, r);
  // CoulombFriction's constructor: both non-negative (the ranges), and dynamic ≤ static.
  require(p.dynamic_friction <= p.static_friction, "dynamic_friction", [&] {
    return std::string("Dynamic friction (dynamic_friction) must not exceed static friction (" +
                       formatNumber(p.static_friction) + "), as Drake's CoulombFriction requires; got " +
                       formatNumber(p.dynamic_friction) + ".");
  });
}

// step5(x) = x³ (10 + x (6x − 15)) = 10x³ − 15x⁴ + 6x⁵, in Drake's evaluation order.
double step5(double x) {
  const double x3 = x * x * x;
  return x3 * (10 + x * (6 * x - 15));
}

// μ(s) with v = s · (1/vs), the inverse stored first as Drake does:
//   v ≥ 3:      μd
//   1 ≤ v < 3:  μs − (μs − μd) step5((v − 1)/2)
//   v < 1:      μs step5(v)              (so μ(0) = 0: stiction is creep below vs)
double stribeck(const DrakeParams& p, double slipSpeed) {
  const double inverseTolerance = 1 / p.stiction_tolerance;
  const double v = slipSpeed * inverseTolerance;
  if (v >= 3) return p.dynamic_friction;
  if (v >= 1) return p.static_friction - (p.static_friction - p.dynamic_friction) * step5((v - 1) / 2);
  return p.static_friction * step5(v);
}

double coefficient(const ResolvedParams& r, const LawInputs& in) {
  return stribeck(bindParams(kFields, r), std::fabs(in.v));
}

// Point contact, continuous mode: friction only if fn > 0; if ‖vt‖² > (1e-14)² the force on the body
// is −μ(‖vt‖) fn t̂ with t̂ = vt/‖vt‖, otherwise exactly zero (no softened norm).
Vec3 force(const ResolvedParams& r, const LawInputs& in) {
  const DrakeParams p = bindParams(kFields, r);
  if (!(in.Fn > 0)) return {0, 0, 0};
  const Vec3 vt = tangential(in.vt, in.n);
  constexpr double kZeroSlip = 1e-14;  // [m/s] below this slip there is no direction to oppose
  if (!(dot(vt, vt) > kZeroSlip * kZeroSlip)) return {0, 0, 0};
  const double slip = norm(vt);
  return scaled(vt, -stribeck(p, slip) * in.Fn / slip);
}

constexpr Equation kEquations[] = {
    {R"t(s = \lVert \mathbf{v}_t \rVert \cdot \frac{1}{v_s})t",
     "The slip speed in units of the stiction tolerance, multiplied by the stored inverse 1/vs as Drake "
     "does."},
    {R"t(\mu(s) = \begin{cases} \mu_s \operatorname{step5}(s) & s < 1 \\ \mu_s - (\mu_s - \mu_d) \operatorname{step5}\left(\frac{s - 1}{2}\right) & 1 \le s < 3 \\ \mu_d & s \ge 3 \end{cases})t",
     "The Stribeck approximation: from 0 at rest up to μs at vs, down to μd at 3vs "
     "(StribeckModel::ComputeFrictionCoefficient)."},
    {R"t(\operatorname{step5}(x) = x^3 \left(10 + x\,(6x - 15)\right))t",
     "The quintic step 10x³ − 15x⁴ + 6x⁵, in Drake's evaluation order."},
    {R"t(\mathbf{F} = \begin{cases} -\mu(s)\,N\,\dfrac{\mathbf{v}_t}{\lVert \mathbf{v}_t \rVert} & N > 0 \text{ and } \lVert \mathbf{v}_t \rVert > 10^{-14}\ \text{m/s} \\ \mathbf{0} & \text{otherwise} \end{cases})t",
     "The force on the body in continuous point contact: against the slip, and exactly zero without normal "
     "force or below 1e-14 m/s of slip (no softened norm)."},
};
constexpr std::string_view kQuirks[] = {
    "μ(0) = 0: stiction is creep below vs, so there is no true stick state; the curve's peak μs·N at vs is "
    "the break-away force.",
    "The slip is multiplied by the stored inverse 1/vs and step5 is evaluated in Drake's order, so "
    "μ(0.999999 vs) rounds just above μs, as Drake's does.",
    "Zero force below 1e-14 m/s of slip or without normal force.",
    "The code's default stiction tolerance is 1e-4 m/s (since 2024); the doc comment of "
    "set_stiction_tolerance still says 1 mm/s.",
    "Drake refuses a dynamic coefficient above the static one (CoulombFriction), and so does this law.",
};

}  // namespace

FRICTION_RUN_ONCE void addDrakeLaws(std::vector<LawDefinition>& laws) {
  LawDefinition drake{
      {"drake-stribeck", "Drake Stribeck approximation",
       "A smooth approximation of Coulomb friction: μ rises from 0 at rest to μs at the stiction "
       "tolerance vs and falls to μd at 3vs, both joins by the quintic step5. Zero force below "
       "1e-14 m/s of slip or without normal force.",
       "Drake, multibody/plant/multibody_plant.cc (StribeckModel), coulomb_friction.cc, "
       "multibody_plant_config.h (RobotLocomotion/drake @ be259df724b3).",
       specsOf(kFields)},
      "Drake",
      {"v", "vt", "n", "Fn"}};
  setTexSymbols(
      drake.spec,
      {{"static_friction", R"t(\mu_s)t"}, {"dynamic_friction", R"t(\mu_d)t"}, {"stiction_tolerance", "v_s"}});
  setRoles(drake.spec, {{"static_friction", ParamRole::StaticCoefficient},
                        {"dynamic_friction", ParamRole::KineticCoefficient},
                        {"stiction_tolerance", ParamRole::StictionSpeed}});
  drake.validate = &validate;
  drake.coefficient = &coefficient;
  drake.force = &force;
  laws.push_back(std::move(drake));
}

FRICTION_RUN_ONCE void describeDrakeLaws(DocsById& docs) {
  docs.emplace_back("drake-stribeck", EntryDocs{listOf(kEquations), listOf(kQuirks)});
}

}  // namespace friction
