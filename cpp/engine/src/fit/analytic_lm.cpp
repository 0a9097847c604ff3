// The least squares of a problem with an analytic Jacobian (a curve fitted through its law's closed form,
// steady_curves.h): Levenberg–Marquardt with MINPACK's trust region, on the k × k normal equations.
//
// Why not Eigen's port of MINPACK's lmder (which the fits without a Jacobian keep): lmder factors the
// n × k Jacobian by Householder QR with column pivoting at every iteration and takes the norms of its
// n-vectors with Eigen's overflow-safe stableNorm. For a curve of 1000 points and 4 parameters those took
// as long as the curve's own evaluations, and a fit in wasm took twice scipy's (issue 27). With n ≫ k
// the damped step needs only A = JᵀJ and g = Jᵀr (k(k + 1)/2 + k dot products of length n), then k × k
// Cholesky factorisations.
//
// The iteration is Moré's ("The Levenberg–Marquardt algorithm: implementation and theory", Lecture Notes
// in Mathematics 630, 1978), as in MINPACK's lmder, with the same constants: the scaling D² = the largest
// diag(A) seen (his mode 1: invariant under a change of each parameter's unit); a trust region Δ in the
// scaled variables, first 100·‖Dx‖; the damping λ of the step h = −(A + λD²)⁻¹g found by his Newton
// iteration on ‖Dh‖ = Δ (§5: within 10 %, at most 10 tries; λ = 0 where the Gauss–Newton step lies
// within 1.1Δ); Δ and λ updated from the ratio ρ of the actual to the predicted decrease (§4); a step
// taken when ρ ≥ 1e-4. Converged when the actual and the predicted relative decrease are both within
// `tolerance` (lmder's ftol), when Δ is within `tolerance` of ‖Dx‖ (xtol), when even the Gauss–Newton
// step is predicted to gain less than `tolerance` (the ftol test's prediction, before a trial that could
// only confirm it), or when round-off stops any progress (lmder's statuses 6–8); not converged when the
// budget runs out. The normal equations square the condition number that lmder's QR sees: the fits'
// problems have a handful of parameters scaled by D, and the statistics of the result
// (least_squares.cpp) still take the QR of J.
//
// The Jacobian is the problem's ∂r/∂p times dp/dx of the bounds' change of variables (solver_parts.h).
// Every sum runs in a fixed order, so that a curve whose residuals are portable (portable_math.h) takes
// the same steps natively and in wasm.

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "fit/solver_parts.h"

namespace friction::solver {
namespace {

constexpr double kAccept = 1e-4, kEpsilon = std::numeric_limits<double>::epsilon();
constexpr double kTiny = std::numeric_limits<double>::min();

/// One start's iterations. The k × k matrices are row-major arrays (lower triangles used), sized once.
class Analytic {
 public:
  Analytic(const LeastSquaresProblem& problem, const LeastSquaresOptions& options, Evaluator& evaluator)
      : problem_(problem),
        evaluator_(evaluator),
        tolerance_(options.tolerance),
        n_(problem.residualCount),
        k_(problem.start.size()),
        A_(k_ * k_),
        L_(k_ * k_),
        g_(k_),
        h_(k_),
        w_(k_),
        D_(k_, 0.0),
        row_(k_),
        sums_(k_ + k_ * (k_ + 1) / 2),
        x_(k_),
        trialX_(k_),
        p_(k_) {}

  Run run(const std::vector<double>& start) {
    Run out;
    for (std::size_t j = 0; j < k_; ++j) x_[j] = toFree(start[j], problem_.lower[j], problem_.upper[j]);
    if (!evaluateAt(x_, f_)) return out;  // the start cannot be evaluated: not evaluable
    out.evaluable = true;
    ssr_ = sumOfSquares(f_);
    out.converged = iterate();
    out.p = bounded(x_);
    out.ssr = ssr_;
    out.residuals = f_;
    return out;
  }

 private:
  std::vector<double> bounded(const std::vector<double>& x) const {
    std::vector<double> p(k_);
    for (std::size_t j = 0; j < k_; ++j) p[j] = toBounded(x[j], problem_.lower[j], problem_.upper[j]);
    return p;
  }

  bool evaluateAt(const std::vector<double>& x, std::vector<double>& f) {
    for (std::size_t j = 0; j < k_; ++j) p_[j] = toBounded(x[j], problem_.lower[j], problem_.upper[j]);
    return evaluator_.evaluate(p_, f);
  }

  static double sumOfSquares(const std::vector<double>& f) {
    double sum = 0;
    for (double r : f) sum += r * r;
    return sum;
  }

