#pragma once
// A linearly implicit (Rosenbrock) method for stiff slip phases: the L-stable 4-stage method of
// order 4 with an embedded order-3 estimate from Hairer & Wanner, Solving ODEs II (2nd ed., §IV.7,
// Table 7.2; the set their ROS4 code offers as "LSTAB", γ = 0.57282). It solves linear systems with
// W = I/(γh) − J instead of iterating, so its step follows accuracy, not the stiff friction slope
// dF/dv that caps an explicit method's step at about 3/|λ|; L-stability (R(∞) = 0) damps the fast
// creep transients of a steep law at once instead of carrying them from step to step.
//
// With stage values g₁…g₄ (Hairer–Wanner's transformed form, ft = ∂f/∂t):
//   W gᵢ = f(t + cᵢh, y + Σ aᵢⱼ gⱼ) + h dᵢ ft + Σ (cᵢⱼ/h) gⱼ
//   y₁ = y + Σ bᵢ gᵢ,   error ≈ Σ eᵢ gᵢ
// Stage 4 reuses stage 3's evaluation (a₄ⱼ = a₃ⱼ, c₄ = c₃), so each step costs three evaluations
// of f, a Jacobian and one LU factorisation.

#include <cmath>
#include <cstddef>

#include "numerics/dense_lu.h"
#include "numerics/dormand_prince.h"

