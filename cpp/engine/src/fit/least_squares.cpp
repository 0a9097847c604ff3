// Bounded nonlinear least squares with Eigen's Levenberg–Marquardt, several starts, and the
// statistics of the best one (standard errors, correlations, identifiability).
//
// Solver: Eigen 3.4's unsupported LevenbergMarquardt module, a C++ port of MINPACK's lmder (Moré,
// "The Levenberg–Marquardt algorithm: implementation and theory", Lecture Notes in Math. 630, 1978).
// It has no bounds, so the solver works in unbounded variables x and the problem sees p = T(x):
//   [l, u] both finite:  p = l + (u − l)·σ(x),  σ(x) = 1/(1 + e^(−x))   (logistic)
//   [l, ∞):              p = l + e^x
//   (−∞, u]:             p = u − e^x
//   (−∞, ∞):             p = x
// Why these: each maps all of ℝ onto the open range, is smooth and monotone (LM's steps stay valid),
// and near a finite bound behaves like log(p − l), so a parameter that spans decades above a bound
// of 0 (a length Dc, a speed vs) is searched in relative steps. MINUIT's sin transform was not used:
// it is periodic, so LM could step across a bound and back. A parameter at a bound is reached only
// as x → ±∞; it is reported as a warning (not identifiable within the bounds).
//
// Jacobian: the problem's analytic ∂r/∂p where it gives one (a curve fit's closed-form laws), times
// dp/dx; else forward differences in x. A problem whose residuals are noisy (a record's run: its
// residualNoise) is solved instead by the secant Levenberg–Marquardt of secant_lm.cpp, with Broyden's
// updates of the Jacobian and fixed factors of the damping.
//
// The same bits on every platform (issue 27): the transforms and the starts use portable_math.h's exp
// and log, Eigen is compiled without SIMD here (cpp/CMakeLists.txt: a vectorised sum adds in another
// order than the scalar one wasm runs), and a later start must beat the best by 1e-9 relative. So a fit
// whose residuals are themselves portable (a curve fit's closed forms) takes the same steps natively
// and in wasm and ends on the same bits.
//
// Statistics, in the original parameters: the Jacobian J = ∂r/∂p at the result, analytic, or by central
// differences in p itself (the chain rule J_p = J_x·(dp/dx)⁻¹ without its round-off, and finite where
// dp/dx → 0 at a bound). Covariance C = s²·(JᵀJ)⁻¹ with s² = SSR/(n − k) (Seber & Wild, Nonlinear
// Regression, 1989, §2.1.2); standard errors √C_ii; correlations C_ij/√(C_ii·C_jj).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>

#include <Eigen/Dense>
#include <unsupported/Eigen/LevenbergMarquardt>

#include "fit/portable_math.h"
#include "fit/solver_parts.h"
#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/parameters.h"

namespace friction {
namespace {

using namespace solver;  // NOLINT(google-build-using-namespace): the solver's own parts
using Vector = Eigen::VectorXd;
using Matrix = Eigen::MatrixXd;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Eigen's functor interface: residuals and the Jacobian in x, the problem's analytic one by the chain
/// rule (∂r/∂x_j = ∂r/∂p_j·dp_j/dx_j) or forward differences. Its buffers are allocated once per start:
/// an evaluation allocates nothing here.
struct FreeFunctor : Eigen::DenseFunctor<double> {
  FreeFunctor(const LeastSquaresProblem& problem, Evaluator& evaluator)
      : Eigen::DenseFunctor<double>(static_cast<int>(problem.start.size()),
                                    static_cast<int>(problem.residualCount)),
        problem_(problem),
        evaluator_(evaluator),
        p_(problem.start.size()),
        r_(problem.residualCount),
        moved_(problem.residualCount) {}

  std::vector<double> bounded(const Vector& x) const {
    std::vector<double> p(static_cast<std::size_t>(x.size()));
    setBounded(x, p);
    return p;
  }