  double& at(std::vector<double>& m, std::size_t a, std::size_t b) const { return m[a * k_ + b]; }
  double at(const std::vector<double>& m, std::size_t a, std::size_t b) const { return m[a * k_ + b]; }

  /// J = ∂r/∂p at x (column-major), then A = JᵀJ and g = Jᵀr in x; D² = max(D², diag A) (a zero column
  /// scaled by 1). False where the Jacobian cannot be had there.
  bool linearise() {
    for (std::size_t j = 0; j < k_; ++j) p_[j] = toBounded(x_[j], problem_.lower[j], problem_.upper[j]);
    // The problem's own copy where it kept one for x (its residuals' pass computed it), else ours.
    const double* J = evaluator_.keptJacobian(p_);
    if (J == nullptr) {
      J_.resize(n_ * k_);
      if (!evaluator_.evaluateJacobian(p_, J_.data())) return false;
      J = J_.data();
    }
    accumulate(J);
    for (std::size_t a = 0; a < k_; ++a) {
      const double slopeA = boundedSlope(x_[a], problem_.lower[a], problem_.upper[a]);
      g_[a] = sums_[a] * slopeA;
      for (std::size_t b = 0; b <= a; ++b)
        at(A_, a, b) = sums_[k_ + a * (a + 1) / 2 + b] * slopeA *
                       boundedSlope(x_[b], problem_.lower[b], problem_.upper[b]);
      D_[a] = std::max(D_[a], at(A_, a, a) > 0 ? at(A_, a, a) : 1.0);
    }
    return true;
  }

  /// Σ_i J_ia·r_i and Σ_i J_ia·J_ib (b ≤ a) into sums_, in one pass over the rows: each sum is its own
  /// chain of additions in row order (the same order in every build), and J is read once. For up to six
  /// parameters with the count known to the compiler, so that the sums stay in registers (in wasm too,
  /// where a loop over a variable count keeps them in memory); the same sums in the same order.
  void accumulate(const double* J) {
    switch (k_) {
      case 1:
        return accumulateFixed<1>(J);
      case 2:
        return accumulateFixed<2>(J);
      case 3:
        return accumulateFixed<3>(J);
      case 4:
        return accumulateFixed<4>(J);
      case 5:
        return accumulateFixed<5>(J);
      case 6:
        return accumulateFixed<6>(J);
      default:
        return accumulateAny(J);
    }
  }

  template <std::size_t K>
  void accumulateFixed(const double* J) {
    constexpr std::size_t kSums = K + K * (K + 1) / 2;
    double sums[kSums] = {};
    const double* columns[K];
    for (std::size_t a = 0; a < K; ++a) columns[a] = J + a * n_;
    for (std::size_t i = 0; i < n_; ++i) {
      double row[K];
      for (std::size_t a = 0; a < K; ++a) row[a] = columns[a][i];
      const double r = f_[i];
      std::size_t at = K;
      for (std::size_t a = 0; a < K; ++a) {
        sums[a] += row[a] * r;
        for (std::size_t b = 0; b <= a; ++b) sums[at++] += row[a] * row[b];
      }
    }
    std::copy(sums, sums + kSums, sums_.begin());
  }

  void accumulateAny(const double* J) {
    std::fill(sums_.begin(), sums_.end(), 0.0);
    double* gradient = sums_.data();
    double* products = sums_.data() + k_;
    for (std::size_t i = 0; i < n_; ++i) {
      for (std::size_t a = 0; a < k_; ++a) row_[a] = J[a * n_ + i];
      const double r = f_[i];
      std::size_t at = 0;
      for (std::size_t a = 0; a < k_; ++a) {
        gradient[a] += row_[a] * r;
        for (std::size_t b = 0; b <= a; ++b) products[at++] += row_[a] * row_[b];
      }
    }
  }

  /// h = −(A + λD²)⁻¹g by Cholesky (L_ keeps the factor); false if the matrix is not positive definite.
  bool solve(double lambda) {
    for (std::size_t a = 0; a < k_; ++a) {
      for (std::size_t b = 0; b <= a; ++b) at(L_, a, b) = at(A_, a, b);
      at(L_, a, a) += lambda * D_[a];
    }
    for (std::size_t a = 0; a < k_; ++a) {
      const double diagonal = at(L_, a, a);
      for (std::size_t b = 0; b < a; ++b) at(L_, a, a) -= at(L_, a, b) * at(L_, a, b);
      // A pivot lost to round-off (A's entries carry ε·A_aa of it): J's columns dependent to that.
      if (!(at(L_, a, a) > static_cast<double>(k_) * kEpsilon * diagonal)) return false;
      at(L_, a, a) = std::sqrt(at(L_, a, a));
      for (std::size_t c = a + 1; c < k_; ++c) {
        for (std::size_t b = 0; b < a; ++b) at(L_, c, a) -= at(L_, c, b) * at(L_, a, b);
        at(L_, c, a) /= at(L_, a, a);
      }
    }
    for (std::size_t a = 0; a < k_; ++a) h_[a] = -g_[a];
    forward(h_);
    for (std::size_t a = k_; a-- > 0;) {  // Lᵀh = y
      for (std::size_t b = a + 1; b < k_; ++b) h_[a] -= at(L_, b, a) * h_[b];
      h_[a] /= at(L_, a, a);
    }
    for (double step : h_)
      if (!std::isfinite(step)) return false;
    return true;
  }

