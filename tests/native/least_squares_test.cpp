// The generic least-squares layer (friction/fit.h) on closed-form models with seeded noise: it finds the
// true parameters within three standard errors, its standard errors match the spread over 50 noisy
// replicas, its bounds hold, and it flags what the data cannot determine.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "friction/fit.h"
#include "support/seeded_noise.h"

using namespace friction;
using Catch::Matchers::Contains;
using noise::gaussian;

namespace {

// y = A·exp(−x/τ) + B on x ∈ [0, 5]: a decay with an offset, every parameter visible in the data.
double decay(const std::vector<double>& p, double x) { return p[0] * std::exp(-x / p[1]) + p[2]; }

struct Data {
  std::vector<double> x, y;
};

Data noisyDecay(const std::vector<double>& truth, double sigma, unsigned seed, int n = 200) {
  std::mt19937 rng(seed);
  Data data;
  for (int i = 0; i < n; ++i) {
    const double x = 5.0 * i / (n - 1);
    data.x.push_back(x);
    data.y.push_back(decay(truth, x) + sigma * gaussian(rng));
  }
  return data;
}

LeastSquaresProblem decayProblem(const Data& data) {
  LeastSquaresProblem problem;
  problem.names = {"A", "tau", "B"};
  problem.start = {1.0, 1.0, 0.0};
  problem.lower = {0.0, 1e-3, -10.0};
  problem.upper = {10.0, 100.0, 10.0};
  problem.logScale = {false, true, false};
  problem.residualCount = data.x.size();
  problem.residuals = [data](const std::vector<double>& p, std::vector<double>& r) {
    for (std::size_t i = 0; i < data.x.size(); ++i) r[i] = decay(p, data.x[i]) - data.y[i];
  };
  return problem;
}

}  // namespace

TEST_CASE("Least squares recovers a decay's parameters within three standard errors", "[fit]") {
  const std::vector<double> truth{2.0, 0.7, 0.3};
  const LeastSquaresResult fit =
      fitLeastSquares(decayProblem(noisyDecay(truth, 0.02, 11)), {4, 2000, 1e-10, 1, {}});
  REQUIRE(fit.converged);
  for (std::size_t i = 0; i < truth.size(); ++i) {
    INFO("parameter " << i << " = " << fit.values[i] << " ± " << fit.standardErrors[i]);
    CHECK(std::abs(fit.values[i] - truth[i]) < 3 * fit.standardErrors[i]);
  }
  // The RMS residual estimates the noise's σ (n ≫ k).
  CHECK(fit.rms == Approx(0.02).epsilon(0.15));
  CHECK(fit.warnings.empty());
}

TEST_CASE("Least squares' standard errors match the spread over 50 noisy replicas within ×1.5", "[fit]") {
  const std::vector<double> truth{2.0, 0.7, 0.3};
  std::vector<std::vector<double>> values(3);
  std::vector<double> reported(3, 0.0);
  for (unsigned replica = 0; replica < 50; ++replica) {
    const LeastSquaresResult fit = fitLeastSquares(decayProblem(noisyDecay(truth, 0.02, 100 + replica)), {});
    for (std::size_t i = 0; i < 3; ++i) {
      values[i].push_back(fit.values[i]);
      reported[i] += fit.standardErrors[i] / 50;
    }
  }
  for (std::size_t i = 0; i < 3; ++i) {
    double mean = 0, var = 0;
    for (double v : values[i]) mean += v / 50;
    for (double v : values[i]) var += (v - mean) * (v - mean) / 49;
    INFO("parameter " << i << ": spread " << std::sqrt(var) << ", reported " << reported[i]);
    CHECK(reported[i] / std::sqrt(var) < 1.5);
    CHECK(std::sqrt(var) / reported[i] < 1.5);
  }
}

TEST_CASE("Least squares converges from a poor start when several starts are spread over the ranges",
          "[fit]") {
  const std::vector<double> truth{2.0, 0.05, 0.3};
  LeastSquaresProblem problem = decayProblem(noisyDecay(truth, 0.001, 5));
  problem.start = {9.0, 90.0, -9.0};
  const LeastSquaresResult fit = fitLeastSquares(problem, {12, 2000, 1e-10, 3, {}});
  CHECK(fit.values[1] == Approx(0.05).epsilon(0.02));
  CHECK(fit.rms < 0.0015);
}

