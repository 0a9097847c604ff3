// The spring-block's catalog (its parameters and equations, the integrators) and the rules its system,
// drive and output obey (friction/spring_block.h).

#include "friction/spring_block.h"

#include <cmath>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "system/system_params.h"

namespace friction {

const std::vector<IntegratorSpec>& integratorCatalog() {
  static const std::vector<IntegratorSpec> catalog = {
      {Integrator::Auto, "auto", "Automatic",
       "Picks per law: Radau for a dynamic law or where the friction makes slip stiff (its fastest rate "
       "above 10⁴× the spring's), Dormand–Prince otherwise, or the stepped scheme for a law that remembers "
       "its force between steps; inside a run it changes to whichever of Radau and Dormand–Prince does less "
       "work per simulated second, and to Rosenbrock where Radau's Newton iteration cannot follow the state.",
       true},
      {Integrator::DormandPrince, "dormand-prince", "Dormand–Prince 5(4), adaptive",
       "Fifth order with an embedded error estimate; the step follows the tolerance. Switches located to "
       "1e-12 s.",
       true},
      {Integrator::Rosenbrock, "rosenbrock", "Rosenbrock 4(3), adaptive, stiff",
       "Linearly implicit fourth order (Shampine 1982) for steep regularized laws: its step follows the "
       "tolerance, not the friction slope. Switches located to 1e-12 s.",
       true},
      {Integrator::Radau, "radau", "Radau IIA 5, adaptive, stiff",
       "Implicit collocation of order 5 (Hairer & Wanner's RADAU5: simplified Newton, its error estimate and "
       "step control) for steep and dynamic laws: stiffly accurate, so a creeping block's steps follow the "
       "drive, and its cost grows gently as the tolerance tightens. Switches located to 1e-12 s on its dense "
       "output.",
       true},
      {Integrator::Rk4, "rk4", "RK4, fixed step",
       "Classical fourth-order Runge–Kutta at 1/200 of the spring period; switches located inside the step.",
       false},
      {Integrator::SemiImplicitEuler, "semi-implicit-euler", "Semi-implicit Euler, fixed step",
       "First order: v then x, at 1/200 of the spring period; switches located inside the step. Laws that "
       "carry their force between steps (Radioss Iform 2, filtering) run in this loop, as in Radioss's "
       "explicit solver.",
       false},
      {Integrator::SeedEuler, "seed-euler", "The seed app's scheme",
       "Semi-implicit Euler at 1 ms with the seed's stick rule: v clamped at 0 after the position update.",
       false},
  };
  return catalog;
}

Integrator findIntegrator(std::string_view id) {
  std::string known;
  for (const IntegratorSpec& spec : integratorCatalog()) {
    if (spec.id == id) return spec.kind;
    known += (known.empty() ? "" : ", ") + std::string(spec.id);
  }
  throw InputError("integrator",
                   "Unknown integrator '" + std::string(id) + "'; the integrators are: " + known + ".");
}

std::string_view integratorId(Integrator integrator) {
  for (const IntegratorSpec& spec : integratorCatalog())
    if (spec.kind == integrator) return spec.id;
  return "auto";
}

namespace {
// What a run on the spring-block solves, whatever the law (the system of friction/spring_block.h).
constexpr Equation kSystemEquations[] = {
    {R"t(m\,\frac{dv}{dt} = F_d - F, \qquad \frac{dx}{dt} = v, \qquad 0 \le t \le t_{\max})t",
     "Newton's law for the block: the drive force minus the friction on it."},
    {R"t(F_d = c\,(X_d - x) + \eta\,(v_d - v), \qquad X_d(t) = \int_0^t v_d\,dt' = v_0\,t)t",
     "The drive force of the spring and the dashpot in parallel; the far end X_d moves at v_0 (or through "
     "the drive's velocity steps)."},
    {R"t(x(0) = x_0, \qquad v(0) = 0)t",
     "The block starts at rest, x_0 from the spring's unstretched length; with v_0 = 0 it then vibrates "
     "freely until the friction holds it."},
    {R"t(F = F_{\text{law}}(v, N = F_n)\,\operatorname{sgn} v \quad \text{while sliding})t",
     "While the block slides, the law's friction with the normal force Fn opposes the slip (a dynamic law's "
     "state evolves with it)."},
    {R"t(v = 0,\ \ F = F_d \quad \text{while } |F_d| \le F_{\text{law}}(0))t",
     "A law with a positive force at rest has a true stick state: the block rests, the friction balancing "
     "the drive, until the drive exceeds that static limit; break-away and re-stick are located to 1e-12 s."},
    {R"t(\int F_d\,v_d\,dt = \Delta\left(\tfrac{1}{2} m v^2 + \tfrac{1}{2} c\,(X_d - x)^2\right) + \int F\,v\,dt + \int \eta\,(v_d - v)^2\,dt)t",
     "The energy balance: the drive's work goes into kinetic and spring energy, friction and dashpot "
     "dissipation; its residual measures the integration error."},
    {R"t(\omega = \sqrt{c/m}, \qquad f = \frac{\omega}{2\pi})t", "The resonance of the block on its spring."},
};

constexpr std::string_view kSystemQuirks[] = {
    "The seed app's Load is mass and normal force at once (no g); here m and Fn are apart, and Fn defaults "
    "to m·g.",
    "A law without a true stick state (zero force at rest, or a dynamic law) never rests exactly: its stick "
    "intervals are where |v| ≤ 1 % of v0, with events at the output rows."};
}  // namespace

EntryDocs springBlockSystemDocs() { return {listOf(kSystemEquations), listOf(kSystemQuirks)}; }

const ModelSpec& springBlockSystemModel() {
  static const ModelSpec spec = [] {
    ModelSpec model{
        "spring-block",
        "Driven spring-block",
        "A block of mass m pulled through a spring c and a dashpot η whose far end moves at v0, pressed by "
        "Fn.",
        "The system of S. Abbott's \"Friction\" app (after Popov, Contact Mechanics and Friction, Ch. 12).",
        {kSystemMassSpec, kSystemNormalForceSpec, kSystemSpringSpec, kSystemDashpotSpec,
         kSystemDriveVelocitySpec, kSystemDisplacementSpec, kSystemDurationSpec}};
    setTexSymbols(model, {{"m", "m"},
                          {"Fn", "F_n"},
                          {"c", "c"},
                          {"eta", R"t(\eta)t"},
                          {"v0", "v_0"},
                          {"x0", "x_0"},
                          {"duration", R"t(t_{\max})t"}});
    return model;
  }();
  return spec;
}

void checkKick(double kick, SpringBlockStart start, bool hasDriveSteps) {
  if (!(std::isfinite(kick) && std::fabs(kick) <= 0.5))
    throw InputError("kick", "The kick (a relative speed-up of the drive) must be within −0.5 … 0.5; got " +
                                 formatNumber(kick) + ".");
  if (kick != 0 && (start != SpringBlockStart::Steady || hasDriveSteps))
    throw InputError("kick",
                     "A kick perturbs steady sliding at v0: it needs a steady start and one drive velocity; "
                     "got a kick of " +
                         formatNumber(kick) +
                         (start != SpringBlockStart::Steady ? " from rest." : " with velocity steps."));
}

// Steps of a quantity (the drive's velocity, the normal force): from t = 0, times increasing and inside
// the run, each value inside [least, max] (`holds`: also 0 and down to −max, the quasi-static slider's
// holds and a load point moving back).
void checkSteps(const std::vector<Breakpoint>& steps, double duration, const ParamSpec& spec, double least,
                std::string_view what, bool holds) {
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const std::string field = std::string(spec.key) + "[" + std::to_string(k) + "]";
    const std::string which = std::string(what) + " step " + std::to_string(k) + " ";
    const std::string unit = " " + std::string(spec.unit);
    if (k == 0 && steps[k].t != 0)
      throw InputError(field, which + "must start at t = 0 s; got " + formatNumber(steps[k].t) + " s.");
    if (k > 0 && !(steps[k].t > steps[k - 1].t && steps[k].t < duration))
      throw InputError(field, which + "must come after the previous one and before the end (" +
                                  formatNumber(duration) + " s); got t = " + formatNumber(steps[k].t) +
                                  " s.");
    const double value = holds ? std::fabs(steps[k].value) : steps[k].value;
    if (!(value >= least && value <= spec.max) && !(holds && value == 0))
      throw InputError(field, which + "must be " + (holds ? "0 (a hold) or of magnitude " : "") + "between " +
                                  formatNumber(least) + unit + " and " + formatNumber(spec.max) + unit +
                                  "; got " + formatNumber(steps[k].value) + unit + ".");
  }
}