  /// v ← L⁻¹v (forward substitution).
  void forward(std::vector<double>& v) const {
    for (std::size_t a = 0; a < k_; ++a) {
      for (std::size_t b = 0; b < a; ++b) v[a] -= at(L_, a, b) * v[b];
      v[a] /= at(L_, a, a);
    }
  }

  /// ‖D·v‖.
  double scaledNorm(const std::vector<double>& v) const {
    double sum = 0;
    for (std::size_t j = 0; j < k_; ++j) sum += D_[j] * v[j] * v[j];
    return std::sqrt(sum);
  }

  /// The slope term of Moré's Newton step for λ: φ/(Δ·‖L⁻¹(D²h/‖Dh‖)‖²), φ = ‖Dh‖ − Δ.
  double newtonCorrection(double dxnorm, double fp, double delta) {
    for (std::size_t j = 0; j < k_; ++j) w_[j] = D_[j] * h_[j] / dxnorm;
    forward(w_);
    double squares = 0;
    for (double v : w_) squares += v * v;
    return fp / delta / squares;
  }

  /// The damping λ whose step h has ‖Dh‖ within 10 % of Δ (Moré 1978, §5), from the previous λ; λ = 0
  /// where the Gauss–Newton step lies within 1.1Δ. h_ holds the step.
  void dampedStep(double delta, double& lambda) {
    const bool regular = solve(0);  // the Gauss–Newton step, where A is positive definite
    double dxnorm = regular ? scaledNorm(h_) : kInf;
    double fp = dxnorm - delta;
    if (regular && fp <= 0.1 * delta) {
      lambda = 0;
      return;
    }
    // Bounds of the zero of φ(λ): below, from the Gauss–Newton step; above, ‖D⁻¹g‖/Δ.
    double lower = regular ? newtonCorrection(dxnorm, fp, delta) : 0.0;
    double gnorm = 0;
    for (std::size_t j = 0; j < k_; ++j) gnorm += g_[j] * g_[j] / D_[j];
    gnorm = std::sqrt(gnorm);
    double upper = gnorm / delta;
    if (upper == 0) upper = kTiny / std::min(delta, 0.1);
    lambda = std::min(std::max(lambda, lower), upper);
    if (lambda == 0) lambda = regular ? gnorm / dxnorm : 0.0;
    for (int tries = 1;; ++tries) {
      if (lambda == 0) lambda = std::max(kTiny, 1e-3 * upper);
      if (!solve(lambda)) {  // round-off at a tiny λ: more damping
        lower = lambda;
        lambda = std::max(10 * lambda, std::sqrt(lower * upper));
        if (tries >= 10) return;
        continue;
      }
      dxnorm = scaledNorm(h_);
      const double previous = fp;
      fp = dxnorm - delta;
      if (std::abs(fp) <= 0.1 * delta || (lower == 0 && fp <= previous && previous < 0) || tries == 10)
        return;
      const double correction = newtonCorrection(dxnorm, fp, delta);
      if (fp > 0) lower = std::max(lower, lambda);
      if (fp < 0) upper = std::min(upper, lambda);
      lambda = std::max(lower, lambda + correction);
    }
  }

  /// Δ and λ after a step of ratio ρ (Moré 1978, §4; lmder's constants): a poor step shrinks Δ by the
  /// factor the quadratic through the actual decrease suggests, within [0.1, 0.5]; a good one (or a
  /// Gauss–Newton step not too poor) lets Δ grow to 2‖Dh‖.
  void updateRegion(double ratio, double actual, double ssr1, double directional, double pnorm) {
    if (ratio <= 0.25) {
      double factor = actual >= 0 ? 0.5 : 0.5 * directional / (directional + 0.5 * actual);
      if (0.01 * ssr1 >= ssr_ || factor < 0.1) factor = 0.1;  // ‖r1‖ ≥ 10‖r‖ or below 0.1
      delta_ = factor * std::min(delta_, pnorm / 0.1);
      lambda_ /= factor;
    } else if (lambda_ == 0 || ratio >= 0.75) {
      delta_ = pnorm / 0.5;
      lambda_ *= 0.5;
    }
  }