TEST_CASE("Least squares flags two parameters that enter only as their product", "[fit]") {
  // y = (a·b)·x: only a·b is determined.
  LeastSquaresProblem problem;
  problem.names = {"a", "b"};
  problem.start = {1.0, 1.0};
  problem.lower = {0.1, 0.1};
  problem.upper = {10.0, 10.0};
  problem.residualCount = 20;
  problem.residuals = [](const std::vector<double>& p, std::vector<double>& r) {
    for (std::size_t i = 0; i < r.size(); ++i) r[i] = p[0] * p[1] * i - 3.0 * i + 0.01 * std::sin(7.0 * i);
  };
  const LeastSquaresResult fit = fitLeastSquares(problem, {});
  CHECK(fit.values[0] * fit.values[1] == Approx(3.0).epsilon(1e-3));
  std::string all;
  for (const auto& warning : fit.warnings) all += warning + "\n";
  CHECK_THAT(all, Contains("a, b are not identifiable"));
  CHECK(std::abs(fit.correlation[0][1]) > 0.999);
}

TEST_CASE("Least squares keeps its bounds and says when a parameter ends on one", "[fit]") {
  // The data want B = −1; B is held to [0, 10].
  Data data = noisyDecay({2.0, 0.7, -1.0}, 0.01, 3);
  LeastSquaresProblem problem = decayProblem(data);
  problem.lower[2] = 0.0;
  const LeastSquaresResult fit = fitLeastSquares(problem, {});
  CHECK(fit.values[2] >= 0.0);
  CHECK(fit.values[2] < 1e-5);
  REQUIRE_FALSE(fit.warnings.empty());
  CHECK_THAT(fit.warnings.front(), Contains("B ended at its lower bound"));
}

TEST_CASE("Least squares reports a fit stopped by its budget as not converged, with its best point",
          "[fit]") {
  LeastSquaresProblem problem = decayProblem(noisyDecay({2.0, 0.7, 0.3}, 0.02, 9));
  problem.start = {9.0, 50.0, -5.0};
  std::vector<double> r(problem.residualCount);
  problem.residuals(problem.start, r);
  double startSsr = 0;
  for (double v : r) startSsr += v * v;
  const LeastSquaresResult fit = fitLeastSquares(problem, {1, 12, 1e-10, 1, {}});
  CHECK_FALSE(fit.converged);
  CHECK(fit.sumOfSquares < startSsr);
  CHECK_THAT(fit.warnings.back(), Contains("did not converge"));
}

TEST_CASE("Least squares refuses fewer residuals than free parameters", "[fit]") {
  LeastSquaresProblem problem = decayProblem(noisyDecay({2.0, 0.7, 0.3}, 0.02, 9, 2));
  CHECK_THROWS_WITH(fitLeastSquares(problem, {}), Contains("2 residuals for 3 free parameters"));
}

TEST_CASE("Least squares reports each start, and stops with its best point when told to", "[fit]") {
  const std::vector<double> truth{2.0, 0.7, 0.3};
  const LeastSquaresProblem problem = decayProblem(noisyDecay(truth, 0.02, 11));
  std::vector<FitProgress> seen;
  LeastSquaresOptions options{6, 2000, 1e-10, 1, {}};
  options.progress = [&](const FitProgress& progress) {
    seen.push_back(progress);
    return true;
  };
  const LeastSquaresResult full = fitLeastSquares(problem, options);
  REQUIRE(seen.size() == 6);
  for (std::size_t k = 0; k < seen.size(); ++k) {
    CHECK(seen[k].start == int(k) + 1);
    CHECK(seen[k].starts == 6);
    if (k > 0) CHECK(seen[k].evaluations > seen[k - 1].evaluations);
    if (k > 0)
      CHECK(seen[k].bestSumOfSquares <= seen[k - 1].bestSumOfSquares);  // the best so far never worsens
  }
  CHECK(full.converged);
  CHECK(seen.back().bestSumOfSquares == Approx(full.sumOfSquares).epsilon(1e-12));

  // Stopped after the second start: that start's best point, marked as not converged, with its warning.
  seen.clear();
  options.progress = [&](const FitProgress& progress) {
    seen.push_back(progress);
    return progress.start < 2;
  };
  const LeastSquaresResult stopped = fitLeastSquares(problem, options);
  CHECK(seen.size() == 2);
  CHECK_FALSE(stopped.converged);
  CHECK(stopped.sumOfSquares == Approx(seen.back().bestSumOfSquares).epsilon(1e-12));
  bool warned = false;
  for (const std::string& warning : stopped.warnings)
    warned = warned || warning.find("stopped after 2 of its 6 starts") != std::string::npos;
  CHECK(warned);
}
