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
  /// Optional: ∂r_i/∂p_j at p, written column by column into `jacobian` (residualCount × k, column-major;
  /// every entry, since the buffer is reused); may throw as `residuals` does. Without it the solver
  /// differentiates `residuals` by forward differences (k evaluations per Jacobian).
  std::function<void(const std::vector<double>& p, double* jacobian)> jacobian;
  /// Optional, with `jacobian`: the Jacobian at p (column-major, as `jacobian` writes it) if the problem
  /// kept it from its last residual evaluation at exactly that p, else nullptr; valid until the next
  /// evaluation. The solver then reads it in place: a million points' Jacobian is neither copied nor
  /// held twice.
  std::function<const double*(const std::vector<double>& p)> keptJacobian;
  /// The relative noise of an evaluation of the residuals (0: round-off only). A record's model is a run
  /// whose adaptive steps change with p, so its residuals move by about its tolerance at random: the
  /// forward differences then step by √noise instead of √ε, where that noise would swamp the difference.
  double residualNoise = 0;
  /// The size the noise is relative to (the model's values: a record's largest |y|): each residual then
  /// moves by about residualNoise·noiseScale at random, and the sum of squares S by 2·that·√S.
  double noiseScale = 1;
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
  int evaluations = 0;  ///< evaluations over all starts: residuals, or residuals' Jacobian
  int startsTried = 0;  ///< starts that could be evaluated at all
  std::vector<std::vector<double>> starts;  ///< the point each start began from, the given start first
  std::vector<std::string> warnings;        ///< not identifiable, at a bound, not converged
};

/// Solves `problem` with Eigen's Levenberg–Marquardt (MINPACK's lmder) from each start, and keeps the
/// start with the least sum of squares: a later start replaces an earlier one only if its sum is lower by
/// more than 1e-9 relative, so that last-bit differences between platforms cannot choose another start.
/// Bounds are kept by a change of variables (least_squares.cpp).
/// Throws InputError when the problem is malformed (sizes, bounds, start outside the bounds, fewer
/// residuals than parameters) or when no start can be evaluated.
LeastSquaresResult fitLeastSquares(const LeastSquaresProblem& problem, const LeastSquaresOptions& options);

/// What the data are and what the law's output is compared with.
enum class FitKind {
  Curve,   ///< μ(v) or F(v) points: the law's steady friction at each velocity (with N)
  Record,  ///< a time record of the spring-block driven as the scenario says: friction, velocity or position
  Presliding,  ///< a presliding run (preslidingModel's force protocol): displacement or friction against time
};

/// One record of a joint fit (FitRequest::records): its data and the system it runs on.
struct FitRecord {
  std::string file;           ///< its name, for messages and the result
  Scenario scenario;          ///< its system, drive and protocol (the law and params are the fit's)
  std::vector<double> x, y;   ///< t [s] and the compared quantity (SI)
  std::vector<double> sigma;  ///< the standard deviation of each y (empty: equal weights)
};

/// A fit of one catalog law. Parameter keys are the law's ("mu_s", "a"); a system parameter of a
/// record is "system.KEY" ("system.c", the spring's stiffness). Values not free are fixed at
/// `params` (or the catalog's defaults); free ones start there and stay within their catalog range.
/// Several records fitted jointly (`records`) share the law's values; "system.KEY" then frees each
/// record's own value ("records[1].system.c" one record's only), as RSFit3000 fits a series of velocity
/// steps each with its own stiffness.
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
  /// The standard deviation σ of each y, in y's unit (empty: equal weights): residuals are (model − y)/σ.
  std::vector<double> sigma;
  std::vector<FitRecord> records;  ///< Record: several records fitted jointly (then x, y and scenario unused)
  std::vector<std::string> notes;  ///< what the data's reader found and chose, for the result (FitResult)
  LeastSquaresOptions options{8, 2000, 1e-10, 1, {}};
  /// Record and Presliding: told the fraction done of each model run as it advances (the runs' own
  /// progress hooks); an exception thrown from it ends the fit. A caller's time budget within a start,
  /// where a run of a stiff law can take seconds (options.progress is called only between starts).
  std::function<void(double)> runProgress;
};