void checkDriveSteps(const std::vector<Breakpoint>& steps, double duration, bool quasiStatic) {
  checkSteps(steps, duration, kSystemDriveVelocitySpec, kMinDriveSpeed, "Drive velocity", quasiStatic);
}

void checkNormalSteps(const std::vector<Breakpoint>& steps, double duration) {
  checkSteps(steps, duration, kSystemNormalForceSpec, kSystemNormalForceSpec.min, "Normal force", false);
}

void checkSystemMass(double m, bool normalForceGiven) {
  if (m > 0 && m < kMinInertialMass)
    throw InputError("m", "Mass (m) must be 0 kg (the quasi-static slider) or between " +
                              formatNumber(kMinInertialMass) + " kg and " +
                              formatNumber(kSystemMassSpec.max) + " kg; got " + formatNumber(m) + " kg.");
  if (m == 0 && !normalForceGiven)
    throw InputError(
        "Fn",
        "With m = 0 kg (the quasi-static slider) the normal force has no m·g default: give Fn (between " +
            formatNumber(kSystemNormalForceSpec.min) + " N and " + formatNumber(kSystemNormalForceSpec.max) +
            " N).");
}

// The drive at rest and a release (issue 28): v0 is 0 or at least kMinDriveSpeed; with v0 = 0 the block
// must have inertia and start from rest, displaced (else nothing would move); a displacement x0 needs
// inertia and a start from rest (a steady start sets the block's place itself).
void checkDriveVelocityOf(const ParamList& system, bool hasDriveSteps) {
  for (const auto& [key, value] : system) {
    if (key != "v0" || value.isList || !std::isfinite(value.items.at(0))) continue;  // NaN: the catalog's
    const double v0 = value.items.at(0);
    // Velocity steps move the drive from their first (v0 is that step's): a drive at rest is one velocity.
    const bool atRest = v0 == 0 && !hasDriveSteps;
    if (atRest || (v0 >= kMinDriveSpeed && v0 <= kSystemDriveVelocitySpec.max)) continue;
    throw InputError("v0", "Drive velocity (v0) must be " +
                               std::string(hasDriveSteps ? "" : "0 m/s (the drive at rest) or ") +
                               "between " + formatNumber(kMinDriveSpeed) + " m/s and " +
                               formatNumber(kSystemDriveVelocitySpec.max) + " m/s; got " + formatNumber(v0) +
                               " m/s.");
  }
}

