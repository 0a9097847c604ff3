#pragma once
// Radau IIA of order 5 (three stages), the implicit collocation method of Hairer & Wanner, Solving
// ODEs II (2nd ed., §IV.8), with the error estimate, Newton control and step-size rules of their
// RADAU5 code. Stiffly accurate with stage order 3, its cost grows gently as the tolerance tightens
// (order 5 against Rosenbrock 4(3)'s 4), and it follows a stiff law's slow manifold (a creeping
// block whose velocity is slaved to the drive) with steps set by that manifold alone.
//
// With nodes c = ((4 − √6)/10, (4 + √6)/10, 1) and the stage increments Zᵢ = Yᵢ − y:
//   Zᵢ = h Σⱼ aᵢⱼ f(t + cⱼh, y + Zⱼ),   y₁ = y + Z₃
// solved by simplified Newton with the matrix I − h (A ⊗ J), J = ∂f/∂y at (t, y) by differences, in
// RADAU5's transformed variables W = (T⁻¹ ⊗ I) Z, where it falls apart into a real system with
// γ̂/h − J and a complex one with (α + iβ)/h − J (Hairer & Wanner II, (8.15)–(8.18)).
// Only the first M components feed back into f; the others are quadratures (energy integrals), whose
// increments follow from the converged stages: Zᵢ = h Σⱼ aᵢⱼ qⱼ'.
//
// The error estimate (Hairer & Wanner, (8.20); RADAU5's ESTRAD):
//   err = (I/(γ₀h) − J)⁻¹ [f(t, y) + (1/h) Σ dᵢ Zᵢ],  d = (−(13 + 7√6)/3, (−13 + 7√6)/3, −1/3)
// with 1/γ₀ the real eigenvalue of A⁻¹; where it is ≥ 1 on a first or rejected step it is refined
// once through f(t, y + err) (the stiff components' filter). As in RADAU5 the user's relative
// tolerance r is turned into 0.1·r^(2/3) for the estimate, which is of lower order than the method
// (its local error O(h⁴) against the solution's O(h⁶)), but at most 30·r: below r = 1e-6 RADAU5's
// bound grows past 10·r (200·r at 1e-10, 1000·r at 1e-12), and where a solution leaves the
// asymptotic regime the estimate assumes (LuGre's creep breaking into slip) the global error follows
// that bound rather than r: x(40 s) of LuGre's Table I at c = 2 N/m came out 2.1e-8 m off at r = 1e-10
// natively and 5.3e-10 m in wasm (the libms' last bits placing the steps differently around the
// break-away), 2.3e-8 at 1e-9. With the cap the error is within r·v0·T from 1e-9 to 1e-12 on LuGre,
// Dahl, the elasto-plastic law and Drake's Stribeck law, for 1.5–1.7 times the steps at 1e-10
// (tests/native/radau_tolerance_test.cpp).
// The collocation polynomial through (0, y), (cᵢ, y + Zᵢ) is the dense output (order 3 inside the
// step) and, extrapolated, the Newton iteration's starting guess for the next step.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "numerics/dense_lu.h"
#include "numerics/exact_root.h"
#include "numerics/rosenbrock.h"