  // Returning a negative number stops LM (UserAsked) with x at its last accepted point.
  int operator()(const Vector& x, Vector& fvec) const {
    if (evaluator_.exhausted()) return -1;
    setBounded(x, p_);
    evaluator_.evaluate(p_, r_);
    fvec = Eigen::Map<const Vector>(r_.data(), static_cast<Eigen::Index>(r_.size()));
    return 0;
  }

  int df(const Vector& x, Matrix& jacobian) const {
    if (evaluator_.exhausted()) return -1;
    jacobian.resize(static_cast<Eigen::Index>(problem_.residualCount), x.size());
    setBounded(x, p_);
    if (evaluator_.analytic() && evaluator_.evaluateJacobian(p_, jacobian.data())) {
      for (Eigen::Index j = 0; j < x.size(); ++j)
        jacobian.col(j) *= boundedSlope(x[j], problem_.lower[static_cast<std::size_t>(j)],
                                        problem_.upper[static_cast<std::size_t>(j)]);
      return 0;
    }
    forwardDifferences(x, jacobian);
    return 0;
  }

  // ∂r/∂x_j ≈ (r(x + h e_j) − r(x))/h with h = max(√ε, √noise)·max(1, |x_j|): the step that balances
  // truncation against the evaluation's noise (round-off, or a run's tolerance). A step that cannot be
  // evaluated is tried backwards, and a column with neither is left 0 (LM then does not move along it).
  void forwardDifferences(const Vector& x, Matrix& jacobian) const {
    evaluator_.evaluate(p_, r_);
    jacobian.setZero();
    const double relative =
        std::max(std::sqrt(std::numeric_limits<double>::epsilon()), std::sqrt(problem_.residualNoise));
    Vector moved = x;
    for (Eigen::Index j = 0; j < x.size(); ++j) {
      const double h = relative * std::max(1.0, std::abs(x[j]));
      for (double step : {h, -h}) {
        moved[j] = x[j] + step;
        setBounded(moved, p_);
        if (!evaluator_.evaluate(p_, moved_)) continue;
        for (Eigen::Index i = 0; i < jacobian.rows(); ++i)
          jacobian(i, j) = (moved_[static_cast<std::size_t>(i)] - r_[static_cast<std::size_t>(i)]) / step;
        break;
      }
      moved[j] = x[j];
    }
  }

  void setBounded(const Vector& x, std::vector<double>& p) const {
    for (std::size_t i = 0; i < p.size(); ++i)
      p[i] = toBounded(x[static_cast<Eigen::Index>(i)], problem_.lower[i], problem_.upper[i]);
  }