void checkRelease(double m, double v0, double x0, SpringBlockStart start) {
  const bool steady = start == SpringBlockStart::Steady;
  if (x0 != 0 && (m == 0 || steady))
    throw InputError("x0",
                     "The initial displacement (x0) releases the block from rest, which needs " +
                         std::string(m == 0 ? "inertia: the quasi-static slider (m = 0 kg) has no free "
                                              "motion; give m > 0"
                                            : "a start from rest: a steady start places the block itself") +
                         "; got x0 = " + formatNumber(x0) + " m.");
  if (v0 != 0) return;
  if (m == 0 || steady)
    throw InputError(m == 0 ? "v0" : "start",
                     m == 0 ? "The quasi-static slider (m = 0 kg) needs a moving drive: v0 must be between " +
                                  formatNumber(kMinDriveSpeed) + " m/s and " +
                                  formatNumber(kSystemDriveVelocitySpec.max) + " m/s; got 0 m/s."
                            : "With the drive at rest (v0 = 0 m/s) there is no steady sliding to start from: "
                              "start from rest.");
  if (x0 == 0)
    throw InputError("v0",
                     "With the drive at rest (v0 = 0 m/s) and the block at the spring's unstretched length "
                     "(x0 = 0 m) nothing moves: give a drive velocity, or a displacement x0 to release the "
                     "block from.");
}

void checkSamples(int samples) {
  if (!(samples >= 2 && samples <= 1'000'000))
    throw InputError("samples",
                     "samples must be between 2 and 1000000; got " + std::to_string(samples) + ".");
}

void checkTolerance(double tolerance) {
  if (tolerance != 0 && !(tolerance >= 1e-14 && tolerance <= 1e-3))
    throw InputError("tolerance",
                     "The relative tolerance must be between 1e-14 and 0.001 (or 0 for the law's default); "
                     "got " +
                         formatNumber(tolerance) + ".");
}

void checkSystemMassOf(const ParamList& system) {
  double m = kSystemMassSpec.defaultValue;
  bool normalForceGiven = false;
  for (const auto& [key, value] : system) {
    if (key == "m" && !value.isList && std::isfinite(value.items.at(0))) m = value.items.at(0);
    normalForceGiven |= key == "Fn";
  }
  checkSystemMass(m, normalForceGiven);
}

}  // namespace friction