namespace friction {

namespace radau {
// The tableau with √6 written out: c = ((4 ∓ √6)/10, 1); a₁₁ = (88 − 7√6)/360, a₁₂ = (296 − 169√6)/1800,
// a₁₃ = (−2 + 3√6)/225, a₂₁ = (296 + 169√6)/1800, a₂₂ = (88 + 7√6)/360, a₂₃ = (−2 − 3√6)/225,
// a₃₁ = (16 − √6)/36, a₃₂ = (16 + √6)/36, a₃₃ = 1/9 (Hairer & Wanner II, Table IV.5.6).
constexpr std::array<double, 3> kC = {0.15505102572168219, 0.64494897427831781, 1.0};
constexpr double kA[3][3] = {{0.19681547722366043, -0.065535425850198388, 0.023770974348220152},
                             {0.39442431473908728, 0.29207341166522846, -0.04154875212599793},
                             {0.37640306270046728, 0.51248582618842161, 1.0 / 9}};
// d = (−(13 + 7√6)/3, (−13 + 7√6)/3, −1/3) of the error estimate.
constexpr double kD[3] = {-10.048809399827416, 1.3821427331607489, -1.0 / 3};
// A⁻¹ = T Λ T⁻¹ with Λ = [γ̂ 0 0; 0 α −β; 0 β α]: γ̂ = 1/γ₀ = 30/(6 + ∛81 − ∛9) its real eigenvalue and
// α ± iβ its complex pair. T's columns are the real eigenvector and the real and imaginary parts of
// the complex one, scaled so that their last components are 1, 1 and 0 (RADAU5's choice of the
// second and third; the first is scaled alike). Computed to 40 digits from the tableau above.
constexpr double kInverseGamma = 3.6378342527444957;
constexpr double kAlpha = 2.6810828736277521, kBeta = 3.0504301992474106;
constexpr double kT[3][3] = {{0.094438762488975241, -0.14125529502095421, -0.030029194105147424},
                             {0.25021312296533331, 0.20412935229379993, 0.38294211275726194},
                             {1.0, 1.0, 0.0}};
constexpr double kTInverse[3][3] = {{4.1787185915519047, 0.32768282076106239, 0.52337644549944955},
                                    {-4.1787185915519047, -0.32768282076106239, 0.47662355450055045},
                                    {-0.50287263494578688, 2.5719269498556054, -0.59603920482822492}};
constexpr int kMaxNewton = 7;
// RADAU5's THET (its WORK(3), default 0.001): after an accepted step whose Newton iteration contracted
// faster than this, the next step keeps the Jacobian (Hairer & Wanner, Solving ODEs II, IV.8).
constexpr double kReuseJacobianBelow = 0.001;
constexpr double kSafety = 0.9;
// The estimate's relative tolerance is at most this many times the caller's (see the header).
constexpr double kToleranceCap = 30;
}  // namespace radau

/// The collocation polynomial of one step: u(s), s ∈ [0, 1] over [t, t + h], through the nodes
/// s = 0, c₁, c₂, 1 (Lagrange form); beyond 1 it extrapolates.
template <std::size_t N>
struct CollocationPolynomial {
  double t = 0, h = 0;
  std::array<Vec<N>, 4> node{};  // y, Y₁, Y₂, Y₃

  Vec<N> at(double time) const {
    const double s = (time - t) / h, n[4] = {0, radau::kC[0], radau::kC[1], 1};
    double weight[4];
    for (int i = 0; i < 4; ++i) {
      weight[i] = 1;
      for (int j = 0; j < 4; ++j)
        if (j != i) weight[i] *= (s - n[j]) / (n[i] - n[j]);
    }
    Vec<N> out{};
    for (int i = 0; i < 4; ++i)
      for (std::size_t k = 0; k < N; ++k) out[k] += weight[i] * node[i][k];
    return out;
  }
};

/// What a Radau step returns: the solution at t + h (if the Newton iteration converged), its scaled
/// error norm, the step size the controller proposes next, and the dense output.
template <std::size_t N>
struct RadauStep {
  bool converged = false;
  Vec<N> y{};
  double err = INFINITY;
  double nextStep = 0;
  int newtonIterations = 0;
  CollocationPolynomial<N> dense;
};

/// Radau IIA 5 with the memory RADAU5 keeps between steps: the last accepted step's polynomial (the
/// Newton starting guess), its contraction estimate, and the last accepted step and error
/// (Gustafsson's predictive step-size control).
template <std::size_t M, std::size_t N>
class RadauIntegrator {
 public:
  /// rtol: the user's relative tolerance; atol: absolute tolerances of the M dynamic components.
  RadauIntegrator(double rtol, const Vec<M>& atol) {
    // RADAU5's transformation r' = 0.1 r^(2/3), at most 30 r; a' = r'·(a/r).
    rtol_ = std::min(0.1 * integerPower(exactRoot(rtol, 3), 2), radau::kToleranceCap * rtol);
    for (std::size_t i = 0; i < M; ++i) atol_[i] = rtol_ * (atol[i] / rtol);
    newtonTolerance_ = std::max(10 * 2.2e-16 / rtol_, std::min(0.03, std::sqrt(rtol_)));
  }

  /// Forgets the last step (after an event or a change of method): the next Newton iteration starts
  /// from Z = 0 and the step-size controller from scratch.
  void restart() {
    havePrevious_ = false;
    rejected_ = false;
    first_ = true;
    reuseJacobian_ = false;
  }

