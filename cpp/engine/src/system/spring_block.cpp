#include "friction/spring_block.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "friction/errors.h"
#include "friction/law_runs.h"
#include "system/fixed_step_loop.h"
#include "system/quasi_static_loop.h"
#include "system/slip_equations.h"
#include "system/slip_stick_loop.h"
#include "system/system_params.h"

namespace friction {
namespace {

// A run is stiff where its fastest rate exceeds the system's own rate this many times (the rule of
// chooseIntegrator and of the quasi-static slider's auto).
constexpr double kStiffRatio = 1e4;

// `auto`: the stepped scheme for a law that remembers forces between steps; Radau IIA for a dynamic
// law or a stiff slip; Dormand–Prince otherwise. Stiff means the fastest rate λ of the slip
// equations (for a stateless law (η + max dF/dv)/m) exceeds 10⁴ times the system's own rate
// max(ω, 2π/duration). The threshold weighs costs: held to its stability bound h ≲ 3.3/λ,
// Dormand–Prince needs about λ/3.3 steps per second, while Radau's steps follow accuracy and cost
// about 2.5 Dormand–Prince steps each. Measured on the seed's system at the default tolerance
// (bench.sh): Drake's Stribeck (λ/ω ≈ 1.6e4) 2.2 k Radau steps in 4.8 ms against 342 k
// Dormand–Prince steps in 280 ms; the dynamic laws 3–5× faster with Radau (LuGre 5.5 ms against
// 20 ms; rate-and-state 5 ms, where Dormand–Prince exhausts its budget); the non-stiff stateless
// laws (Threlfall at λ/ω ≈ 3e3 included) about 2× faster with Dormand–Prince.
// A dynamic law with a true stick state (the θ model): Rosenbrock where stiff (stiffMethod,
// slip_stick_loop.h), else Dormand–Prince.
Integrator chooseIntegrator(const LawEvaluator& law, const SpringBlockSystem& sys, double stiffnessRate) {
  if (law.stateful()) return Integrator::SemiImplicitEuler;
  if (law.dynamic() && !law.holdsAtRest()) return Integrator::Radau;
  const double ownRate = std::max(std::sqrt(sys.c / sys.m), 2 * kPi / sys.duration);
  return stiffnessRate > kStiffRatio * ownRate ? stiffMethod(law) : Integrator::DormandPrince;
}

// The quasi-static slider (m = 0): a law it can balance, Dormand–Prince or Radau. `auto` takes Radau where
// the slider is stiff by the spring-block's own rule: its fastest rate λ above 10⁴ × 2π/duration, where
// Dormand–Prince, held to its stability bound h ≲ 3.3/λ, would take over 10⁴ steps a cycle of the run
// (a light normal force on a stiff spring: λ ≈ c v/(a Fn) reaches 1e8 1/s, and Dormand–Prince ran out of
// its 5·10⁶ steps in the first 0.2 s where Radau runs 1361 s in 61 steps).
LoopRun runQuasiStatic(const LawEvaluator& law, const SpringBlockSystem& sys,
                       const SpringBlockOptions& options, const Drive& drive) {
  const std::string why = quasiStaticRefusal(law, sys);
  if (!why.empty()) throw InputError(sys.eta > 0 && law.readsFrictionRate() ? "eta" : "m", why);
  const auto stiff = [&] {
    return quasiStaticStiffness(law, sys, drive) > kStiffRatio * 2 * kPi / sys.duration;
  };
  const Integrator integrator = options.integrator != Integrator::Auto ? options.integrator
                                : stiff()                              ? Integrator::Radau
                                                                       : Integrator::DormandPrince;
  if (integrator != Integrator::DormandPrince && integrator != Integrator::Radau)
    throw InputError("integrator",
                     "The quasi-static slider (m = 0) runs with 'auto', 'dormand-prince' or 'radau'; got '" +
                         std::string(integratorId(integrator)) + "'.");
  return runQuasiStaticSlider(law, sys, options, drive, integrator);
}

}  // namespace

namespace {

// The loop that runs this law on this system with these options, and its facts.
LoopRun runLoop(const LawEvaluator& law, std::string_view lawId, const SpringBlockSystem& sys,
                const SpringBlockOptions& options, const Drive& drive);

}  // namespace

SpringBlockResult simulateSpringBlock(std::string_view lawId, const ParamList& lawParams,
                                      const SpringBlockSystem& given, const SpringBlockOptions& options) {
  const LawEvaluator law(lawId, lawParams);
  // The system's ranges are the catalog's (one declaration for the page, JS and C++ callers).
  resolveParams(springBlockSystemModel(), {{"m", given.m},
                                           {"Fn", given.Fn},
                                           {"c", given.c},
                                           {"eta", given.eta},
                                           {"v0", given.v0},
                                           {"duration", given.duration}});
  checkSystemMass(given.m, true);
  const bool quasiStatic = given.m == 0;
  checkDriveSteps(given.driveSteps, given.duration, quasiStatic);
  checkNormalSteps(given.normalSteps, given.duration);
  // With velocity steps, the analysis (regime thresholds, time scales) refers to the last drive velocity.
  SpringBlockSystem sys = given;
  if (!sys.driveSteps.empty()) sys.v0 = sys.driveSteps.back().value;
  checkSamples(options.samples);
  if (!sys.normalSteps.empty() && !law.readsNormalForce())
    throw InputError("Fn", "Law '" + std::string(lawId) +
                               "' does not read the normal force, so normal-force steps "
                               "would change nothing; give them to a law that responds (such as 'rsf').");
  const Drive drive(sys.driveSteps, sys.normalSteps, sys.v0, sys.Fn, sys.duration);
  LoopRun run = runLoop(law, lawId, sys, options, drive);
  finishAnalysis(run.result.summary, run.facts, drive);
  return std::move(run.result);
}

namespace {

LoopRun runLoop(const LawEvaluator& law, std::string_view lawId, const SpringBlockSystem& sys,
                const SpringBlockOptions& options, const Drive& drive) {
  if (sys.m == 0) return runQuasiStatic(law, sys, options, drive);
  if (!sys.normalSteps.empty() || options.logGrid)
    throw InputError(
        "m", std::string(!sys.normalSteps.empty() ? "Normal-force steps" : "A logarithmic output grid") +
                 " runs on the quasi-static slider: set m = 0.");
  if (law.readsFrictionRate())
    throw InputError(
        "m",
        "Nagata's evolution law reads the friction's rate dμ/dt, which the quasi-static slider gives "
        "(m = 0); with inertia it has no such rate: set m = 0, or choose another evolution law.");

  const bool automatic = options.integrator == Integrator::Auto;
  const double stiffnessRate = automatic && !law.stateful() ? slipStiffness(law, sys).rate : 0;
  const Integrator integrator = automatic ? chooseIntegrator(law, sys, stiffnessRate) : options.integrator;
  if ((!sys.driveSteps.empty() || sys.start == SpringBlockStart::Steady) &&
      (law.stateful() || integrator == Integrator::SeedEuler))
    throw InputError(
        sys.driveSteps.empty() ? "start" : "v0",
        "Velocity steps and a steady start run with the adaptive and fixed-step integrators; not with the "
        "seed's scheme or the stepped loop of a law that carries its force between steps.");
  if (law.stateful()) {
    if (integrator != Integrator::SemiImplicitEuler)
      throw InputError(
          "integrator",
          "Law '" + std::string(lawId) +
              "' with these parameters carries its force from one time step to "
              "the next, as its origin's explicit solver does, so it runs only with the stepped scheme: "
              "choose 'semi-implicit-euler' or 'auto'; got '" +
              std::string(integratorId(integrator)) + "'.");
    return runSteppedLaw(law, sys, options, drive);
  }
  // Radau's implicit stages straddle the θ model's floor θ = 0, where dθ/dt jumps, and its error
  // estimate follows that jump only slowly: x(40 s) of the default system (c = 100 N/m) came out 2e-4 m
  // off at tolerance 1e-10 and 1.7e-5 m at 1e-12, where Dormand–Prince and Rosenbrock agree to 1e-13 m.
  // Refused rather than run short of its tolerance (auto takes Rosenbrock for this law's stiff runs).
  if (law.holdsAtRest() && integrator == Integrator::Radau)
    throw InputError("integrator",
                     "Radau IIA cannot meet its tolerance on law '" + std::string(lawId) +
                         "': its implicit stages straddle the floor of the contact state, where "
                         "the state's rate jumps. Choose 'auto', 'dormand-prince' or 'rosenbrock'.");
  if (law.dynamic() && integrator == Integrator::SeedEuler)
    throw InputError("integrator", "The seed's scheme runs laws without internal state only; law '" +
                                       std::string(lawId) +
                                       "' has state variables: choose another integrator.");
  SpringBlockOptions chosen = options;
  chosen.integrator = integrator;
  if (integrator == Integrator::SeedEuler) return runSeedScheme(law, sys, chosen, drive);
  return runSlipStickLoop(law, sys, chosen, drive, integrator, automatic, stiffnessRate);
}

}  // namespace

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
// What simulateSpringBlock solves for any law (physics-checks.md, conventions and §1).
const std::vector<Equation> kSystemEquations = {
    {R"t(m\,\frac{dv}{dt} = F_d - F, \qquad \frac{dx}{dt} = v, \qquad 0 \le t \le t_{\max})t",
     "Newton's law for the block: the drive force minus the friction on it."},
    {R"t(F_d = c\,(X_d - x) + \eta\,(v_d - v), \qquad X_d(t) = \int_0^t v_d\,dt' = v_0\,t)t",
     "The drive force of the spring and the dashpot in parallel; the far end X_d moves at v_0 (or through "
     "the drive's velocity steps)."},
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
}  // namespace

const ModelSpec& springBlockSystemModel() {
  static const ModelSpec spec = [] {
    ModelSpec model{
        "spring-block",
        "Driven spring-block",
        "A block of mass m pulled through a spring c and a dashpot η whose far end moves at v0, pressed by "
        "Fn.",
        "The system of S. Abbott's \"Friction\" app (after Popov, Contact Mechanics and Friction, Ch. 12).",
        {kSystemMassSpec, kSystemNormalForceSpec, kSystemSpringSpec, kSystemDashpotSpec,
         kSystemDriveVelocitySpec, kSystemDurationSpec},
        kSystemEquations,
        {"The seed app's Load is mass and normal force at once (no g); here m and Fn are apart, and Fn "
         "defaults to m·g.",
         "A law without a true stick state (zero force at rest, or a dynamic law) never rests exactly: its "
         "stick intervals are where |v| ≤ 1 % of v0, with events at the output rows."}};
    setTexSymbols(model, {{"m", "m"},
                          {"Fn", "F_n"},
                          {"c", "c"},
                          {"eta", R"t(\eta)t"},
                          {"v0", "v_0"},
                          {"duration", R"t(t_{\max})t"}});
    return model;
  }();
  return spec;
}

SpringBlockOptions defaultOptions(const LawEvaluator& law) {
  SpringBlockOptions options;
  if (law.creepSpeed() > 0) {
    options.relativeTolerance = 1e-7;
    options.absoluteTolerance = 1e-10;
  }
  return options;
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
// the run, each value inside [min, max] (`holds`: also 0 and down to −max, the quasi-static slider's
// holds and a load point moving back).
void checkSteps(const std::vector<Breakpoint>& steps, double duration, const ParamSpec& spec,
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
    if (!(value >= spec.min && value <= spec.max) && !(holds && value == 0))
      throw InputError(field, which + "must be " + (holds ? "0 (a hold) or of magnitude " : "") + "between " +
                                  formatNumber(spec.min) + unit + " and " + formatNumber(spec.max) + unit +
                                  "; got " + formatNumber(steps[k].value) + unit + ".");
  }
}

void checkDriveSteps(const std::vector<Breakpoint>& steps, double duration, bool quasiStatic) {
  checkSteps(steps, duration, kSystemDriveVelocitySpec, "Drive velocity", quasiStatic);
}

void checkNormalSteps(const std::vector<Breakpoint>& steps, double duration) {
  checkSteps(steps, duration, kSystemNormalForceSpec, "Normal force", false);
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

LawSimulationResult simulateLaw(const LawSimulationRequest& request) {
  const Integrator integrator = findIntegrator(request.integrator);
  checkSystemMassOf(request.system);
  ResolvedParams system = resolveParams(springBlockSystemModel(), request.system);
  const LawEvaluator law(request.law, request.params);
  checkTolerance(request.tolerance);
  SpringBlockOptions options = defaultOptions(law);
  options.samples = request.samples;
  options.progress = request.progress;
  options.integrator = integrator;
  options.logGrid = request.logGrid;
  if (request.tolerance > 0) {
    options.relativeTolerance = request.tolerance;
    options.absoluteTolerance = 1e-3 * request.tolerance;
  }
  checkKick(request.kick, request.start, !request.driveSteps.empty());
  std::vector<Breakpoint> driveSteps = request.driveSteps;
  if (request.kick != 0) {
    const double v0 = system.get("v0");
    driveSteps = {{0, v0}, {1e-3 * system.get("duration"), v0 * (1 + request.kick)}};
  }
  const SpringBlockSystem sys{system.get("m"),  system.get("c"),  system.get("eta"),
                              system.get("v0"), system.get("Fn"), system.get("duration"),
                              driveSteps,       request.start,    request.normalSteps};
  SpringBlockResult run = simulateSpringBlock(request.law, request.params, sys, options);
  const std::string_view ran = integratorId(run.summary.integrator);
  const double omega = sys.m > 0 ? std::sqrt(sys.c / sys.m) : std::nan("");  // no resonance without inertia
  return {std::move(run), std::move(system), law.resolved(), std::string(ran), options.relativeTolerance,
          omega,          omega / (2 * kPi)};
}

}  // namespace friction