  /// Trial steps from x with its Jacobian until one is taken or a test ends the start (`done`, with
  /// `converged` set). Returns after a step taken.
  void step(bool first, bool& done, bool& converged) {
    while (!evaluator_.exhausted()) {
      dampedStep(delta_, lambda_);
      const double pnorm = scaledNorm(h_);
      if (first) delta_ = std::min(delta_, pnorm);
      for (std::size_t j = 0; j < k_; ++j) trialX_[j] = x_[j] + h_[j];
      const bool evaluable = evaluateAt(trialX_, trial_);
      const double ssr1 = evaluable ? sumOfSquares(trial_) : kInf;
      // Relative decreases of S, actual and predicted by the linear model: ‖Jh‖² + 2λ‖Dh‖², over S.
      double jh = 0;
      for (std::size_t a = 0; a < k_; ++a)
        for (std::size_t b = 0; b < k_; ++b) jh += h_[a] * (a >= b ? at(A_, a, b) : at(A_, b, a)) * h_[b];
      const double actual = 0.01 * ssr1 < ssr_ ? 1 - ssr1 / ssr_ : -1;
      const double damping = lambda_ * pnorm * pnorm / ssr_;
      const double predicted = jh / ssr_ + 2 * damping, directional = -(jh / ssr_ + damping);
      const double ratio = predicted != 0 ? actual / predicted : 0;
      updateRegion(ratio, actual, ssr1, directional, pnorm);
      const bool taken = ratio >= kAccept;
      if (taken) {
        x_.swap(trialX_);
        f_.swap(trial_);
        ssr_ = ssr1;
      }
      // lmder's tests: ftol, xtol; then round-off (statuses 6 and 7).
      const double xnorm = scaledNorm(x_);
      const bool flat = std::abs(actual) <= tolerance_ && predicted <= tolerance_ && ratio <= 2;
      const bool still = delta_ <= tolerance_ * xnorm;
      const bool roundOff =
          (std::abs(actual) <= kEpsilon && predicted <= kEpsilon && ratio <= 2) || delta_ <= kEpsilon * xnorm;
      done = converged = flat || still || roundOff;
      if (done || taken) return;
    }
    done = true;
    converged = false;
  }

  /// True where the linear model promises less than `tolerance` of S even from the full Gauss–Newton step:
  /// gᵀA⁻¹g ≤ tolerance·S, the predicted decrease of lmder's ftol test, known before the step is tried (at
  /// a minimum, the trial lmder would evaluate only confirms it: a fifth of a small curve's evaluations).
  bool nothingToGain() {
    if (!solve(0)) return false;
    double predicted = 0;
    for (std::size_t a = 0; a < k_; ++a) predicted -= g_[a] * h_[a];
    return predicted <= tolerance_ * ssr_;
  }

  /// Iterations until converged (true) or out of evaluations (false).
  bool iterate() {
    for (bool first = true; !evaluator_.exhausted(); first = false) {
      if (ssr_ == 0) return true;
      if (!linearise()) return false;
      if (first) {
        const double xnorm = scaledNorm(x_);
        delta_ = xnorm > 0 ? 100 * xnorm : 100;
      }
      // g orthogonal to r to round-off (lmder's status 8): max_j |g_j|/(‖J_j‖·‖r‖) ≤ ε.
      bool stationary = true;
      for (std::size_t j = 0; j < k_; ++j)
        if (at(A_, j, j) > 0 && std::abs(g_[j]) > kEpsilon * std::sqrt(at(A_, j, j) * ssr_))
          stationary = false;
      if (stationary || nothingToGain()) return true;
      bool done = false, converged = false;
      step(first, done, converged);
      if (done) return converged;
    }
    return false;
  }

  const LeastSquaresProblem& problem_;
  Evaluator& evaluator_;
  double tolerance_;
  std::size_t n_, k_;
  std::vector<double> J_, A_, L_, g_, h_, w_, D_, row_, sums_, x_, trialX_, p_;
  std::vector<double> f_, trial_;
  double ssr_ = kInf, lambda_ = 0, delta_ = 0;
};

}  // namespace

Run analyticFrom(const LeastSquaresProblem& problem, const std::vector<double>& start,
                 const LeastSquaresOptions& options, Evaluator& evaluator) {
  evaluator.restart(options.maxEvaluations);
  return Analytic(problem, options, evaluator).run(start);
}

}  // namespace friction::solver
