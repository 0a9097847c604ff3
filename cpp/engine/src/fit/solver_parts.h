#pragma once
// The parts of the fits' least squares (least_squares.cpp) that its two solvers share: the change of
// variables that keeps the bounds, and the evaluator that counts evaluations and survives points that
// cannot be evaluated. Internal to cpp/engine/src/fit.

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "fit/portable_math.h"
#include "friction/errors.h"
#include "friction/fit.h"

namespace friction::solver {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// The residual a point that cannot be evaluated gets: larger than any real one, so LM rejects it.
constexpr double kPenalty = 1e150;

// ---- The change of variables p = T(x) (see the top of this file) ----
// In portable_math.h's exp and log, as every step of the solver is: the same bits on every platform.

inline double logistic(double x) { return 1.0 / (1.0 + portable::exp(-x)); }

inline double toBounded(double x, double lower, double upper) {
  x = std::clamp(x, -700.0, 700.0);  // e^700 is near double's largest: keep T finite
  if (std::isfinite(lower) && std::isfinite(upper)) return lower + (upper - lower) * logistic(x);
  if (std::isfinite(lower)) return lower + portable::exp(x);
  if (std::isfinite(upper)) return upper - portable::exp(x);
  return x;
}

/// dp/dx of T at x: (u − l)·σ(1 − σ), e^x, −e^x or 1.
inline double boundedSlope(double x, double lower, double upper) {
  x = std::clamp(x, -700.0, 700.0);
  if (std::isfinite(lower) && std::isfinite(upper)) {
    const double s = logistic(x);
    return (upper - lower) * s * (1 - s);
  }
  if (std::isfinite(lower)) return portable::exp(x);
  if (std::isfinite(upper)) return -portable::exp(x);
  return 1.0;
}

/// T⁻¹(p), with p first moved a hair inside a finite bound (T⁻¹ of the bound itself is ±∞).
inline double toFree(double p, double lower, double upper) {
  const double width = std::isfinite(lower) && std::isfinite(upper) ? upper - lower : 0.0;
  const double hair =
      1e-9 * (width > 0 ? width : std::max(1.0, std::abs(std::isfinite(lower) ? lower : upper)));
  if (std::isfinite(lower)) p = std::max(p, lower + hair);
  if (std::isfinite(upper)) p = std::min(p, upper - hair);
  if (std::isfinite(lower) && std::isfinite(upper)) return portable::log((p - lower) / (upper - p));
  if (std::isfinite(lower)) return portable::log(p - lower);
  if (std::isfinite(upper)) return portable::log(upper - p);
  return p;
}

// ---- Evaluating the residuals, counting evaluations, surviving points that cannot be evaluated ----

/// The problem's residuals (and Jacobian) as functions of p, counted against a budget. Returns false
/// when the problem could not evaluate p (InputError or SimulationError): r is then filled with kPenalty.
class Evaluator {
 public:
  Evaluator(const LeastSquaresProblem& problem, int budget) : problem_(problem), budget_(budget) {}

  bool evaluate(const std::vector<double>& p, std::vector<double>& r) {
    ++count_;
    r.resize(problem_.residualCount);  // every entry is written (or the penalty below)
    const bool evaluated = guarded([&] { problem_.residuals(p, r); });
    if (r.size() != problem_.residualCount) throw std::logic_error("fitLeastSquares: residuals resized r");
    if (evaluated && allFinite(r.data(), r.size())) return true;
    std::fill(r.begin(), r.end(), kPenalty);
    return false;
  }

  /// The Jacobian ∂r/∂p (column-major, residualCount × k) into `jacobian`; false where it cannot be had.
  bool evaluateJacobian(const std::vector<double>& p, double* jacobian) {
    ++count_;
    const std::size_t size = problem_.residualCount * p.size();
    return guarded([&] { problem_.jacobian(p, jacobian); }) && allFinite(jacobian, size);
  }

  /// The Jacobian at p as the problem kept it from its last residual evaluation (counted as an
  /// evaluation of the Jacobian), or nullptr where it kept none for p or it is not finite.
  const double* keptJacobian(const std::vector<double>& p) {
    if (!problem_.keptJacobian) return nullptr;
    const double* kept = problem_.keptJacobian(p);
    if (kept == nullptr) return nullptr;
    ++count_;
    return allFinite(kept, problem_.residualCount * p.size()) ? kept : nullptr;
  }

  bool analytic() const { return static_cast<bool>(problem_.jacobian); }
  bool exhausted() const { return count_ >= budget_; }
  int count() const { return count_; }
  void restart(int budget) { budget_ = count_ + budget; }

 private:
  template <class Body>
  static bool guarded(Body&& body) {
    try {
      body();
      return true;
    } catch (const InputError&) {
      return false;
    } catch (const SimulationError&) {
      return false;
    }
  }
  static bool allFinite(const double* values, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
      if (!std::isfinite(values[i])) return false;  // a non-finite value is as unusable as a thrown one
    return true;
  }

  const LeastSquaresProblem& problem_;
  int budget_;
  int count_ = 0;
};

/// One start's outcome.
struct Run {
  std::vector<double> p;
  std::vector<double> residuals;  ///< r(p), where the solver has them (else empty: evaluated again)
  double ssr = kInf;
  bool converged = false;
  bool evaluable = false;
};

/// Levenberg–Marquardt on the normal equations for problems with an analytic Jacobian (analytic_lm.cpp).
Run analyticFrom(const LeastSquaresProblem& problem, const std::vector<double>& start,
                 const LeastSquaresOptions& options, Evaluator& evaluator);

/// The secant Levenberg–Marquardt for problems whose residuals are a run's, noisy and costly (secant_lm.cpp).
Run secantFrom(const LeastSquaresProblem& problem, const std::vector<double>& start,
               const LeastSquaresOptions& options, Evaluator& evaluator);

}  // namespace friction::solver
