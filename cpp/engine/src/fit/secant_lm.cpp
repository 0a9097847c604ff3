// The least squares of a problem whose residuals are a run's (a record of the spring-block, a presliding
// run): noisy at the run's tolerance, costly, and not the same in the last bits natively and in wasm (the
// runs' exp and log differ). Levenberg–Marquardt with two changes from MINPACK's lmder (Eigen's, which the
// fits with a closed form keep):
//
//   - The Jacobian is updated by Broyden's rank-one formula with each step taken or tried,
//     J ← J + (Δr − J·h)·hᵀ/(hᵀh), and recomputed by forward differences (k runs) only at the start,
//     after a step it failed to predict, and before convergence is declared: one run per iteration
//     instead of k + 1 (Madsen, Nielsen & Tingleff, "Methods for non-linear least squares problems",
//     2nd ed., IMM DTU 2004, §3.4, the secant version of the L–M method).
//   - The damping λ moves by fixed factors: ÷3 after a step that lowers the sum of squares, ×2 after one
//     that does not. MINPACK scales it by a ratio of reductions, a continuous function of the runs' last
//     bits, through which two builds' runs drifted apart (the rsf record took 203 evaluations natively
//     and 227 in wasm from the same data); with fixed factors only the accept/reject decisions depend on
//     the runs, and those flip only where two sums of squares tie.
//
// Steps solve (JᵀJ + λ·D)·h = −Jᵀr with D = diag(JᵀJ) (Marquardt's scaling), by LDLᵀ on the k × k system.
// Convergence: a step below `tolerance` of |x|, or a decrease of the sum of squares (actual and predicted)
// below `tolerance` of it, each confirmed with a Jacobian by differences; `tolerance` is at least the runs'
// noise, below which no change of the sum of squares is real.

#include <Eigen/Dense>

#include "fit/solver_parts.h"

namespace friction::solver {
namespace {

using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;

constexpr double kLambdaDown = 1.0 / 3, kLambdaUp = 2.0, kLambdaMax = 1e16;

class Secant {
 public:
  Secant(const LeastSquaresProblem& problem, const LeastSquaresOptions& options, Evaluator& evaluator)
      : problem_(problem),
        evaluator_(evaluator),
        tolerance_(std::max(options.tolerance, problem.residualNoise)),
        n_(static_cast<Eigen::Index>(problem.residualCount)),
        k_(static_cast<Eigen::Index>(problem.start.size())),
        J_(Matrix::Zero(n_, k_)) {}

  Run run(const std::vector<double>& start) {
    Vector x(k_);
    for (Eigen::Index j = 0; j < k_; ++j) x[j] = toFree(start[index(j)], lower(j), upper(j));
    Run out;
    if (!evaluate(x, f_)) return out;  // the start cannot be evaluated: not evaluable
    ssr_ = sumOfSquares(f_);
    out.evaluable = true;
    differences(x);
    double largest = 1e-300;  // the largest diagonal element of JᵀJ
    for (Eigen::Index j = 0; j < k_; ++j) {
      double column = 0;
      for (Eigen::Index i = 0; i < n_; ++i) column += J_(i, j) * J_(i, j);
      largest = std::max(largest, column);
    }
    lambda_ = 1e-3 * largest;
    out.converged = iterate(x);
    out.p = bounded(x);
    out.ssr = ssr_;
    return out;
  }

 private:
  std::size_t index(Eigen::Index j) const { return static_cast<std::size_t>(j); }
  double lower(Eigen::Index j) const { return problem_.lower[index(j)]; }
  double upper(Eigen::Index j) const { return problem_.upper[index(j)]; }

  std::vector<double> bounded(const Vector& x) const {
    std::vector<double> p(index(k_));
    for (Eigen::Index j = 0; j < k_; ++j) p[index(j)] = toBounded(x[j], lower(j), upper(j));
    return p;
  }
  bool evaluate(const Vector& x, std::vector<double>& f) { return evaluator_.evaluate(bounded(x), f); }
  static double sumOfSquares(const std::vector<double>& f) {
    double sum = 0;
    for (double r : f) sum += r * r;
    return sum;
  }

  // J by forward differences at x (f_ is r(x)), with the step of the runs' noise: √max(ε, noise)·max(1,
  // |x_j|); a step that cannot be evaluated is tried backwards, and a column with neither is left 0.
  void differences(const Vector& x) {
    const double relative =
        std::sqrt(std::max(std::numeric_limits<double>::epsilon(), problem_.residualNoise));
    J_.setZero();
    std::vector<double> moved;
    for (Eigen::Index j = 0; j < k_; ++j) {
      const double h = relative * std::max(1.0, std::abs(x[j]));
      for (double step : {h, -h}) {
        Vector y = x;
        y[j] += step;
        if (!evaluate(y, moved)) continue;
        for (Eigen::Index i = 0; i < n_; ++i) J_(i, j) = (moved[index(i)] - f_[index(i)]) / step;
        break;
      }
    }
    fresh_ = true;
  }

  // Broyden's update with the step h from the current point to residuals f1:
  // J ← J + (Δr − J·h)·hᵀ/(hᵀh), in explicit loops (an order of sums the same in every build).
  void broyden(const Vector& h, const std::vector<double>& f1) {
    double hh = 0;
    for (Eigen::Index j = 0; j < k_; ++j) hh += h[j] * h[j];
    for (Eigen::Index i = 0; i < n_; ++i) {
      double predicted = 0;
      for (Eigen::Index j = 0; j < k_; ++j) predicted += J_(i, j) * h[j];
      const double miss = (f1[index(i)] - f_[index(i)] - predicted) / hh;
      for (Eigen::Index j = 0; j < k_; ++j) J_(i, j) += miss * h[j];
    }
    fresh_ = false;
  }