  /// One attempted step of size h from (t, y); accepts it (remembers it) if converged && err < 1.
  template <class Rate>
  RadauStep<N> step(const Rate& rate, double t, const Vec<N>& y, double h, const Vec<M>& scale) {
    RadauStep<N> out;
    const Vec<N> f0 = rate(t, y);
    // A fresh Jacobian unless the last accepted step ended here and its iteration converged fast
    // (kReuseJacobianBelow): forward differences cost M evaluations of the rates, a Newton
    // iteration three.
    if (!(reuseJacobian_ && t == reuseFrom_)) jacobian_ = forwardDifferenceJacobian<M>(rate, t, y, f0, scale);
    reuseJacobian_ = false;
    const std::array<Vec<N>, N>& J = jacobian_;
    Vec<M> weights;  // 1/(atol + rtol |y|)
    for (std::size_t i = 0; i < M; ++i) weights[i] = 1 / (atol_[i] + rtol_ * std::fabs(y[i]));

    std::array<Vec<N>, 3> Z{}, F{};
    const NewtonMatrices newton(h, J);
    if (!solveStages(rate, t, y, h, newton, weights, Z, F, out)) {
      rejected_ = true;
      return out;
    }
    for (std::size_t k = 0; k < N; ++k) out.y[k] = y[k] + Z[2][k];
    out.err = estimateError(rate, t, y, h, newton.real, f0, Z, weights);
    out.dense.t = t;
    out.dense.h = h;
    out.dense.node[0] = y;
    for (int i = 0; i < 3; ++i)
      for (std::size_t k = 0; k < N; ++k) out.dense.node[i + 1][k] = y[k] + Z[i][k];
    out.converged = true;
    proposeStep(h, out);
    if (out.err < 1) {
      reuseJacobian_ = lastTheta_ <= radau::kReuseJacobianBelow;
      reuseFrom_ = t + h;
    }
    return out;
  }

 private:
  // The two factored matrices of the transformed Newton iteration: γ̂/h − J, and (α + iβ)/h − J as
  // the real block system [α/h − J, −β/h; β/h, α/h − J] on (real, imaginary) parts.
  struct NewtonMatrices {
    DenseLu<M> real;
    DenseLu<2 * M> complex;
    NewtonMatrices(double h, const std::array<Vec<N>, N>& J)
        : real(realMatrix(h, J)), complex(complexMatrix(h, J)) {}
    static std::array<std::array<double, M>, M> realMatrix(double h, const std::array<Vec<N>, N>& J) {
      std::array<std::array<double, M>, M> E{};
      for (std::size_t p = 0; p < M; ++p)
        for (std::size_t q = 0; q < M; ++q) E[p][q] = (p == q ? radau::kInverseGamma / h : 0.0) - J[p][q];
      return E;
    }
    static std::array<std::array<double, 2 * M>, 2 * M> complexMatrix(double h,
                                                                      const std::array<Vec<N>, N>& J) {
      std::array<std::array<double, 2 * M>, 2 * M> E{};
      for (std::size_t p = 0; p < M; ++p) {
        for (std::size_t q = 0; q < M; ++q)
          E[p][q] = E[M + p][M + q] = (p == q ? radau::kAlpha / h : 0.0) - J[p][q];
        E[p][M + p] = -radau::kBeta / h;
        E[M + p][p] = radau::kBeta / h;
      }
      return E;
    }
  };

  // One simplified Newton update ΔZ in transformed variables: with W = (T⁻¹ ⊗ I) Z and G = (T⁻¹ ⊗ I) F,
  //   (γ̂/h − J) ΔW₁ = G₁ − γ̂ W₁/h,   ((α + iβ)/h − J)(ΔW₂ + iΔW₃) = G₂ − (αW₂ − βW₃)/h + i(G₃ − (βW₂ +
  //   αW₃)/h)
  // and ΔZ = (T ⊗ I) ΔW.
  static std::array<Vec<M>, 3> newtonUpdate(const NewtonMatrices& newton, double h,
                                            const std::array<Vec<N>, 3>& Z, const std::array<Vec<N>, 3>& F) {
    std::array<Vec<M>, 3> W{}, G{};
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        for (std::size_t k = 0; k < M; ++k) {
          W[i][k] += radau::kTInverse[i][j] * Z[j][k];
          G[i][k] += radau::kTInverse[i][j] * F[j][k];
        }
    std::array<double, M> first;
    std::array<double, 2 * M> pair;
    for (std::size_t k = 0; k < M; ++k) {
      first[k] = G[0][k] - radau::kInverseGamma * W[0][k] / h;
      pair[k] = G[1][k] - (radau::kAlpha * W[1][k] - radau::kBeta * W[2][k]) / h;
      pair[M + k] = G[2][k] - (radau::kBeta * W[1][k] + radau::kAlpha * W[2][k]) / h;
    }
    const std::array<double, M> dW1 = newton.real.solve(first);
    const std::array<double, 2 * M> dW23 = newton.complex.solve(pair);
    std::array<Vec<M>, 3> dZ{};
    for (int i = 0; i < 3; ++i)
      for (std::size_t k = 0; k < M; ++k)
        dZ[i][k] = radau::kT[i][0] * dW1[k] + radau::kT[i][1] * dW23[k] + radau::kT[i][2] * dW23[M + k];
    return dZ;
  }

