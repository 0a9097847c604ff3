#pragma once
// The one step driver of every integrated run: the spring-block's slip phases, the quasi-static
// slider and a law run alone (imposed velocity, applied force) each advance through it. It attempts
// a step of the chosen method from (t, y), judges it by the method's error norm, proposes the next
// step size and returns the step's dense output, so that rows and events are read off the solution
// between steps instead of shaping the steps. What a caller does with an accepted step (events,
// rows, stick) is the caller's.
//
// Methods (numerics/dormand_prince.h, rosenbrock.h, radau.h, rk4.h):
//   Dormand–Prince 5(4) with its continuous extension (DOPRI5's CONTD5, order 4),
//   Rosenbrock 4(3) with the cubic Hermite interpolant (order 3 inside the step),
//   Radau IIA 5 with its collocation polynomial (order 3 inside the step),
//   and at a fixed step, without error control, RK4 and semi-implicit Euler, each with the cubic
//   Hermite interpolant through the values and slopes at both ends (Hairer, Nørsett & Wanner, Solving
//   ODEs I, II.6, eq. (6.7)), so that their rows too are independent of the output grid.
// The explicit and Hermite steps share their end slope with the next step when it starts where this
// one ended (first same as last): f(t + h, y₁) is the next step's f(t, y).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "numerics/dormand_prince.h"
#include "numerics/radau.h"
#include "numerics/rk4.h"
#include "numerics/rosenbrock.h"

namespace friction {

enum class StepMethod { DormandPrince, Rosenbrock, Radau, Rk4, SemiImplicitEuler };

/// A set of methods, as bits (1 << StepMethod): a driver instantiates only the methods its run may use.
constexpr unsigned methodBit(StepMethod method) { return 1U << static_cast<unsigned>(method); }
constexpr unsigned kAllMethods = 0x1F;

/// Whether the method controls its error (else it steps at the size it is given).
constexpr bool isAdaptive(StepMethod method) {
  return method == StepMethod::DormandPrince || method == StepMethod::Rosenbrock ||
         method == StepMethod::Radau;
}

/// The solution over one step [t, t + h]: the explicit methods' interpolant (DenseEmbeddedStep) or
/// Radau's collocation polynomial.
template <std::size_t N>
struct DenseStep {
  StepMethod method = StepMethod::DormandPrince;
  double t = 0, h = 0;
  DenseEmbeddedStep<N> interpolant;
  CollocationPolynomial<N> collocation;

  Vec<N> at(double time) const {
    return method == StepMethod::Radau ? collocation.at(time) : interpolant.at(time);
  }
  double end() const { return t + h; }
};

/// One attempted step: the state at its end, its scaled error norm (≤ 1 to accept; infinite where
/// Radau's Newton iteration failed), the step size the controller proposes next, and the dense output.
template <std::size_t N>
struct StepAttempt {
  DenseStep<N> dense;
  Vec<N> y{};
  Vec<N> startSlope{};  ///< f(t, y), where the method evaluated it (not Radau: hasStartSlope)
  bool hasStartSlope = false;
  double err = INFINITY;
  double proposed = 0;
  bool newtonFailed = false;

  bool acceptable() const { return err <= 1; }
  double h() const { return dense.h; }
};

/// The error control of the first M components (the others are quadratures that do not feed back):
/// the relative tolerance, the absolute tolerance of each, and the magnitudes below which the
/// implicit methods' Jacobians perturb each as if it were that size. For semi-implicit Euler,
/// `position` and `velocity` name the pair it updates in turn (v first, then x with the new v).
template <std::size_t M>
struct StepControl {
  double relative = 1e-10;
  Vec<M> absolute{};
  Vec<M> jacobianScale{};
  std::size_t position = 0, velocity = 1;
};

/// Dormand–Prince's steps keep h·λ (its stiffness estimate) at most kStableStiffness, and a step
/// beyond kStabilityLimit is no solution: its stability interval on the negative real axis ends at
/// about 3.3 (DOPRI5 calls a step beyond 3.25 stiff).
constexpr double kStableStiffness = 3, kStabilityLimit = 3.3;

template <std::size_t M, std::size_t N, unsigned kMethods = kAllMethods>
class AdaptiveDriver {
  // Whether `method` is one of the driver's: a method it cannot run is not compiled in (the page's
  // download: each is a few kilobytes of the wasm module per state size).
  static constexpr bool has(StepMethod method) { return (kMethods & methodBit(method)) != 0; }

