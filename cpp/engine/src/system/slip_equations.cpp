// The driven spring-block's slip equations: the drive, and the slip's stiffness (slip_equations.h).

#include "system/slip_equations.h"

#include <algorithm>
#include <cmath>

#include "friction/constants.h"
#include "friction/errors.h"
#include "friction/parameters.h"
#include "numerics/rosenbrock.h"

namespace friction {

// Estimates in messages: four significant digits.
std::string approx(double value) { return formatSignificant(value, 4); }

// The steepest rise of the law's friction with speed: max dF/dv [N·s/m] over speeds from 0+ to
// 100·v0, by differences on a logarithmic grid of ten points per decade starting at 1e-12·v0, and the
// speed where it occurs. It sets the slip's fastest time scale m/(η + dF/dv), which makes a law stiff
// for explicit methods.
Slope steepestSlope(const LawEvaluator& law, double Fn, double vReference) {
  Slope steepest;
  double vPrevious = 0, fPrevious = law.forceMagnitude(1e-150, Fn);
  for (int k = 0; k <= 140; ++k) {
    const double v = gridSpeed(vReference, k);
    const double f = law.forceMagnitude(v, Fn);
    const double slope = (f - fPrevious) / (v - vPrevious);
    if (slope > steepest.value) steepest = {slope, v};
    vPrevious = v;
    fPrevious = f;
  }
  return steepest;
}

// The magnitudes below which finite-difference Jacobians perturb x, v and a dynamic law's state as if
// they were that size. v: a thousandth of v0 (the speed scale: with the drive at rest, the release's
// |x0|·ω), so that near v = 0 the increment spans both sides of a law's kink there (LuGre's |v|: a
// one-sided slope makes Rosenbrock's stages, which cross v = 0 in
// presliding, disagree with its Jacobian, and its step collapses). A law that creeps at rest on a
// far smaller scale (regularized rate-and-state: linear only for |v| < 2V*·e^(−μ0/a), ~1e-32 m/s)
// gets a thousandth of that scale instead, or the difference would give a secant, not its tangent.
// The state: a thousandth of its steady value at the drive velocity or of its initial value.
Vec<kDynamic> jacobianScale(const LawEvaluator& law, const SpringBlockSystem& sys) {
  const double omega = std::sqrt(sys.c / sys.m), v0 = sys.speedScale();
  const double speed = law.creepSpeed() > 0 ? 1e-3 * law.creepSpeed() : 1e-3 * v0;
  Vec<kDynamic> scale{1e-3 * v0 / std::max(omega, 1 / sys.duration), speed, 1e-12, 1e-12};
  if (!law.dynamic()) return scale;
  const LawStateVector steady = law.steadyState(v0, sys.Fn), initial = law.initialState();
  for (std::size_t i = 0; i < law.stateSize(); ++i)
    scale[kS0 + i] = std::max({1e-3 * std::fabs(steady[i]), 1e-3 * std::fabs(initial[i]), 1e-300});
  return scale;
}

namespace {
// The spectral radius of the dynamic block of J by power iteration: ‖J² u‖/‖u‖ → |λ|² for a dominant
// real eigenvalue or complex pair alike. Norms are scaled by the largest component: ‖J² u‖ reaches λ²,
// whose square would overflow for λ above ~1e77 (rate-and-state creeping at 1e-80 m/s), which made
// the stiffest law look non-stiff.
double spectralRadius(const std::array<State, kStateSize>& J) {
  auto apply = [&](const Vec<kDynamic>& u) {
    Vec<kDynamic> out{};
    for (std::size_t i = 0; i < kDynamic; ++i)
      for (std::size_t j = 0; j < kDynamic; ++j) out[i] += J[i][j] * u[j];
    return out;
  };
  auto norm = [](const Vec<kDynamic>& u) {
    double largest = 0, sum = 0;
    for (double c : u) largest = std::max(largest, std::fabs(c));
    if (!(largest > 0) || !std::isfinite(largest)) return largest;
    for (double c : u) sum += (c / largest) * (c / largest);
    return largest * std::sqrt(sum);
  };
  Vec<kDynamic> u{1, 1, 1, 1};
  for (int k = 0; k < 60; ++k) {
    const Vec<kDynamic> next = apply(u);
    const double length = norm(next);
    if (!(length > 0)) break;
    for (std::size_t i = 0; i < kDynamic; ++i) u[i] = next[i] / length;
  }
  return std::sqrt(norm(apply(apply(u))) / norm(u));
}

// A bounded state on its bound (the θ model's θ = 1 at rest, θ = 0 while sliding fast) moved a
// millionth of its range inside: a forward difference across the bound differences the projection
// (dθ/dt jumping to 0 where θ is held at 0), a slope of ~1/step that is no rate of the dynamics and
// made `auto` take the stiff method for a non-stiff run (57,744 Rosenbrock steps against 11,299 of
// Dormand–Prince on the seed's default case).
void insideBounds(const LawEvaluator& law, State& y) {
  for (std::size_t i = 0; i < law.stateSize(); ++i) {
    const double lower = law.spec().state[i].lower, upper = law.spec().state[i].upper;
    if (!std::isfinite(lower) || !std::isfinite(upper)) continue;
    const double nudge = 1e-6 * (upper - lower);
    y[kS0 + i] = std::clamp(y[kS0 + i], lower + nudge, upper - nudge);
  }
}

}  // namespace

namespace {
// The fastest rate and where it is: the stateless law's steepest slope, or the speed at which a dynamic
// law's Jacobian has its largest eigenvalue (NaN: none found).
struct Fastest {
  double rate = 0;
  Slope slope;
  double speed = NAN;
};

// Stateless law: λ = (η + max dF/dv)/m. Dynamic law: the spectral radius of the Jacobian of
// (x, v, state) by power iteration, at rest in the initial state and in steady sliding at 1e-3, 0.1,
// 1 and 2 × v0 (the rates of a bristle or state variable depend on the speed).
Fastest fastestRate(const LawEvaluator& law, const SpringBlockSystem& sys) {
  if (!law.dynamic()) {
    const Slope slope = steepestSlope(law, sys.Fn, sys.speedScale());
    return {(sys.eta + slope.value) / sys.m, slope};
  }
  const Block block{sys, law};
  const Vec<kDynamic> scale = jacobianScale(law, sys);
  auto rate = [&](double t, const State& y) { return block.rate(1, t, y); };
  Fastest fastest;
  const double v0 = sys.speedScale();
  for (double speed : {0.0, 1e-3 * v0, 0.1 * v0, v0, 2 * v0}) {
    State y{};
    y[kV] = speed;
    std::array<State, kStateSize> J;
    try {
      const LawStateVector s = speed == 0 ? law.initialState() : law.steadyState(speed, sys.Fn);
      y[kS0] = s[0];
      y[kS1] = s[1];
      insideBounds(law, y);
      J = forwardDifferenceJacobian<kDynamic>(rate, 0, y, rate(0, y), scale);
    } catch (const SimulationError&) {
      continue;  // a law undefined at that speed (classic rate-and-state at rest) is never there
    }
    const double lambda = spectralRadius(J);
    // An infinite rate (λ² beyond the double range even so) is the stiffest of all; NaN is skipped.
    if (lambda > fastest.rate) {
      fastest.rate = lambda;
      fastest.speed = speed;
    }
  }
  return fastest;
}
}  // namespace

double slipStiffnessRate(const LawEvaluator& law, const SpringBlockSystem& sys) {
  return fastestRate(law, sys).rate;
}

Stiffness slipStiffness(const LawEvaluator& law, const SpringBlockSystem& sys) {
  const Fastest fastest = fastestRate(law, sys);
  if (!law.dynamic())
    return {fastest.rate, "the law's slope dF/dv = " + approx(fastest.slope.value) + " N·s/m (at |v| ≈ " +
                              approx(fastest.slope.speed) + " m/s) with η and m"};
  if (std::isnan(fastest.speed)) return {};
  return {fastest.rate, "the law's state dynamics (the largest eigenvalue of the slip equations, at |v| ≈ " +
                            approx(fastest.speed) + " m/s)"};
}

// A fixed step h of an explicit scheme is stable on the slip equations' fastest rate λ only if h·λ
// stays inside the scheme's stability interval on the negative real axis: 2 for (semi-implicit)
// Euler, 2.785 for RK4. Beyond it the run oscillates or blows up where the law is that steep.
void warnIfUnstable(Summary& summary, const LawEvaluator& law, const SpringBlockSystem& sys,
                    Integrator integrator, double step) {
  const double bound = integrator == Integrator::Rk4 ? 2.785 : 2.0;
  const Stiffness stiffness = slipStiffness(law, sys);
  if (!(step * stiffness.rate > bound)) return;
  summary.warnings.push_back(
      "The fixed step of " + approx(step) + " s is beyond the explicit stability limit of " +
      approx(bound / stiffness.rate) + " s that " + stiffness.cause +
      " sets: wherever the block moves in that regime the result is not trustworthy. Use "
      "'radau' or 'auto'.");
}

}  // namespace friction
