// A law's run on the spring-block (spring_block_run.h).

#include "analysis/spring_block_run.h"

#include <algorithm>
#include <cmath>

#include "analysis/run_analysis.h"
#include "friction/constants.h"

namespace friction {

SimulationResult runSpringBlock(const LawEvaluator& law, const SpringBlockSystem& sys,
                                const RunSettings& settings, const RunPlan& plan) {
  const Drive drive(sys.driveSteps, sys.normalSteps, sys.v0, sys.Fn, sys.duration);
  LoopRun run = runPlan(law, sys, settings, plan, drive);
  Summary& summary = run.result.summary;
  finishAnalysis(summary, run.facts, drive);
  summary.law = law.spec().spec.id;
  summary.duration = sys.duration;
  summary.dt = sys.duration / static_cast<double>(std::max(1LL, summary.steps));
  const bool adaptive = plan.automatic || summary.integrator == Integrator::DormandPrince ||
                        summary.integrator == Integrator::Rosenbrock ||
                        summary.integrator == Integrator::Radau;
  if (adaptive && plan.loop != Loop::SteppedLaw) summary.tolerance = settings.relativeTolerance;
  // The block's resonance on its spring, ω = √(c/m); none without inertia.
  if (sys.m > 0) {
    summary.resonanceRadPerS = std::sqrt(sys.c / sys.m);
    summary.resonanceHz = summary.resonanceRadPerS / (2 * kPi);
  }
  return std::move(run.result);
}

SimulationResult runSpringBlock(const LawEvaluator& law, const SpringBlockSystem& sys,
                                const RunSettings& settings) {
  return runSpringBlock(law, sys, settings, planRun(law, sys, settings));
}

}  // namespace friction