/// A record's part of a joint fit's result.
struct FitRecordResult {
  std::string file;
  ParamList system;                             ///< its system after the fit
  std::vector<double> x, y, fitted, residuals;  ///< its data, the model at its times, model − data
};

struct FitResult {
  LeastSquaresResult fit;  ///< values and statistics of the free parameters, in `free`'s order
  std::vector<std::string> free;
  std::vector<FitRecordResult> records;  ///< a joint fit's records (then x, y, fitted are empty)
  std::vector<std::string> notes;        ///< the reader's notes (FitRequest::notes)
  ParamList params;                      ///< every law parameter after the fit (fixed and fitted), for a run
  ParamList system;                      ///< Record: the system after the fit
  std::vector<double> fitted;            ///< the model's value at each data point
  std::vector<double> x, y;  ///< the data as the fit read them, in SI (a page plots them beside `fitted`)
  double rms = 0;            ///< √(Σ(fitted − y)²/n) in y's unit, unweighted
  bool weighted = false;     ///< σ was given: fit.sumOfSquares is χ² = Σ((fitted − y)/σ)²
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
/// "compare", "file", "text" (the file's text; the CLI reads it from "file"), "x", "y", "sigma" (a column
/// of standard deviations), "units", "N", "delimiter", "decimal", "headerLine", "signs" }, whose kinds,
/// columns and units fitOptionsValue() lists; or, for records fitted jointly, "records": [{ "data",
/// "scenario" }, …] in place of "data" and "scenario". One reader for the CLI, bindings and fuzzer.
FitRequest readFitRequest(const Value& value);

/// How an instrument's text reads: { "text", "file", "delimiter", "decimal", "headerLine" } (the last three
/// optional, as in DATA) → { delimiter, decimal, headerLine, lineEnds, byteOrderMark, columns: [NAME…],
/// rows, metadata: [LINE…], notes: [SENTENCE…] }: what a page shows before a fit, with the choices to
/// change. Throws InputError (field "data") where the text cannot be read, naming the cause.
Value inspectData(const Value& value);
/// { "from", "fromParams", "to", "toParams", "free", "vMin", "vMax", "N", "count", "options" }.
ConversionRequest readConversionRequest(const Value& value);

/// The parameters a fit of `law` to data of `kind` frees unless told otherwise (a page ticks them when the
/// law is chosen): every number parameter but the law's normal force and its contact's regularisation,
/// and but a second offset (a parameter that, like μ0 before it, shifts the steady friction alike at every
/// speed: rate-and-state's V*); for a curve, of those only the ones its steady curve depends on and that
/// the curve can tell apart — each whose column of ∂F/∂p, at the catalog's defaults over 10 µm/s … 1 m/s,
/// is not within 1e-6 of the span of the columns before it (rate-and-state's steady state
/// μ0 + (a − b)·ln(v/V*) gives μ0 and a; LuGre's gives Fc, Fs, vs and σ2, not σ0 and σ1).
std::vector<std::string> defaultFree(const std::string& law, FitKind kind);

/// What a fit request may ask, for a page's menus: { kinds: [{ id, x: { column, quantity, units, factors },
/// compares: [{ id, quantity, units, factors }] }], free: { law: { curve, record, presliding } } }, units SI
/// first with each one's factor to SI, and defaultFree's parameters for each law and kind. Declared once,
/// in the reader.
Value fitOptionsValue();

/// The result as a Value tree (what the CLI prints as JSON and the bindings return). Without `columns`,
/// the per-point lists (x, y, fitted, residuals, and a joint fit's records' own) are left out: a caller
/// with a million points writes them from FitResult itself (a Value per number would take 100 bytes).
Value fitResultValue(const FitResult& result, bool columns = true);
Value conversionResultValue(const ConversionResult& result);

}  // namespace friction