namespace friction {

/// ∂rate/∂y over the first M components (the others are quadratures that do not feed back) by
/// forward differences: column j = (f(y + δ eⱼ) − f(y)) / δ with δ = √ε·max(|yⱼ|, scaleⱼ), divided by
/// the increment actually representable. Rows and columns past M stay as computed (columns zero).
template <std::size_t M, std::size_t N, class Rate>
std::array<Vec<N>, N> forwardDifferenceJacobian(const Rate& rate, double t, const Vec<N>& y, const Vec<N>& f0,
                                                const Vec<M>& scale) {
  std::array<Vec<N>, N> J{};
  for (std::size_t j = 0; j < M; ++j) {
    Vec<N> shifted = y;
    shifted[j] += 1.5e-8 * std::max(std::fabs(y[j]), scale[j]);
    const double step = shifted[j] - y[j];
    const Vec<N> f1 = rate(t, shifted);
    for (std::size_t i = 0; i < N; ++i) J[i][j] = (f1[i] - f0[i]) / step;
  }
  return J;
}

namespace rosenbrock {
// Hairer & Wanner's LSTAB set (Table 7.2): γ; the stages' aᵢⱼ, cᵢⱼ, cᵢ and dᵢ; the solution's bᵢ and
// the error estimate's eᵢ.
constexpr double kGamma = 0.57282;
constexpr double a21 = 2.0, a31 = 1.867943637803922, a32 = 0.2344449711399156;
constexpr double c21 = -7.137615036412310, c31 = 2.580708087951457, c32 = 0.6515950076447975;
constexpr double c41 = -2.137148994382534, c42 = -0.3214669691237626, c43 = -0.6949742501781779;
constexpr double b1 = 2.255570073418735, b2 = 0.2870493262186792, b3 = 0.4353179431840180,
                 b4 = 1.093502252409163;
constexpr double e1 = -0.2815431932141155, e2 = -0.07276199124938920, e3 = -0.1082196201495311,
                 e4 = -1.093502252409163;
constexpr double c2 = 1.14564, c3 = 0.6552168638155900;
constexpr double d1 = 0.57282, d2 = -1.769193891319233, d3 = 0.7592633437920482, d4 = -0.1049021087100450;
}  // namespace rosenbrock

/// ft = ∂rate/∂t by a forward difference in time, δ = √ε·max(|t|, |h|).
template <std::size_t N, class Rate>
inline Vec<N> rosenbrockTimeDerivative(const Rate& rate, double t, const Vec<N>& y, double h,
                                       const Vec<N>& f0) {
  const double dtime = 1.5e-8 * std::max(std::fabs(t), std::fabs(h));
  const Vec<N> fTime = rate(t + dtime, y);
  Vec<N> ft;
  for (std::size_t i = 0; i < N; ++i) ft[i] = (fTime[i] - f0[i]) / dtime;
  return ft;
}

/// Turns the Jacobian J, in place, into the matrix every stage solves with: W = I/(γh) − J.
template <std::size_t N>
inline void toRosenbrockMatrix(std::array<Vec<N>, N>& J, double h) {
  for (auto& row : J)
    for (double& entry : row) entry = -entry;
  for (std::size_t i = 0; i < N; ++i) J[i][i] += 1 / (rosenbrock::kGamma * h);
}

/// One Rosenbrock step for dy/dt = rate(t, y). Only the first M components feed back into the rate
/// (the others are quadratures such as energy integrals), so the Jacobian is built by forward
/// differences over those M columns; `scale[i]` is the magnitude below which component i is
/// perturbed as if it were that size.
/// The same step from f0 = rate(t, y) already evaluated (see rosenbrockDenseStep). Not inlined: the
/// plain and the dense step share its one copy (the page's download, issue 14).
template <std::size_t M, std::size_t N, class Rate>
[[gnu::noinline]] EmbeddedStep<N> rosenbrockStep(const Rate& rate, double t, const Vec<N>& y, double h,
                                                 const Vec<M>& scale, const Vec<N>& f0) {
  using namespace rosenbrock;
  // J by forward differences: column j = (f(y + δ eⱼ) − f(y)) / δ, δ = √ε·max(|yⱼ|, scaleⱼ).
  std::array<Vec<N>, N> W = forwardDifferenceJacobian<M>(rate, t, y, f0, scale);
  const Vec<N> ft = rosenbrockTimeDerivative(rate, t, y, h, f0);
  toRosenbrockMatrix(W, h);
  const DenseLu<N> lu(W);

  // The stages: W gᵢ = f(t + cᵢh, y + Σ aᵢⱼ gⱼ) + h dᵢ ft + Σ (cᵢⱼ/h) gⱼ, the fourth with the third's f.
  Vec<N> rhs, stage;
  for (std::size_t i = 0; i < N; ++i) rhs[i] = f0[i] + h * d1 * ft[i];
  const Vec<N> g1 = lu.solve(rhs);

  for (std::size_t i = 0; i < N; ++i) stage[i] = y[i] + a21 * g1[i];
  const Vec<N> f2 = rate(t + c2 * h, stage);
  for (std::size_t i = 0; i < N; ++i) rhs[i] = f2[i] + h * d2 * ft[i] + c21 * g1[i] / h;
  const Vec<N> g2 = lu.solve(rhs);

  for (std::size_t i = 0; i < N; ++i) stage[i] = y[i] + a31 * g1[i] + a32 * g2[i];
  const Vec<N> f3 = rate(t + c3 * h, stage);
  for (std::size_t i = 0; i < N; ++i) rhs[i] = f3[i] + h * d3 * ft[i] + (c31 * g1[i] + c32 * g2[i]) / h;
  const Vec<N> g3 = lu.solve(rhs);

  for (std::size_t i = 0; i < N; ++i)
    rhs[i] = f3[i] + h * d4 * ft[i] + (c41 * g1[i] + c42 * g2[i] + c43 * g3[i]) / h;
  const Vec<N> g4 = lu.solve(rhs);

  // y₁ = y + Σ bᵢ gᵢ, error ≈ Σ eᵢ gᵢ
  EmbeddedStep<N> out;
  for (std::size_t i = 0; i < N; ++i) {
    out.y[i] = y[i] + b1 * g1[i] + b2 * g2[i] + b3 * g3[i] + b4 * g4[i];
    out.error[i] = e1 * g1[i] + e2 * g2[i] + e3 * g3[i] + e4 * g4[i];
  }
  return out;
}

template <std::size_t M, std::size_t N, class Rate>
EmbeddedStep<N> rosenbrockStep(const Rate& rate, double t, const Vec<N>& y, double h, const Vec<M>& scale) {
  return rosenbrockStep<M>(rate, t, y, h, scale, rate(t, y));
}

/// A Rosenbrock step with its dense output: the cubic Hermite interpolant through the values and
/// slopes at both ends of the step (Hairer, Nørsett & Wanner, Solving ODEs I, II.6, eq. (6.7)),
///   u(s) = y + s (Δ + (1 − s)(h f₀ − Δ + s (Δ − h f₁ − (h f₀ − Δ)))),  Δ = y₁ − y,  s = (τ − t)/h,
/// which is DOPRI5's CONTD5 form without its fifth term (r₅ = 0), so it shares DenseEmbeddedStep. Its
/// error is O(h⁴), the order of the step's embedded estimate that the tolerance controls. f₁ = f(t + h, y₁)
/// is the next step's f₀ where that step starts at (t + h, y₁) (first same as last), so a run of such
/// steps pays for the interpolant with no evaluation of its own. f0 = f(t, y).
template <std::size_t M, std::size_t N, class Rate>
DenseEmbeddedStep<N> rosenbrockDenseStep(const Rate& rate, double t, const Vec<N>& y, double h,
                                         const Vec<M>& scale, const Vec<N>& f0) {
  const EmbeddedStep<N> step = rosenbrockStep<M>(rate, t, y, h, scale, f0);
  return hermiteInterpolant(t, y, f0, h, step, rate(t + h, step.y));
}

}  // namespace friction
