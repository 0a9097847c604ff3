#pragma once
// Fitting: bounded nonlinear least squares (the generic layer), and on it the fits of a catalog law
// to measured data: a friction curve, a time record driven through the spring-block, a presliding run;
// and the conversion of one law into another over a velocity range.

#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "friction/parameters.h"
#include "friction/scenario.h"
#include "friction/value.h"

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

/// Where a fit stands, after each of its starts.
struct FitProgress {
  int start = 0, starts = 0;    ///< starts done, of how many
  int evaluations = 0;          ///< residual evaluations so far
  double bestSumOfSquares = 0;  ///< the least sum of squares so far (infinity: none evaluable yet)
};

struct LeastSquaresOptions {
  int starts = 1;  ///< 1: the given start only; more: that one plus starts−1 spread over the ranges
  int maxEvaluations = 2000;  ///< residual evaluations per start (the Jacobian's included)
  double tolerance = 1e-10;   ///< relative tolerance on the sum of squares and on the step
  unsigned seed = 1;          ///< of the spread starts' random strata
  /// Called after each start (the page's progress line). Returning false stops the fit: it then
  /// returns its best point so far, not converged, with the warning that it was stopped.
  std::function<bool(const FitProgress&)> progress;
};

struct LeastSquaresResult {
  std::vector<double> values, standardErrors;  ///< standard errors from (JᵀJ)⁻¹·s², s² = SSR/(n − p)
  std::vector<std::vector<double>> correlation;
  std::vector<double> residuals;
  double rms = 0, rSquared = std::numeric_limits<double>::quiet_NaN();  ///< R² when the caller gives SST
  double sumOfSquares = 0;                                              ///< SSR at the result
  bool converged = false;
  int evaluations = 0;                ///< residual evaluations over all starts
  int startsTried = 0;                ///< starts that could be evaluated at all
  std::vector<std::string> warnings;  ///< not identifiable, at a bound, not converged
};

/// Solves `problem` with Eigen's Levenberg–Marquardt (MINPACK's lmder) from each start, and keeps the
/// start with the least sum of squares. Bounds are kept by a change of variables (least_squares.cpp).
/// Throws InputError when the problem is malformed (sizes, bounds, start outside the bounds, fewer
/// residuals than parameters) or when no start can be evaluated.
LeastSquaresResult fitLeastSquares(const LeastSquaresProblem& problem, const LeastSquaresOptions& options);

/// What the data are and what the law's output is compared with.
enum class FitKind {
  Curve,   ///< μ(v) or F(v) points: the law's steady friction at each velocity (with N)
  Record,  ///< a time record of the spring-block driven as the scenario says: friction, velocity or position
  Presliding,  ///< a presliding run (preslidingModel's force protocol): displacement or friction against time
};

/// A fit of one catalog law. Parameter keys are the law's ("mu_s", "a"); a system parameter of a
/// record is "system.KEY" ("system.c", the spring's stiffness). Values not free are fixed at
/// `params` (or the catalog's defaults); free ones start there and stay within their catalog range.
struct FitRequest {
  FitKind kind = FitKind::Curve;
  std::string law;
  ParamList params;
  std::vector<std::string> free;
  /// Curve: "mu" or "force"; Record: "friction", "velocity" or "position"; Presliding: "position" or
  /// "friction".
  std::string compare;
  double N = 1;          ///< Curve: the normal force [N] (F = μ·N)
  Scenario scenario;     ///< Record: system, drive and protocol (its law and params are set by the fit)
  ParamList presliding;  ///< Presliding: the protocol (m, N, amplitude, rate, hold)
  std::vector<double> x,
      y;  ///< Curve: v [m/s] and μ or F [N]; Record/Presliding: t [s] and the compared quantity (SI)
  LeastSquaresOptions options{8, 2000, 1e-10, 1, {}};
  /// Record and Presliding: told the fraction done of each model run as it advances (the runs' own
  /// progress hooks); an exception thrown from it ends the fit. A caller's time budget within a start,
  /// where a run of a stiff law can take seconds (options.progress is called only between starts).
  std::function<void(double)> runProgress;
};

struct FitResult {
  LeastSquaresResult fit;  ///< values and statistics of the free parameters, in `free`'s order
  std::vector<std::string> free;
  ParamList params;            ///< every law parameter after the fit (fixed and fitted), for a run
  ParamList system;            ///< Record: the system after the fit
  std::vector<double> fitted;  ///< the model's value at each data point
  std::vector<double> x, y;    ///< the data as the fit read them, in SI (a page plots them beside `fitted`)
};

/// Fits `request.law` to the data. Throws InputError naming the field (free[2], params.a, data) for a
/// bad request; a fit that does not converge returns its best point with converged = false.
FitResult fitLaw(const FitRequest& request);

/// Law `to` fitted to law `from`'s steady friction force over [vMin, vMax] at normal force N.
struct ConversionRequest {
  std::string from, to;
  ParamList fromParams, toParams;  ///< toParams: the fixed values and the starts of the free ones
  std::vector<std::string> free;   ///< empty: every number parameter of `to` but its normal force
  double vMin = 1e-4, vMax = 1, N = 1;
  int count = 200;  ///< velocities, log-spaced when vMax/vMin ≥ 100 and vMin > 0
  LeastSquaresOptions options{8, 2000, 1e-12, 1, {}};
};

struct ConversionResult {
  FitResult fit;
  std::vector<double> v, fromForce, toForce;  ///< the comparison's velocities and both laws' forces [N]
  double maxAbsoluteDeviation = 0;            ///< max |F_to − F_from| [N]
  /// Where [m/s]: the first velocity of the largest deviation; NaN where the laws agree everywhere.
  double atVelocityAbsolute = NAN;
  /// max |F_to − F_from| / |F_from| over points where F_from ≠ 0; NaN where there is none.
  double maxRelativeDeviation = NAN;
  double atVelocityRelative = NAN;  ///< where [m/s]; NaN as above
};

ConversionResult convertLaw(const ConversionRequest& request);

/// Reads a fit request: { "law", "params", "free": [KEY...], "data": DATA, "scenario" (a record's
/// system and drive), "presliding" (a presliding run's protocol), "options" } with DATA = { "kind",
/// "compare", "file", "text" (the CSV itself; the CLI reads it from "file"), "x", "y", "units", "N" },
/// whose kinds, columns and units fitOptionsValue() lists. One reader for the CLI, bindings and fuzzer.
FitRequest readFitRequest(const Value& value);
/// { "from", "fromParams", "to", "toParams", "free", "vMin", "vMax", "N", "count", "options" }.
ConversionRequest readConversionRequest(const Value& value);

/// What a fit request may ask, for a page's menus: { kinds: [{ id, x: { column, quantity, units },
/// compares: [{ id, quantity, units }] }] }, units SI first. Declared once, in the reader.
Value fitOptionsValue();

/// The result as a Value tree (what the CLI prints as JSON and the bindings return).
Value fitResultValue(const FitResult& result);
Value conversionResultValue(const ConversionResult& result);

}  // namespace friction