 public:
  AdaptiveDriver(StepMethod method, const StepControl<M>& control, double firstStep)
      : method_(method), control_(control), radau_(control.relative, control.absolute), h_(firstStep) {}

  StepMethod method() const { return method_; }
  const StepControl<M>& control() const { return control_; }
  /// The step size to try next.
  double step() const { return h_; }
  void setStep(double h) { h_ = h; }

  /// Forgets what the last step carries into the next (after an event or a jump of the rates): the
  /// shared end slope and Radau's starting guess and controller memory.
  void restart() {
    shared_.valid = false;
    radau_.restart();
  }

  /// Changes the method, which resumes at its own last step size (if it ran before).
  void switchTo(StepMethod method) {
    stepOf_[index(method_)] = h_;
    method_ = method;
    if (stepOf_[index(method)] > 0) h_ = stepOf_[index(method)];
    restart();
  }

  /// One step of size h from (t, y). `context` names the rate's discrete inputs (a drive segment, a
  /// slip direction): the end slope of the last step is reused only where it is the same.
  template <class Rate>
  StepAttempt<N> attempt(const Rate& rate, double t, const Vec<N>& y, double h, std::uint64_t context = 0) {
    if constexpr (has(StepMethod::Radau))
      if (method_ == StepMethod::Radau) return radauAttempt(rate, t, y, h);
    StepAttempt<N> out;
    out.dense.method = method_, out.dense.t = t, out.dense.h = h;
    const Vec<N> f0 = slopeAt(rate, t, y, context);
    out.startSlope = f0;
    out.hasStartSlope = true;
    out.dense.interpolant = interpolatedStep(rate, t, y, f0, h);
    out.y = out.dense.interpolant.step.y;
    shared_ = {true, t + h, context, out.y, out.dense.interpolant.next};
    if (!isAdaptive(method_)) {
      out.err = 0;
      out.proposed = h;
      return out;
    }
    out.err = errorNorm<M>(y, out.dense.interpolant.step, control_.relative, control_.absolute);
    const int order = method_ == StepMethod::Rosenbrock ? 4 : 5;
    out.proposed = nextStepSize(h, std::isfinite(out.err) ? out.err : 1e10, order);
    // Dormand–Prince stays inside its stability region: a step whose h·λ lies beyond it
    // (kStabilityLimit) is rejected whatever its error estimate, and the next step (or the retry) keeps
    // h·λ within kStableStiffness. Beyond it the error estimate, whose embedded solution
    // grows as the solution does, passed steps that were not solutions: Drake's Stribeck law at
    // tolerance 1e-3 took a step of h·λ = 7.6 from rest (error estimate 0.75) that turned v round,
    // and leapt to 2 mm/s and back within 1 ms, reporting a break-away, a stick and reversals that
    // the solution does not have.
    const double stiffness = out.dense.interpolant.stiffness;
    if (stiffness > kStabilityLimit) out.err = std::max(out.err, stiffness / kStableStiffness);
    if (stiffness > 0) out.proposed = std::min(out.proposed, h * kStableStiffness / stiffness);
    return out;
  }

  /// After an accepted step: the next step size. A step cut short to reach a limit (an event, a
  /// change of the drive, the end) says nothing about the next, which keeps at least its size.
  void accept(const StepAttempt<N>& step, bool cutShort) {
    if (!isAdaptive(method_)) return;
    h_ = cutShort ? std::max(step.proposed, step.h()) : step.proposed;
  }
  /// After a rejected step: the smaller size the controller proposed.
  void reject(const StepAttempt<N>& step) { h_ = step.proposed; }

 private:
  static std::size_t index(StepMethod method) { return static_cast<std::size_t>(method); }

