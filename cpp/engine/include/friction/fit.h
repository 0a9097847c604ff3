#pragma once
// Fitting: bounded nonlinear least squares (the generic layer), and on it the fits of a catalog law
// to measured data (fit_laws.h).

#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace friction {

/// A bounded nonlinear least-squares problem: minimise Σ r_i(p)² over lower ≤ p ≤ upper.
struct LeastSquaresProblem {
  std::vector<std::string> names;           ///< parameter keys, for messages and the result
  std::vector<double> start, lower, upper;  ///< bounds may be ±infinity
  std::size_t residualCount = 0;
  /// Fills r (size residualCount) at p; may throw friction::InputError (or SimulationError) for a p it
  /// cannot evaluate: the solver then treats that p as a rejected step.
  std::function<void(const std::vector<double>& p, std::vector<double>& r)> residuals;
  /// Where the multi-start spreads its extra starts: [startLow, startHigh] per parameter (empty: the
  /// bounds, which must then be finite). A catalog's slider range, typically.
  std::vector<double> startLow, startHigh;
  /// Per parameter: spread the starts evenly in log p (a range that spans decades). Empty: all linear.
  std::vector<bool> logScale;
  /// The data's total sum of squares Σ(y − ȳ)², for R² = 1 − SSR/SST; NaN: no R².
  double totalSumOfSquares = std::numeric_limits<double>::quiet_NaN();
};

struct LeastSquaresOptions {
  int starts = 1;              ///< 1: the given start only; more: that one plus starts−1 spread over the ranges
  int maxEvaluations = 2000;   ///< residual evaluations per start (the Jacobian's included)
  double tolerance = 1e-10;    ///< relative tolerance on the sum of squares and on the step
  unsigned seed = 1;           ///< of the spread starts' random strata
};

struct LeastSquaresResult {
  std::vector<double> values, standardErrors;  ///< standard errors from (JᵀJ)⁻¹·s², s² = SSR/(n − p)
  std::vector<std::vector<double>> correlation;
  std::vector<double> residuals;
  double rms = 0, rSquared = std::numeric_limits<double>::quiet_NaN();  ///< R² when the caller gives SST
  double sumOfSquares = 0;  ///< SSR at the result
  bool converged = false;
  int evaluations = 0;      ///< residual evaluations over all starts
  int startsTried = 0;      ///< starts that could be evaluated at all
  std::vector<std::string> warnings;  ///< not identifiable, at a bound, not converged
};

/// Solves `problem` with Eigen's Levenberg–Marquardt (MINPACK's lmder) from each start, and keeps the
/// start with the least sum of squares. Bounds are kept by a change of variables (least_squares.cpp).
/// Throws InputError when the problem is malformed (sizes, bounds, start outside the bounds, fewer
/// residuals than parameters) or when no start can be evaluated.
LeastSquaresResult fitLeastSquares(const LeastSquaresProblem& problem, const LeastSquaresOptions& options);

}  // namespace friction
