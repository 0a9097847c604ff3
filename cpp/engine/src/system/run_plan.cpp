// Which loop runs a law on the spring-block, with which method (run_plan.h).

#include "system/run_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "friction/constants.h"
#include "friction/errors.h"
#include "system/fixed_step_loop.h"
#include "system/quasi_static_loop.h"
#include "system/slip_equations.h"
#include "system/slip_stick_loop.h"

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
RunPlan planQuasiStatic(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& settings) {
  const std::string why = quasiStaticRefusal(law, sys);
  if (!why.empty()) throw InputError(sys.eta > 0 && law.readsFrictionRate() ? "eta" : "m", why);
  const auto stiff = [&] {
    const Drive drive(sys.driveSteps, sys.normalSteps, sys.v0, sys.Fn, sys.duration);
    return quasiStaticStiffness(law, sys, drive) > kStiffRatio * 2 * kPi / sys.duration;
  };
  RunPlan plan;
  plan.loop = Loop::QuasiStatic;
  plan.integrator = settings.integrator != Integrator::Auto ? settings.integrator
                    : stiff()                               ? Integrator::Radau
                                                            : Integrator::DormandPrince;
  if (plan.integrator != Integrator::DormandPrince && plan.integrator != Integrator::Radau)
    throw InputError("integrator",
                     "The quasi-static slider (m = 0) runs with 'auto', 'dormand-prince' or 'radau'; got '" +
                         std::string(integratorId(plan.integrator)) + "'.");
  return plan;
}

// What the inertial loops refuse for this law: the quasi-static slider's inputs, a law that reads the
// friction's rate, the seed's scheme or the stepped loop with a changing drive or a steady start, the
// stepped loop with another method, Radau on the θ model's floor, the seed's scheme on a dynamic law.
void refuseInertial(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& settings,
                    Integrator integrator) {
  const std::string id(law.spec().spec.id);
  if (!sys.normalSteps.empty() || settings.logGrid)
    throw InputError(
        "m", std::string(!sys.normalSteps.empty() ? "Normal-force steps" : "A logarithmic output grid") +
                 " runs on the quasi-static slider: set m = 0.");
  if (law.readsFrictionRate())
    throw InputError(
        "m",
        "Nagata's evolution law reads the friction's rate dμ/dt, which the quasi-static slider gives "
        "(m = 0); with inertia it has no such rate: set m = 0, or choose another evolution law.");
  if ((!sys.driveSteps.empty() || sys.start == SpringBlockStart::Steady) &&
      (law.stateful() || integrator == Integrator::SeedEuler))
    throw InputError(
        sys.driveSteps.empty() ? "start" : "v0",
        "Velocity steps and a steady start run with the adaptive and fixed-step integrators; not with the "
        "seed's scheme or the stepped loop of a law that carries its force between steps.");
  if (law.stateful() && integrator != Integrator::SemiImplicitEuler)
    throw InputError("integrator",
                     "Law '" + id +
                         "' with these parameters carries its force from one time step to "
                         "the next, as its origin's explicit solver does, so it runs only with the stepped "
                         "scheme: choose 'semi-implicit-euler' or 'auto'; got '" +
                         std::string(integratorId(integrator)) + "'.");
  // Radau's implicit stages straddle the θ model's floor θ = 0, where dθ/dt jumps, and its error
  // estimate follows that jump only slowly: x(40 s) of the default system (c = 100 N/m) came out 2e-4 m
  // off at tolerance 1e-10 and 1.7e-5 m at 1e-12, where Dormand–Prince and Rosenbrock agree to 1e-13 m.
  // Refused rather than run short of its tolerance (auto takes Rosenbrock for this law's stiff runs).
  if (law.holdsAtRest() && integrator == Integrator::Radau)
    throw InputError("integrator",
                     "Radau IIA cannot meet its tolerance on law '" + id +
                         "': its implicit stages straddle the floor of the contact state, where "
                         "the state's rate jumps. Choose 'auto', 'dormand-prince' or 'rosenbrock'.");
  if (law.dynamic() && integrator == Integrator::SeedEuler)
    throw InputError("integrator", "The seed's scheme runs laws without internal state only; law '" + id +
                                       "' has state variables: choose another integrator.");
}

}  // namespace

RunSettings defaultSettings(const LawEvaluator& law) {
  RunSettings settings;
  if (law.creepSpeed() > 0) {
    settings.relativeTolerance = 1e-7;
    settings.absoluteTolerance = 1e-10;
  }
  return settings;
}

RunPlan planRun(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& settings) {
  if (!sys.normalSteps.empty() && !law.readsNormalForce())
    throw InputError("Fn", "Law '" + std::string(law.spec().spec.id) +
                               "' does not read the normal force, so normal-force steps "
                               "would change nothing; give them to a law that responds (such as 'rsf').");
  if (sys.m == 0) return planQuasiStatic(law, sys, settings);
  RunPlan plan;
  plan.automatic = settings.integrator == Integrator::Auto;
  plan.stiffnessRate = plan.automatic && !law.stateful() ? slipStiffnessRate(law, sys) : 0;
  plan.integrator = plan.automatic ? chooseIntegrator(law, sys, plan.stiffnessRate) : settings.integrator;
  refuseInertial(law, sys, settings, plan.integrator);
  plan.loop = law.stateful()                             ? Loop::SteppedLaw
              : plan.integrator == Integrator::SeedEuler ? Loop::SeedScheme
                                                         : Loop::SlipStick;
  return plan;
}

LoopRun runPlan(const LawEvaluator& law, const SpringBlockSystem& sys, const RunSettings& settings,
                const RunPlan& plan, const Drive& drive) {
  RunSettings chosen = settings;
  chosen.integrator = plan.integrator;
  switch (plan.loop) {
    case Loop::QuasiStatic:
      return runQuasiStaticSlider(law, sys, chosen, drive, plan.integrator);
    case Loop::SteppedLaw:
      return runSteppedLaw(law, sys, chosen, drive);
    case Loop::SeedScheme:
      return runSeedScheme(law, sys, chosen, drive);
    case Loop::SlipStick:
      break;
  }
  return runSlipStickLoop(law, sys, chosen, drive, plan.integrator, plan.automatic, plan.stiffnessRate);
}

}  // namespace friction