  // f(t, y): the last step's end slope where this step starts exactly there in the same context,
  // else evaluated. Bitwise the same either way: the same function of the same inputs.
  template <class Rate>
  Vec<N> slopeAt(const Rate& rate, double t, const Vec<N>& y, std::uint64_t context) const {
    // The same bits, not equal values: == would take −0 for 0 and never NaN for NaN, and only the
    // same bits make the same slope certain.
    const bool same = shared_.valid && shared_.t == t && shared_.context == context &&
                      // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison): bitwise on purpose (above)
                      std::memcmp(shared_.y.data(), y.data(), sizeof(Vec<N>)) == 0;
    return same ? shared_.f : rate(t, y);
  }

  // The step of an explicit or Hermite method with its interpolant and its end slope.
  template <class Rate>
  DenseEmbeddedStep<N> interpolatedStep(const Rate& rate, double t, const Vec<N>& y, const Vec<N>& f0,
                                        double h) const {
    if constexpr (has(StepMethod::DormandPrince))
      if (method_ == StepMethod::DormandPrince) return dormandPrinceDenseStep<M>(rate, t, y, f0, h);
    if constexpr (has(StepMethod::Rosenbrock))
      if (method_ == StepMethod::Rosenbrock)
        return rosenbrockDenseStep<M>(rate, t, y, h, control_.jacobianScale, f0);
    const EmbeddedStep<N> step{fixedStep(rate, t, y, f0, h), {}};
    return hermiteInterpolant(t, y, f0, h, step, rate(t + h, step.y));
  }

 public:
  /// The state after one step of size h from (t, y), without dense output or error estimate (an
  /// explicit method's step taken afresh to locate an event on the method's own solution; Radau's
  /// starts its iteration afresh).
  template <class Rate>
  Vec<N> plainStep(const Rate& rate, double t, const Vec<N>& y, double h, std::uint64_t context = 0) {
    if constexpr (has(StepMethod::Radau)) {
      if (method_ == StepMethod::Radau) {
        radau_.restart();
        return radau_.step(rate, t, y, h, control_.jacobianScale).y;
      }
    }
    const Vec<N> f0 = slopeAt(rate, t, y, context);
    if constexpr (has(StepMethod::DormandPrince))
      if (method_ == StepMethod::DormandPrince) return dormandPrinceStages(rate, t, y, f0, h).step.y;
    if constexpr (has(StepMethod::Rosenbrock))
      if (method_ == StepMethod::Rosenbrock)
        return rosenbrockStep<M>(rate, t, y, h, control_.jacobianScale, f0).y;
    return fixedStep(rate, t, y, f0, h);
  }

 private:
  // RK4's step, or semi-implicit Euler's: v₁ = v + h a(t, y), then x₁ = x + h v₁ (the others explicitly).
  template <class Rate>
  Vec<N> fixedStep(const Rate& rate, double t, const Vec<N>& y, const Vec<N>& f0, double h) const {
    if constexpr (has(StepMethod::Rk4) || has(StepMethod::SemiImplicitEuler)) {
      if (method_ == StepMethod::Rk4) return rk4Step(rate, t, y, h, f0);
      Vec<N> next = axpy(y, h, f0);
      next[control_.position] = y[control_.position] + h * next[control_.velocity];
      return next;
    } else {
      return y;  // no fixed-step method in this driver: never reached
    }
  }

  template <class Rate>
  StepAttempt<N> radauAttempt(const Rate& rate, double t, const Vec<N>& y, double h) {
    StepAttempt<N> out;
    const RadauStep<N> step = radau_.step(rate, t, y, h, control_.jacobianScale);
    out.dense.method = StepMethod::Radau, out.dense.t = t, out.dense.h = h;
    out.dense.collocation = step.dense;
    out.y = step.y;
    out.newtonFailed = !step.converged;
    out.err = step.converged ? step.err : INFINITY;
    out.proposed = step.nextStep > 0 && std::isfinite(step.nextStep) ? step.nextStep : 0.25 * h;
    shared_.valid = false;
    return out;
  }

  // The last step's end slope, for the next step that starts there (first same as last).
  struct SharedSlope {
    bool valid = false;
    double t = 0;
    std::uint64_t context = 0;
    Vec<N> y{}, f{};
  };

  StepMethod method_;
  StepControl<M> control_;
  RadauIntegrator<M, N> radau_;
  double h_;
  double stepOf_[5] = {0, 0, 0, 0, 0};  // each method's last step size (switchTo)
  SharedSlope shared_;
};

}  // namespace friction