  // JᵀJ (its lower triangle) and Jᵀf, in explicit loops: Eigen's products block by the CPU's cache sizes,
  // which differ between the native and the wasm build, and so would their sums' order.
  void normalEquations(Matrix& A, Vector& g) const {
    A = Matrix::Zero(k_, k_);
    g = Vector::Zero(k_);
    for (Eigen::Index i = 0; i < n_; ++i)
      for (Eigen::Index a = 0; a < k_; ++a) {
        g[a] += J_(i, a) * f_[index(i)];
        for (Eigen::Index b = 0; b <= a; ++b) A(a, b) += J_(i, a) * J_(i, b);
      }
  }

  // The Cholesky factor L (lower triangle) of A + λ·D, D = diag(A) (floored at 1e-12 of its largest);
  // false if that matrix is not positive definite.
  bool dampedFactor(const Matrix& A, Matrix& L) const {
    double largest = 1e-300;
    for (Eigen::Index a = 0; a < k_; ++a) largest = std::max(largest, A(a, a));
    L = A;
    for (Eigen::Index a = 0; a < k_; ++a) L(a, a) += lambda_ * std::max(A(a, a), 1e-12 * largest);
    for (Eigen::Index a = 0; a < k_; ++a) {
      for (Eigen::Index b = 0; b < a; ++b) L(a, a) -= L(a, b) * L(a, b);
      if (!(L(a, a) > 0)) return false;
      L(a, a) = std::sqrt(L(a, a));
      for (Eigen::Index c = a + 1; c < k_; ++c) {
        for (Eigen::Index b = 0; b < a; ++b) L(c, a) -= L(c, b) * L(a, b);
        L(c, a) /= L(a, a);
      }
    }
    return true;
  }

  // The step of (JᵀJ + λD)h = −Jᵀf and the decrease of the sum of squares J predicts for it,
  // −(2gᵀh + hᵀAh); false if the system is not positive definite at this λ.
  bool solveStep(Vector& h, double& predicted) const {
    Matrix A, L;
    Vector g;
    normalEquations(A, g);
    if (!dampedFactor(A, L)) return false;
    h = -g;  // L Lᵀ h = −g: forward, then back substitution
    for (Eigen::Index a = 0; a < k_; ++a) {
      for (Eigen::Index b = 0; b < a; ++b) h[a] -= L(a, b) * h[b];
      h[a] /= L(a, a);
    }
    for (Eigen::Index a = k_ - 1; a >= 0; --a) {
      for (Eigen::Index b = a + 1; b < k_; ++b) h[a] -= L(b, a) * h[b];
      h[a] /= L(a, a);
    }
    double quadratic = 0;  // hᵀAh from A's lower triangle
    for (Eigen::Index a = 0; a < k_; ++a)
      for (Eigen::Index b = 0; b < k_; ++b) quadratic += h[a] * (a >= b ? A(a, b) : A(b, a)) * h[b];
    double gh = 0;
    for (Eigen::Index a = 0; a < k_; ++a) gh += g[a] * h[a];
    predicted = -(2 * gh + quadratic);
    return h.allFinite();
  }

  // The least relative change of the sum of squares S that the runs' noise lets through: the tolerance,
  // or the noise's own share of S, 2·noise·scale/√S (each residual moves by noise·scale at random).
  double resolvable() const {
    return std::max(tolerance_,
                    2 * problem_.residualNoise * problem_.noiseScale / std::sqrt(std::max(ssr_, 1e-300)));
  }

  // Steps until converged (true), out of runs or unable to lower the sum of squares (false). A step the
  // secant Jacobian mispredicts (the sum does not fall) brings a Jacobian by differences; one with a
  // fresh Jacobian that does not fall only damps more: the step was too long, not the Jacobian wrong.
  bool iterate(Vector& x) {
    std::vector<double> f1;
    while (!evaluator_.exhausted()) {
      Vector h;
      double predicted = 0;
      if (!solveStep(h, predicted)) {
        if ((lambda_ *= 10) > kLambdaMax) return fresh_;
        continue;
      }
      // Nothing left to gain that the runs can resolve, by J's prediction or the step's size.
      if (predicted <= resolvable() * ssr_ || h.norm() <= tolerance_ * (x.norm() + tolerance_)) {
        if (fresh_) return true;
        differences(x);
        continue;
      }
      const Vector next = x + h;
      const bool evaluable = evaluate(next, f1);
      const double ssr1 = evaluable ? sumOfSquares(f1) : kInf;
      if (!(ssr1 < ssr_)) {
        if ((lambda_ *= kLambdaUp) > kLambdaMax) return fresh_;
        if (!fresh_) differences(x);
        continue;
      }
      broyden(h, f1);
      const double actual = ssr_ - ssr1, before = resolvable() * ssr_;
      x = next;
      f_.swap(f1);
      ssr_ = ssr1;
      lambda_ = std::max(lambda_ * kLambdaDown, 1e-300);
      if (actual <= before && predicted <= before) differences(x);  // confirmed by the next step's test
    }
    return false;
  }

  const LeastSquaresProblem& problem_;
  Evaluator& evaluator_;
  double tolerance_;
  Eigen::Index n_, k_;
  Matrix J_;
  std::vector<double> f_;
  double ssr_ = kInf, lambda_ = 1e-3;
  bool fresh_ = false;
};

}  // namespace

Run secantFrom(const LeastSquaresProblem& problem, const std::vector<double>& start,
               const LeastSquaresOptions& options, Evaluator& evaluator) {
  evaluator.restart(options.maxEvaluations);
  return Secant(problem, options, evaluator).run(start);
}

}  // namespace friction::solver
