#pragma once
// How `auto` changes method inside a spring-block run (the slip-stick loop's).

#include <cstddef>
#include <vector>

#include "friction/simulate.h"

namespace friction {

// `auto` also changes method inside a run when the one running is far costlier than the other would
// be. Neither cost can be known in advance: an implicit method's steps follow accuracy but shrink
// wherever the law's Jacobian changes abruptly (before the loop stepped across LuGre's |v| kink as an
// event, Rosenbrock took 7·10⁶ steps and 10 s there, where Dormand–Prince needed 0.1 s), while
// Dormand–Prince is held to its stability bound 3.3/λ where the friction is steep. So the costs are
// measured: every kProbeEvery windows of kWindow attempted steps, the other method runs one window,
// and whichever did the less work per simulated second, (steps' work)/(mean attempted step), is
// kept. A Radau step costs about 2.5 Dormand–Prince steps (a Jacobian, a 12×12 LU and two or three
// Newton sweeps of three evaluations, against six stages; measured 2.2 against 0.8 µs natively).
// Dormand–Prince is probed only where Radau is far costlier, ten times the work Dormand–Prince would
// do at its stability bound h_DP = 3.3/λ (λ: the slip equations' fastest rate): short of that the
// probe could win little, and Dormand–Prince's steps at the edge of its stability region keep the
// energy balance worse than an implicit method's (Drake's Stribeck law: 5e-8 of the drive work
// against 1e-11).
class AutoMethod {
 public:
  static constexpr int kWindow = 400;
  static constexpr int kProbeEvery = 8;
  static constexpr double kFarCostlier = 10;

  AutoMethod(bool enabled, Integrator first, Integrator stiff, double stiffnessRate)
      : enabled_(enabled),
        kept_(first),
        running_(first),
        stiff_(stiff),
        leastExplicitWork_(stiffnessRate / 3.3) {}
  Integrator running() const { return running_; }

  /// Radau's Newton iteration cannot follow the state (a creep that explodes into slip on a scale of
  /// 1e-295 m/s): Rosenbrock, which solves linear systems instead of iterating, becomes the stiff
  /// method for the rest of the run, from t on.
  void abandonRadau(double t, std::vector<IntegratorSwitch>& switches) {
    stiff_ = Integrator::Rosenbrock;
    kept_ = running_ = Integrator::Rosenbrock;
    attempts_ = 0;
    windows_ = 0;
    stepSum_ = 0;
    if (switches.size() < kMaxSwitches) switches.push_back({t, kept_});
  }

  /// Notes an attempted step of size h at time t (not a short step to the output grid); returns
  /// true when the method running changes, and records each method adopted in `switches`.
  bool note(double h, double t, std::vector<IntegratorSwitch>& switches) {
    if (!enabled_) return false;
    stepSum_ += h;
    if (++attempts_ < kWindow) return false;
    const Integrator before = running_;
    endWindow(stepSum_ / attempts_, t, switches);
    stepSum_ = 0;
    attempts_ = 0;
    return running_ != before;
  }

 private:
  static double work(Integrator method, double meanStep) {
    return (method == Integrator::Radau ? 2.5 : method == Integrator::Rosenbrock ? 3.0 : 1.0) / meanStep;
  }
  Integrator other(Integrator method) const { return method == stiff_ ? Integrator::DormandPrince : stiff_; }

  void endWindow(double meanStep, double t, std::vector<IntegratorSwitch>& switches) {
    if (running_ == kept_) {
      keptMean_ = meanStep;
      if (++windows_ < kProbeEvery) return;
      windows_ = 0;
      if (kept_ == stiff_ && work(kept_, meanStep) <= kFarCostlier * leastExplicitWork_) return;
      probeStart_ = t;
      running_ = other(kept_);  // probe the other method
      return;
    }
    // A probe window ended: adopt the probed method if it did less work, else go back.
    if (work(running_, meanStep) < work(kept_, keptMean_)) {
      kept_ = running_;
      if (switches.size() < kMaxSwitches) switches.push_back({probeStart_, kept_});
    }
    running_ = kept_;
  }

  static constexpr std::size_t kMaxSwitches = 1000;
  bool enabled_;
  Integrator kept_, running_, stiff_;
  double leastExplicitWork_;  // 1/h_DP: Dormand–Prince's work per simulated second at its stability bound
  double keptMean_ = 0, stepSum_ = 0, probeStart_ = 0;
  int attempts_ = 0, windows_ = 0;
};

}  // namespace friction