  // Newton's iteration on the stages. False (with out.nextStep) when it diverges or would not
  // converge within kMaxNewton iterations at this h.
  template <class Rate>
  bool solveStages(const Rate& rate, double t, const Vec<N>& y, double h, const NewtonMatrices& newton,
                   const Vec<M>& weights, std::array<Vec<N>, 3>& Z, std::array<Vec<N>, 3>& F,
                   RadauStep<N>& out) {
    startingGuess(t, y, h, Z);
    double previous = 0, theta = 0, contraction = contractionGuess(contraction_);
    for (int iteration = 0; iteration < radau::kMaxNewton; ++iteration) {
      evaluateStages(rate, t, y, h, Z, F);
      const std::array<Vec<M>, 3> delta = newtonUpdate(newton, h, Z, F);
      double norm = 0;
      for (int i = 0; i < 3; ++i)
        for (std::size_t k = 0; k < M; ++k) norm += (delta[i][k] * weights[k]) * (delta[i][k] * weights[k]);
      norm = std::sqrt(norm / (3 * M));
      if (!std::isfinite(norm)) return fail(h, 0.5, out);
      if (iteration > 0) {
        const double ratio = norm / previous;
        theta = iteration == 1 ? ratio : std::sqrt(ratio * thetaOld_);
        thetaOld_ = ratio;
        if (theta >= 0.99) return fail(h, 0.5, out);
        contraction = theta / (1 - theta);
        // Would the remaining iterations reach the tolerance at this rate? If not, shrink h now.
        const double predicted =
            contraction * norm * integerPower(theta, radau::kMaxNewton - 1 - iteration) / newtonTolerance_;
        if (predicted >= 1) {
          const double q = std::clamp(predicted, 1e-4, 20.0);
          return fail(h, 0.8 / exactRoot(q, 4 + radau::kMaxNewton - 1 - iteration), out);
        }
      }
      previous = std::max(norm, 2.2e-16);
      for (int i = 0; i < 3; ++i)
        for (std::size_t k = 0; k < M; ++k) Z[i][k] += delta[i][k];
      out.newtonIterations = iteration + 1;
      // Never on the first update: its contraction is the last step's guess, and a Jacobian taken where
      // the law is flat (Drake's μd above 3vs) converges "at once" to garbage when the step runs into
      // its steep part. The second update measures this step's own rate.
      if (iteration > 0 && contraction * norm <= newtonTolerance_) {
        contraction_ = contraction;
        lastTheta_ = theta;
        // The quadratures from the last evaluation: its stages differ from the converged ones by
        // less than the Newton tolerance, and a fresh evaluation would cost three more.
        integrateQuadratures(h, F, Z);
        return true;
      }
    }
    return fail(h, 0.5, out);
  }

  // RADAU5 starts each step's iteration from the last contraction κ as max(κ, ε)^0.8; as x/x^(1/5).
  static double contractionGuess(double contraction) {
    const double x = std::max(contraction, 2.2e-16);
    return x / exactRoot(x, 5);
  }

  // A Newton failure rejects the step as an error does (RADAU5 sets REJECT on both): the step after the
  // next accepted one may not grow at once, or it would fail again at once.
  bool fail(double h, double factor, RadauStep<N>& out) {
    out.converged = false;
    out.nextStep = h * factor;
    havePrevious_ = false;
    justRejected_ = true;
    return false;
  }

  // Z from the last accepted step's polynomial extrapolated to the new nodes, else 0.
  void startingGuess(double t, const Vec<N>& y, double h, std::array<Vec<N>, 3>& Z) const {
    for (int i = 0; i < 3; ++i) {
      Z[i].fill(0);
      if (!havePrevious_ || previous_.t + previous_.h != t) continue;
      const Vec<N> u = previous_.at(t + radau::kC[i] * h);
      for (std::size_t k = 0; k < M; ++k) Z[i][k] = u[k] - y[k];
    }
  }

