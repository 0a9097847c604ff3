#pragma once
// Dormand–Prince 5(4) (Dormand & Prince 1980; Hairer, Nørsett & Wanner, Solving ODEs I, II.5):
// a fifth-order step with an embedded fourth-order estimate of its local error.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "numerics/exact_root.h"
#include "numerics/rk4.h"

namespace friction {

template <std::size_t N>
struct EmbeddedStep {
  Vec<N> y;      ///< the fifth-order solution at t + h
  Vec<N> error;  ///< y5 − y4, the local error estimate
};

/// The seven stages of one step from (t, y) with k₁ = f(t, y) given, the 5th-order solution y₁ and
/// the error estimate y₁ − y₁* (k₇ = f(t + h, y₁) is the next step's k₁): the plain step and the step
/// with dense output share them.
template <std::size_t N>
struct DormandPrinceStages {
  std::array<Vec<N>, 7> k;
  EmbeddedStep<N> step;
  Vec<N> y6{};  ///< the sixth stage's argument (at t + h, as y₁): the stiffness estimate's other point
};

template <std::size_t N, class Rate>
DormandPrinceStages<N> dormandPrinceStages(const Rate& rate, double t, const Vec<N>& y, const Vec<N>& k1,
                                           double h) {
  // Butcher tableau (c, a) and the 5th- (b) and 4th-order (e = b − b*) weights.
  const Vec<N> k2 = rate(t + h / 5, axpy(y, h / 5, k1));
  Vec<N> s;
  for (std::size_t i = 0; i < N; ++i) s[i] = y[i] + h * (3.0 / 40 * k1[i] + 9.0 / 40 * k2[i]);
  const Vec<N> k3 = rate(t + 3 * h / 10, s);
  for (std::size_t i = 0; i < N; ++i)
    s[i] = y[i] + h * (44.0 / 45 * k1[i] - 56.0 / 15 * k2[i] + 32.0 / 9 * k3[i]);
  const Vec<N> k4 = rate(t + 4 * h / 5, s);
  for (std::size_t i = 0; i < N; ++i)
    s[i] = y[i] + h * (19372.0 / 6561 * k1[i] - 25360.0 / 2187 * k2[i] + 64448.0 / 6561 * k3[i] -
                       212.0 / 729 * k4[i]);
  const Vec<N> k5 = rate(t + 8 * h / 9, s);
  for (std::size_t i = 0; i < N; ++i)
    s[i] = y[i] + h * (9017.0 / 3168 * k1[i] - 355.0 / 33 * k2[i] + 46732.0 / 5247 * k3[i] +
                       49.0 / 176 * k4[i] - 5103.0 / 18656 * k5[i]);
  const Vec<N> k6 = rate(t + h, s);
  DormandPrinceStages<N> out;
  out.y6 = s;
  for (std::size_t i = 0; i < N; ++i)
    out.step.y[i] = y[i] + h * (35.0 / 384 * k1[i] + 500.0 / 1113 * k3[i] + 125.0 / 192 * k4[i] -
                                2187.0 / 6784 * k5[i] + 11.0 / 84 * k6[i]);
  const Vec<N> k7 = rate(t + h, out.step.y);
  for (std::size_t i = 0; i < N; ++i)
    out.step.error[i] =
        h * ((35.0 / 384 - 5179.0 / 57600) * k1[i] + (500.0 / 1113 - 7571.0 / 16695) * k3[i] +
             (125.0 / 192 - 393.0 / 640) * k4[i] + (-2187.0 / 6784 + 92097.0 / 339200) * k5[i] +
             (11.0 / 84 - 187.0 / 2100) * k6[i] - 1.0 / 40 * k7[i]);
  out.k = {k1, k2, k3, k4, k5, k6, k7};
  return out;
}

template <std::size_t N, class Rate>
EmbeddedStep<N> dormandPrinceStep(const Rate& rate, double t, const Vec<N>& y, double h) {
  return dormandPrinceStages(rate, t, y, rate(t, y), h).step;
}

/// The scaled error norm of the first M components: RMS of error_i / (atol_i + rtol·max(|y_i|, |y1_i|)).
/// A step is acceptable when it is ≤ 1.
template <std::size_t M, std::size_t N>
double errorNorm(const Vec<N>& y, const EmbeddedStep<N>& step, double rtol, const Vec<M>& atol) {
  double sum = 0;
  for (std::size_t i = 0; i < M; ++i) {
    const double scale = atol[i] + rtol * std::max(std::fabs(y[i]), std::fabs(step.y[i]));
    sum += (step.error[i] / scale) * (step.error[i] / scale);
  }
  return std::sqrt(sum / M);
}

/// The same with one absolute tolerance for every component.
template <std::size_t M, std::size_t N>
double errorNorm(const Vec<N>& y, const EmbeddedStep<N>& step, double rtol, double atol) {
  Vec<M> tolerances;
  tolerances.fill(atol);
  return errorNorm<M>(y, step, rtol, tolerances);
}

/// The next step size after an error norm `err` (safety 0.9, growth within [0.2, 5]) for a method
/// whose local error estimate is O(h^order): h·0.9·err^(−1/order).
inline double nextStepSize(double h, double err, int order = 5) {
  const double factor = err > 0 ? 0.9 / exactRoot(err, order) : 5.0;
  return h * std::clamp(factor, 0.2, 5.0);
}

/// A Dormand–Prince step with its continuous extension (Hairer, Nørsett & Wanner, Solving ODEs I,
/// II.6, and their DOPRI5 code's CONTD5): the interpolant of order 4 over the step,
///   u(s) = r₁ + s (r₂ + (1 − s)(r₃ + s (r₄ + (1 − s) r₅))),  s = (τ − t)/h ∈ [0, 1],
/// with r₁ = y, r₂ = y₁ − y, r₃ = h k₁ − r₂, r₄ = r₂ − h k₇ − r₃, r₅ = h Σ dᵢ kᵢ. Costs no evaluation beyond
/// the step's seven (k₇ = f(t + h, y₁) is the next step's k₁).
template <std::size_t N>
struct DenseEmbeddedStep {
  EmbeddedStep<N> step;
  double t = 0, h = 0;
  std::array<Vec<N>, 5> r{};
  Vec<N> next{};  ///< f(t + h, y₁): the next step's k₁ (first same as last)
  /// Dormand–Prince: h·λ, the step times the rates' Lipschitz constant along the step's end (below);
  /// 0 where not estimated.
  double stiffness = 0;
  Vec<N> at(double time) const {
    const double s = (time - t) / h, s1 = 1 - s;
    Vec<N> out;
    for (std::size_t i = 0; i < N; ++i)
      out[i] = r[0][i] + s * (r[1][i] + s1 * (r[2][i] + s * (r[3][i] + s1 * r[4][i])));
    return out;
  }
};

/// The cubic Hermite interpolant through the values and slopes at both ends of a step (Hairer, Nørsett
/// & Wanner, Solving ODEs I, II.6, eq. (6.7)),
///   u(s) = y + s (Δ + (1 − s)(h f₀ − Δ + s (Δ − h f₁ − (h f₀ − Δ)))),  Δ = y₁ − y,  s = (τ − t)/h,
/// which is CONTD5's form without its fifth term (r₅ = 0): the dense output of a method that has none of
/// its own (Rosenbrock 4(3), RK4, semi-implicit Euler), O(h⁴) inside the step. f₀ = f(t, y), f₁ = f(t + h,
/// y₁).
template <std::size_t N>
DenseEmbeddedStep<N> hermiteInterpolant(double t, const Vec<N>& y, const Vec<N>& f0, double h,
                                        const EmbeddedStep<N>& step, const Vec<N>& f1) {
  DenseEmbeddedStep<N> out;
  out.t = t;
  out.h = h;
  out.step = step;
  out.next = f1;
  for (std::size_t i = 0; i < N; ++i) {
    const double difference = step.y[i] - y[i], spline = h * f0[i] - difference;
    out.r[0][i] = y[i];
    out.r[1][i] = difference;
    out.r[2][i] = spline;
    out.r[3][i] = difference - h * f1[i] - spline;
    out.r[4][i] = 0;
  }
  return out;
}

/// DOPRI5's stiffness estimate (Hairer & Wanner, Solving ODEs II, IV.2): the sixth stage and the
/// solution both lie at t + h, so h·‖k₇ − k₆‖/‖y₁ − y₆‖ over the first M components (the others are
/// quadratures) estimates h·λ for the rates' dominant eigenvalue λ at the step's end; beyond ≈ 3.3 the
/// step lies outside the method's stability region on the negative real axis. The same quotient of the
/// first two stages, h·‖k₂ − k₁‖/‖(h/5) k₁‖, estimates it at the step's start: a step that leaves a
/// steep stretch of the law for a flat one (Drake's stiction slope for its constant μd above 3vs)
/// shows no stiffness at its end.
/// Where the two points differ by no more than the rounding of the state (a steady state at a tight
/// tolerance) their quotient is rounding noise, not a rate, and says nothing (0).
template <std::size_t M, std::size_t N>
double dormandPrinceStiffness(const DormandPrinceStages<N>& stages, double h) {
  double endRates = 0, endStates = 0, startRates = 0, startStates = 0, size = 0;
  for (std::size_t i = 0; i < M; ++i) {
    const double dk = stages.k[6][i] - stages.k[5][i], dy = stages.step.y[i] - stages.y6[i];
    endRates += dk * dk;
    endStates += dy * dy;
    const double dk0 = stages.k[1][i] - stages.k[0][i], dy0 = h / 5 * stages.k[0][i];
    startRates += dk0 * dk0;
    startStates += dy0 * dy0;
    size += stages.step.y[i] * stages.step.y[i];
  }
  // ‖Δy‖ above 1e3 roundings of ‖y‖ (squared: 1e6 · ε² · ‖y‖²).
  const double noise = 1e6 * 4.9e-32 * size;
  const double atEnd = endStates > noise && endStates > 0 ? h * std::sqrt(endRates / endStates) : 0.0;
  const double atStart =
      startStates > noise && startStates > 0 ? h * std::sqrt(startRates / startStates) : 0.0;
  return std::max(atEnd, atStart);
}

template <std::size_t M, std::size_t N, class Rate>
DenseEmbeddedStep<N> dormandPrinceDenseStep(const Rate& rate, double t, const Vec<N>& y, const Vec<N>& k1,
                                            double h) {
  const DormandPrinceStages<N> stages = dormandPrinceStages(rate, t, y, k1, h);
  const std::array<Vec<N>, 7>& k = stages.k;  // k[1] has no dense weight (d₂ = 0)
  DenseEmbeddedStep<N> out;
  out.t = t;
  out.h = h;
  out.step = stages.step;
  const Vec<N>& y1 = out.step.y;
  constexpr double d1 = -12715105075.0 / 11282082432.0, d3 = 87487479700.0 / 32700410799.0,
                   d4 = -10690763975.0 / 1880347072.0, d5 = 701980252875.0 / 199316789632.0,
                   d6 = -1453857185.0 / 822651844.0, d7 = 69997945.0 / 29380423.0;
  for (std::size_t i = 0; i < N; ++i) {
    const double difference = y1[i] - y[i], spline = h * k1[i] - difference;
    out.r[0][i] = y[i];
    out.r[1][i] = difference;
    out.r[2][i] = spline;
    out.r[3][i] = difference - h * k[6][i] - spline;
    out.r[4][i] =
        h * (d1 * k[0][i] + d3 * k[2][i] + d4 * k[3][i] + d5 * k[4][i] + d6 * k[5][i] + d7 * k[6][i]);
  }
  out.next = k[6];
  out.stiffness = dormandPrinceStiffness<M>(stages, h);
  return out;
}

}  // namespace friction