  const LeastSquaresProblem& problem_;
  Evaluator& evaluator_;
  mutable std::vector<double> p_, r_, moved_;  // the buffers of one start
};

// ---- Checking the problem ----

void checkProblem(const LeastSquaresProblem& problem) {
  const std::size_t k = problem.names.size();
  if (k == 0) throw InputError("free", "A fit needs at least one free parameter.");
  if (problem.start.size() != k || problem.lower.size() != k || problem.upper.size() != k)
    throw std::logic_error("fitLeastSquares: names, start, lower and upper differ in length");
  if (!problem.residuals) throw std::logic_error("fitLeastSquares: no residual function");
  if (problem.residualCount < k)
    throw InputError("data", "The data give " + std::to_string(problem.residualCount) + " residuals for " +
                                 std::to_string(k) +
                                 " free parameters: a fit needs at least as many points as free parameters.");
  for (std::size_t i = 0; i < k; ++i) {
    const double l = problem.lower[i], u = problem.upper[i], s = problem.start[i];
    if (!(l < u))
      throw InputError(problem.names[i], "Parameter " + problem.names[i] + ": its lower bound " +
                                             formatNumber(l) + " is not below its upper bound " +
                                             formatNumber(u) + ".");
    if (!std::isfinite(s) || s < l || s > u)
      throw InputError(problem.names[i], "Parameter " + problem.names[i] + ": the start " + formatNumber(s) +
                                             " is not a finite number between " + formatNumber(l) + " and " +
                                             formatNumber(u) + ".");
  }
}

// ---- The starts ----

/// A uniform number in [0, 1) from the generator's 32 bits: the same on every platform (the standard
/// library's distributions are not specified bit for bit).
double unitDraw(std::mt19937& rng) { return static_cast<double>(rng()) / 4294967296.0; }

/// The range the starts of parameter i are spread over: the caller's start range, else the bounds.
std::pair<double, double> startRange(const LeastSquaresProblem& problem, std::size_t i) {
  double low = problem.startLow.empty() ? problem.lower[i] : problem.startLow[i];
  double high = problem.startHigh.empty() ? problem.upper[i] : problem.startHigh[i];
  low = std::max(low, problem.lower[i]);
  high = std::min(high, problem.upper[i]);
  if (!std::isfinite(low) || !std::isfinite(high) || !(low <= high))
    return {problem.start[i], problem.start[i]};
  return {low, high};
}

/// The given start, then count − 1 starts by Latin-hypercube sampling (McKay, Beckman & Conover,
/// Technometrics 21, 1979): each parameter's range cut into count − 1 strata, each stratum used once,
/// in a random order per parameter; evenly in log p where logScale says so and the range is positive.
std::vector<std::vector<double>> spreadStarts(const LeastSquaresProblem& problem, int count, unsigned seed) {
  std::vector<std::vector<double>> starts{problem.start};
  const int extra = std::max(0, count - 1);
  if (extra == 0) return starts;
  std::mt19937 rng(seed);
  starts.resize(static_cast<std::size_t>(extra) + 1, problem.start);
  for (std::size_t i = 0; i < problem.start.size(); ++i) {
    std::vector<int> strata(static_cast<std::size_t>(extra));
    std::iota(strata.begin(), strata.end(), 0);
    for (std::size_t j = strata.size(); j > 1; --j)
      std::swap(strata[j - 1], strata[rng() % j]);  // Fisher–Yates
    const auto [low, high] = startRange(problem, i);
    const bool logarithmic = !problem.logScale.empty() && problem.logScale[i] && low > 0;
    for (int s = 0; s < extra; ++s) {
      const double u = (strata[static_cast<std::size_t>(s)] + unitDraw(rng)) / extra;
      starts[static_cast<std::size_t>(s) + 1][i] =
          logarithmic ? portable::exp(portable::log(low) + u * (portable::log(high) - portable::log(low)))
                      : low + u * (high - low);
    }
  }
  return starts;
}

// ---- One run of Levenberg–Marquardt ----

Run runFrom(const LeastSquaresProblem& problem, const std::vector<double>& start,
            const LeastSquaresOptions& options, Evaluator& evaluator) {
  evaluator.restart(options.maxEvaluations);
  FreeFunctor functor(problem, evaluator);
  Vector x(static_cast<Eigen::Index>(start.size()));
  for (std::size_t i = 0; i < start.size(); ++i)
    x[static_cast<Eigen::Index>(i)] = toFree(start[i], problem.lower[i], problem.upper[i]);
  Eigen::LevenbergMarquardt<FreeFunctor> lm(functor);
  // Residuals with noise (a run's tolerance) cannot resolve a relative change of the sum of squares
  // below that noise: asking for one only lets LM crawl along a valley on noise.
  const double tolerance = std::max(options.tolerance, problem.residualNoise);
  lm.setFtol(tolerance);
  lm.setXtol(tolerance);
  lm.setMaxfev(options.maxEvaluations);
  const auto status = lm.minimize(x);
  // Statuses 1–4: a tolerance met; 6–8: no further reduction possible at double precision (also a
  // minimum). 5 and UserAsked: the evaluation budget ran out first.
  Run run;
  run.p = functor.bounded(x);
  std::vector<double> r;
  run.evaluable = evaluator.evaluate(run.p, r);
  run.ssr = run.evaluable ? std::inner_product(r.begin(), r.end(), r.begin(), 0.0) : kInf;
  using S = Eigen::LevenbergMarquardtSpace::Status;
  run.converged = run.evaluable && status != S::TooManyFunctionEvaluation && status != S::UserAsked &&
                  status != S::ImproperInputParameters;
  return run;
}

/// A later start's sum of squares replaces the best so far only if lower by more than kStartTie relative:
/// two starts that end at the same minimum (their sums equal to round-off, which differs between the
/// native and the wasm build) keep the earlier one on every platform.
constexpr double kStartTie = 1e-9;
bool improves(double candidate, double best) {
  if (!(candidate < kInf)) return false;
  return !(best < kInf) || candidate < best * (1 - kStartTie);
}

// ---- Statistics at the result ----

/// ∂r/∂p at p: the problem's analytic Jacobian, or central differences in p with
/// h_j = max(ε, noise)^(1/3)·max(|p_j|, width·1e-6, 1e-12) (the step that balances truncation against
/// round-off or a run's noise for a central difference); one-sided where a bound is in the way.
Matrix jacobianInP(const LeastSquaresProblem& problem, const std::vector<double>& p, Evaluator& evaluator) {
  const auto n = static_cast<Eigen::Index>(problem.residualCount);
  Matrix jacobian = Matrix::Zero(n, static_cast<Eigen::Index>(p.size()));
  if (evaluator.analytic() && evaluator.evaluateJacobian(p, jacobian.data())) return jacobian;
  jacobian.setZero();
  // ε^(1/3) for double (2^(−52/3)), written out: the C library's cbrt differs between platforms.
  constexpr double kCubeRootEpsilon = 6.055454452393344e-06;
  const double relative = problem.residualNoise > std::numeric_limits<double>::epsilon()
                              ? portable::pow(problem.residualNoise, 1.0 / 3.0)
                              : kCubeRootEpsilon;
  std::vector<double> r0, up, down;
  evaluator.evaluate(p, r0);
  for (std::size_t j = 0; j < p.size(); ++j) {
    const double width = problem.upper[j] - problem.lower[j];
    const double h = relative * std::max({std::abs(p[j]), std::isfinite(width) ? width * 1e-6 : 0.0, 1e-12});
    std::vector<double> plus = p, minus = p;
    plus[j] = std::min(p[j] + h, problem.upper[j]);
    minus[j] = std::max(p[j] - h, problem.lower[j]);
    const bool okPlus = evaluator.evaluate(plus, up);
    const bool okMinus = evaluator.evaluate(minus, down);
    const std::vector<double>& a = okPlus ? up : r0;
    const std::vector<double>& b = okMinus ? down : r0;
    const double span = (okPlus ? plus[j] : p[j]) - (okMinus ? minus[j] : p[j]);
    if (span <= 0) continue;
    for (Eigen::Index i = 0; i < n; ++i)
      jacobian(i, static_cast<Eigen::Index>(j)) =
          (a[static_cast<std::size_t>(i)] - b[static_cast<std::size_t>(i)]) / span;
  }
  return jacobian;
}

/// The parameters that make up a near-null direction v of the scaled normal matrix, e.g. "a, b".
std::string namesAlong(const LeastSquaresProblem& problem, const Vector& direction) {
  std::string names;
  for (Eigen::Index j = 0; j < direction.size(); ++j) {
    if (std::abs(direction[j]) < 0.2) continue;
    names += (names.empty() ? "" : ", ") + problem.names[static_cast<std::size_t>(j)];
  }
  return names;
}

/// Step 1 of the statistics: parameters with no effect on the residuals at all, ‖J_j‖ times the
/// parameter's typical size (its value, its start, the width of its bounds) below 1e-10 of the largest
/// such effect. Each is warned about, and its column norm set to 1 so that the scaling stays finite.
std::vector<bool> findInert(const LeastSquaresProblem& problem, Vector& norms, LeastSquaresResult& result) {
  const auto k = static_cast<Eigen::Index>(problem.names.size());
  Vector effects(k);
  for (Eigen::Index j = 0; j < k; ++j) {
    const auto i = static_cast<std::size_t>(j);
    const double width = problem.upper[i] - problem.lower[i];
    const double typical = std::max(
        {std::abs(result.values[i]), std::abs(problem.start[i]), std::isfinite(width) ? width : 0.0, 1e-300});
    effects[j] = norms[j] * typical;
  }
  std::vector<bool> inert(static_cast<std::size_t>(k), false);
  for (Eigen::Index j = 0; j < k; ++j) {
    if (norms[j] > 0 && effects[j] > 1e-10 * effects.maxCoeff()) continue;
    inert[static_cast<std::size_t>(j)] = true;
    norms[j] = 1.0;
    result.warnings.push_back(
        "Parameter " + problem.names[static_cast<std::size_t>(j)] +
        " is not identifiable from these data: changing it does not change the residuals.");
  }
  return inert;
}

/// Step 2: a warning for each near-null direction of the scaled normal matrix (singular value below
/// 1e-6 of the largest) that mixes two or more parameters.
void warnNearSingular(const LeastSquaresProblem& problem, const Eigen::JacobiSVD<Matrix>& svd,
                      LeastSquaresResult& result) {
  const Vector& sigma = svd.singularValues();
  const double largest = sigma.size() > 0 ? sigma[0] : 0.0;
  for (Eigen::Index j = 0; j < sigma.size(); ++j) {
    if (sigma[j] > 1e-6 * largest) continue;
    const std::string names = namesAlong(problem, svd.matrixV().col(j));
    if (names.find(',') == std::string::npos) continue;  // a single inert parameter is already reported
    result.warnings.push_back(
        "Parameters " + names +
        " are not identifiable separately from these data: the normal matrix is near-singular "
        "(their effects on the residuals nearly cancel).");
  }
}

/// Step 3: C = s²·D⁻¹ V Σ⁻² Vᵀ D⁻¹, with 1/σ² = ∞ for a direction the data do not determine; the
/// standard errors √C_ii (∞ for an inert or undetermined parameter) and the correlations.
void addCovariance(const Eigen::JacobiSVD<Matrix>& svd, const Vector& norms, double s2,
                   const std::vector<bool>& inert, LeastSquaresResult& result) {
  const Vector& sigma = svd.singularValues();
  const double largest = sigma.size() > 0 ? sigma[0] : 0.0;
  const Eigen::Index k = norms.size();
  Vector inverseSquares(sigma.size());
  for (Eigen::Index j = 0; j < sigma.size(); ++j)
    inverseSquares[j] = sigma[j] > 1e-14 * largest ? 1.0 / (sigma[j] * sigma[j]) : kInf;
  const bool singular = !inverseSquares.allFinite();
  Matrix covariance = svd.matrixV() * inverseSquares.cwiseMin(1e300).asDiagonal() * svd.matrixV().transpose();
  covariance = s2 * norms.cwiseInverse().asDiagonal() * covariance * norms.cwiseInverse().asDiagonal();
  result.standardErrors.assign(static_cast<std::size_t>(k), kNaN);
  result.correlation.assign(static_cast<std::size_t>(k),
                            std::vector<double>(static_cast<std::size_t>(k), kNaN));
  for (Eigen::Index i = 0; i < k; ++i) {
    const bool unknown = inert[static_cast<std::size_t>(i)] || (singular && covariance(i, i) > 1e250);
    result.standardErrors[static_cast<std::size_t>(i)] =
        unknown ? kInf : std::sqrt(std::max(covariance(i, i), 0.0));
    for (Eigen::Index j = 0; j < k; ++j)
      result.correlation[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
          i == j ? 1.0 : covariance(i, j) / std::sqrt(covariance(i, i) * covariance(j, j));
  }
}

/// The upper factor R of Js = J·diag(1/norms) from the Cholesky factorisation of JsᵀJs (k(k + 1)/2 dot
/// products of J's columns in row order, no copy of J), where that is accurate: JsᵀJs positive definite and
/// R's singular values within 1e-4 of each other, so that the smallest is known to 1e-12 relative (the
/// normal matrix squares the condition number). False otherwise: then the QR of Js gives R.
bool choleskyFactor(const Eigen::Ref<const Matrix>& jacobian, const Vector& norms, Matrix& R) {
  const Eigen::Index k = jacobian.cols(), n = jacobian.rows();
  Matrix A(k, k);
  for (Eigen::Index a = 0; a < k; ++a)
    for (Eigen::Index b = 0; b <= a; ++b) {
      double dot = 0;
      for (Eigen::Index i = 0; i < n; ++i) dot += jacobian(i, a) * jacobian(i, b);
      A(a, b) = A(b, a) = dot / (norms[a] * norms[b]);
    }
  const Eigen::LLT<Matrix> cholesky(A);
  if (cholesky.info() != Eigen::Success) return false;
  R = cholesky.matrixU();
  const Eigen::JacobiSVD<Matrix> svd(R);
  const Vector& sigma = svd.singularValues();
  return sigma.size() > 0 && sigma[sigma.size() - 1] > 1e-4 * sigma[0];
}

/// Standard errors, correlations and the identifiability warnings from J at the result.
/// Columns are first scaled to unit length (D = diag ‖J_j‖), so that the condition of JsᵀJs measures
/// how nearly dependent the parameters' effects are, whatever their units: C = s²·D⁻¹(JsᵀJs)⁻¹D⁻¹.
/// The singular values and right singular vectors of Js are those of its k × k factor R (Js = QR): by
/// Cholesky where the parameters are well apart (J read in place: the curve's own kept copy, where it has
/// one), else by Householder QR of a scaled copy of J.
void addStatistics(const LeastSquaresProblem& problem, const Eigen::Ref<const Matrix>& jacobian,
                   LeastSquaresResult& result) {
  const auto k = static_cast<Eigen::Index>(problem.names.size());
  const auto n = static_cast<Eigen::Index>(problem.residualCount);
  const double s2 = n > k ? result.sumOfSquares / static_cast<double>(n - k) : kNaN;
  Vector norms = jacobian.colwise().norm();
  const std::vector<bool> inert = findInert(problem, norms, result);
  Matrix R;
  if (!choleskyFactor(jacobian, norms, R)) {
    Matrix scaled = jacobian * norms.cwiseInverse().asDiagonal();
    const Eigen::HouseholderQR<Eigen::Ref<Matrix>> qr(scaled);
    R = qr.matrixQR().topRows(k).triangularView<Eigen::Upper>();
  }
  const Eigen::JacobiSVD<Matrix> svd(R, Eigen::ComputeThinV);
  warnNearSingular(problem, svd, result);
  addCovariance(svd, norms, s2, inert, result);
}

/// A warning for each parameter that ended on a finite bound: within 1e-7 of the width of its bounds
/// (both finite: the logistic's σ(x) below 1e-7, x < −16), or of its start's distance from the bound (one
/// finite: e^x that small). Not relative to the start range: catalog ranges span up to 15 decades.
void warnAtBounds(const LeastSquaresProblem& problem, LeastSquaresResult& result) {
  for (std::size_t i = 0; i < result.values.size(); ++i) {
    const double l = problem.lower[i], u = problem.upper[i], p = result.values[i], start = problem.start[i];
    const bool both = std::isfinite(l) && std::isfinite(u);
    const bool atLower = std::isfinite(l) && p - l <= 1e-7 * (both ? u - l : std::max(start - l, 1e-300));
    const bool atUpper = std::isfinite(u) && u - p <= 1e-7 * (both ? u - l : std::max(u - start, 1e-300));
    if (!atLower && !atUpper) continue;
    result.warnings.push_back(
        "Parameter " + problem.names[i] + " ended at its " + (atLower ? "lower" : "upper") + " bound (" +
        formatNumber(atLower ? l : u) +
        "): the data pull it past the allowed range, so its value and standard error are not identified.");
  }
}

}  // namespace

LeastSquaresResult fitLeastSquares(const LeastSquaresProblem& problem, const LeastSquaresOptions& options) {
  checkProblem(problem);
  Evaluator evaluator(problem, options.maxEvaluations);
  // Step 1: Levenberg–Marquardt from each start; keep the least sum of squares.
  Run best;
  int evaluable = 0;
  bool stopped = false;
  std::size_t done = 0;
  const auto starts = spreadStarts(problem, std::max(1, options.starts), options.seed);
  for (std::size_t s = 0; s < starts.size() && !stopped; ++s, ++done) {
    // A closed form's Jacobian: the normal equations' solver (analytic_lm.cpp); a run's residuals (noisy,
    // costly): the secant solver (secant_lm.cpp); else Eigen's lmder with forward differences.
    Run run = problem.jacobian            ? analyticFrom(problem, starts[s], options, evaluator)
              : problem.residualNoise > 0 ? secantFrom(problem, starts[s], options, evaluator)
                                          : runFrom(problem, starts[s], options, evaluator);
    if (run.evaluable) ++evaluable;
    if (improves(run.ssr, best.ssr)) best = std::move(run);
    const FitProgress progress{static_cast<int>(s) + 1, static_cast<int>(starts.size()), evaluator.count(),
                               best.ssr};
    stopped = options.progress && !options.progress(progress) && s + 1 < starts.size();
  }
  if (!best.evaluable)
    throw InputError("data", "The fit could not evaluate the model at any of its " +
                                 std::to_string(std::max(1, options.starts)) +
                                 " starts: no parameter set in the ranges gives finite residuals.");
  // Step 2: the residuals, RMS and R² at the best point.
  LeastSquaresResult result;
  result.values = best.p;
  result.starts = starts;
  result.converged = best.converged && !stopped;
  result.startsTried = evaluable;
  if (best.residuals.size() == problem.residualCount)
    result.residuals = std::move(best.residuals);
  else
    evaluator.evaluate(best.p, result.residuals);
  result.sumOfSquares = best.ssr;
  result.rms = std::sqrt(best.ssr / static_cast<double>(problem.residualCount));
  if (std::isfinite(problem.totalSumOfSquares) && problem.totalSumOfSquares > 0)
    result.rSquared = 1.0 - best.ssr / problem.totalSumOfSquares;
  // Step 3: statistics and warnings.
  evaluator.restart(4 * static_cast<int>(problem.names.size()) + 2);
  // J at the result: the problem's kept one where its last evaluation was there, read in place.
  const double* kept = evaluator.keptJacobian(best.p);
  const auto rows = static_cast<Eigen::Index>(problem.residualCount);
  const auto columns = static_cast<Eigen::Index>(best.p.size());
  if (kept != nullptr)
    addStatistics(problem, Eigen::Map<const Matrix>(kept, rows, columns), result);
  else
    addStatistics(problem, jacobianInP(problem, best.p, evaluator), result);
  warnAtBounds(problem, result);
  if (stopped)
    result.warnings.push_back("The fit was stopped after " + std::to_string(done) + " of its " +
                              std::to_string(starts.size()) +
                              " starts: the values are the best point of those, not the fit's answer.");
  else if (!result.converged)
    result.warnings.push_back("The fit did not converge within " + std::to_string(options.maxEvaluations) +
                              " evaluations per start: the values are its best point so far, not a minimum.");
  result.evaluations = evaluator.count();
  return result;
}

}  // namespace friction