  template <class Rate>
  static void evaluateStages(const Rate& rate, double t, const Vec<N>& y, double h,
                             const std::array<Vec<N>, 3>& Z, std::array<Vec<N>, 3>& F) {
    for (int i = 0; i < 3; ++i) {
      Vec<N> stage;
      for (std::size_t k = 0; k < N; ++k) stage[k] = y[k] + Z[i][k];
      F[i] = rate(t + radau::kC[i] * h, stage);
    }
  }

  // The quadratures' stage increments by the collocation rule: Zᵢ = h Σⱼ aᵢⱼ qⱼ'.
  static void integrateQuadratures(double h, const std::array<Vec<N>, 3>& F, std::array<Vec<N>, 3>& Z) {
    for (int i = 0; i < 3; ++i)
      for (std::size_t k = M; k < N; ++k) {
        double sum = 0;
        for (int j = 0; j < 3; ++j) sum += radau::kA[i][j] * F[j][k];
        Z[i][k] = h * sum;
      }
  }

  // (I/(γ₀h) − J)⁻¹ [f(t, y) + (1/h) Σ dᵢ Zᵢ] in the scaled RMS norm, refined once on a first or
  // rejected step where it is ≥ 1.
  template <class Rate>
  double estimateError(const Rate& rate, double t, const Vec<N>& y, double h, const DenseLu<M>& lu,
                       const Vec<N>& f0, const std::array<Vec<N>, 3>& Z, const Vec<M>& weights) {
    std::array<double, M> filtered, correction;
    for (std::size_t k = 0; k < M; ++k) {
      filtered[k] = (radau::kD[0] * Z[0][k] + radau::kD[1] * Z[1][k] + radau::kD[2] * Z[2][k]) / h;
      correction[k] = f0[k] + filtered[k];
    }
    std::array<double, M> estimate = lu.solve(correction);
    double err = scaledNorm(estimate, weights);
    if (err >= 1 && (first_ || rejected_)) {
      Vec<N> shifted = y;
      for (std::size_t k = 0; k < M; ++k) shifted[k] += estimate[k];
      const Vec<N> f1 = rate(t, shifted);
      for (std::size_t k = 0; k < M; ++k) correction[k] = f1[k] + filtered[k];
      estimate = lu.solve(correction);
      err = scaledNorm(estimate, weights);
    }
    return std::max(err, 1e-10);
  }

  static double scaledNorm(const std::array<double, M>& e, const Vec<M>& weights) {
    double sum = 0;
    for (std::size_t k = 0; k < M; ++k) sum += (e[k] * weights[k]) * (e[k] * weights[k]);
    return std::sqrt(sum / M);
  }

  // RADAU5's controller: h·fac·err^(−1/4) with fac lowered by slow Newton convergence, h growing at
  // most 8× and shrinking at most 5× per step, and after an accepted step Gustafsson's predictive
  // rule from the last two accepted steps.
  void proposeStep(double h, RadauStep<N>& out) {
    const double fac = std::min(radau::kSafety, radau::kSafety * (1 + 2 * radau::kMaxNewton) /
                                                    (out.newtonIterations + 2 * radau::kMaxNewton));
    double quotient = std::clamp(exactRoot(out.err, 4) / fac, 0.125, 5.0);
    if (out.err < 1) {
      if (!first_) {
        const double gustafsson =
            std::clamp(acceptedStep_ / h * exactRoot(out.err * out.err / acceptedError_, 4) / radau::kSafety,
                       0.125, 5.0);
        quotient = std::max(quotient, gustafsson);
      }
      acceptedStep_ = h;
      acceptedError_ = std::max(1e-2, out.err);
      first_ = false;
      rejected_ = false;
      previous_ = out.dense;
      havePrevious_ = true;
      out.nextStep = h / quotient;
      // After a rejection the step does not grow at once (RADAU5).
      if (justRejected_) out.nextStep = std::min(out.nextStep, h);
      justRejected_ = false;
    } else {
      rejected_ = justRejected_ = true;
      out.nextStep = h / quotient;
    }
  }

  double rtol_;
  Vec<M> atol_;
  double newtonTolerance_;
  double contraction_ = 1, thetaOld_ = 1, lastTheta_ = 1;
  std::array<Vec<N>, N> jacobian_{};
  bool reuseJacobian_ = false;
  double reuseFrom_ = 0;  // [s] where the step that may reuse jacobian_ must start
  double acceptedStep_ = 0, acceptedError_ = 1;
  bool first_ = true, rejected_ = false, justRejected_ = false, havePrevious_ = false;
  CollocationPolynomial<N> previous_;
};

}  // namespace friction
