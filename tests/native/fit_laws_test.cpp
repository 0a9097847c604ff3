// Fits of catalog laws (friction/fit.h) to synthetic data made here from closed forms with a seeded
// generator (never from the fitter): LuGre's steady Stribeck curve (Canudas de Wit et al. 1995, eq. 4),
// the rate-and-state steady state μ0 + (a − b) ln(V/V*) and the stiff slider's velocity step (Ruina 1983's
// slip law); the conversion of one law into another; the CSV reader's refusals by row and column.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "friction/fit.h"
#include "support/seeded_noise.h"

using namespace friction;
using Catch::Matchers::Contains;
using noise::gaussian;

namespace {

// LuGre's steady friction: F = Fc + (Fs − Fc) e^(−(v/vs)²) + σ2 v  (Canudas de Wit et al. 1995, eq. 4).
constexpr double kFc = 1.0, kFs = 1.5, kVs = 1e-3, kSigma2 = 0.4;
double stribeck(double v) { return kFc + (kFs - kFc) * std::exp(-(v / kVs) * (v / kVs)) + kSigma2 * v; }

FitRequest stribeckRequest(unsigned seed, int n = 1000, double sigma = 0.005, double vMax = 0.01,
                           double vMin = 0) {
  std::mt19937 rng(seed);
  FitRequest request;
  request.kind = FitKind::Curve;
  request.law = "lugre";
  request.compare = "force";
  request.free = {"Fc", "Fs", "vs", "sigma2"};
  for (int i = 0; i < n; ++i) {
    const double v = vMin + (vMax - vMin) * (i + 1) / n;
    request.x.push_back(v);
    request.y.push_back(stribeck(v) + sigma * gaussian(rng));
  }
  return request;
}

std::string joined(const std::vector<std::string>& warnings) {
  std::string all;
  for (const auto& warning : warnings) all += warning + "\n";
  return all;
}

// The fitted value of `key`, and its standard error.
std::pair<double, double> fitted(const FitResult& result, const std::string& key) {
  for (std::size_t i = 0; i < result.free.size(); ++i)
    if (result.free[i] == key) return {result.fit.values[i], result.fit.standardErrors[i]};
  FAIL("no free parameter " << key);
  return {NAN, NAN};
}

}  // namespace

TEST_CASE("A Stribeck curve (LuGre's steady state) is recovered within three standard errors",
          "[fit][laws]") {
  const FitResult result = fitLaw(stribeckRequest(7));
  REQUIRE(result.fit.converged);
  for (const auto& [key, truth] : std::vector<std::pair<std::string, double>>{
           {"Fc", kFc}, {"Fs", kFs}, {"vs", kVs}, {"sigma2", kSigma2}}) {
    const auto [value, se] = fitted(result, key);
    INFO(key << " = " << value << " ± " << se << " (true " << truth << ")");
    CHECK(std::abs(value - truth) < 3 * se);
  }
  CHECK(result.fit.rSquared > 0.99);
  CHECK(result.fit.warnings.empty());
}

TEST_CASE("The Stribeck fit's standard errors match the spread over 50 noisy replicas within ×1.5",
          "[fit][laws]") {
  const std::vector<std::string> keys{"Fc", "Fs", "vs", "sigma2"};
  std::vector<std::vector<double>> values(4);
  std::vector<double> reported(4, 0.0);
  for (unsigned replica = 0; replica < 50; ++replica) {
    FitRequest request = stribeckRequest(1000 + replica, 200);
    request.options.starts = 1;
    const FitResult result = fitLaw(request);
    for (std::size_t i = 0; i < 4; ++i) {
      values[i].push_back(result.fit.values[i]);
      reported[i] += result.fit.standardErrors[i] / 50;
    }
  }
  for (std::size_t i = 0; i < 4; ++i) {
    double mean = 0, var = 0;
    for (double v : values[i]) mean += v / 50;
    for (double v : values[i]) var += (v - mean) * (v - mean) / 49;
    INFO(keys[i] << ": spread " << std::sqrt(var) << ", reported " << reported[i]);
    CHECK(reported[i] / std::sqrt(var) < 1.5);
    CHECK(std::sqrt(var) / reported[i] < 1.5);
  }
}

TEST_CASE("A Stribeck velocity far below every data point is flagged as not identifiable", "[fit][laws]") {
  // Data from 1 to 10 m/s with vs = 1 mm/s: e^(−(v/vs)²) underflows to 0, so neither Fs nor vs acts.
  // From the catalog's start (vs = 1 mm/s), with Fc and σ2 fixed at their true values.
  FitRequest request = stribeckRequest(3, 200, 0.005, 10.0, 1.0);
  request.params = {{"Fc", kFc}, {"sigma2", kSigma2}};
  request.free = {"Fs", "vs"};
  request.options.starts = 1;
  const FitResult result = fitLaw(request);
  const std::string all = joined(result.fit.warnings);
  CHECK_THAT(all, Contains("Fs is not identifiable"));
  CHECK_THAT(all, Contains("vs is not identifiable"));
}

TEST_CASE(
    "Rate-and-state steady state: a and b enter only as a − b, and are flagged; μ0 and a − b are recovered",
    "[fit][laws]") {
  // μ_ss = μ0 + (a − b) ln(V/V*) (Dieterich 1979; Ruina 1983), V from 1e-7 to 1e-3 m/s, σ = 1e-4.
  const double mu0 = 0.6, a = 0.012, b = 0.016, Vstar = 1e-6;
  std::mt19937 rng(21);
  FitRequest request;
  request.law = "rsf";
  request.compare = "mu";
  request.params = {{"Vstar", Vstar}, {"b1", b}};
  for (int i = 0; i < 100; ++i) {
    const double V = 1e-7 * std::pow(1e4, i / 99.0);
    request.x.push_back(V);
    request.y.push_back(mu0 + (a - b) * std::log(V / Vstar) + 1e-4 * gaussian(rng));
  }
  request.free = {"mu0", "a", "b1"};
  const FitResult both = fitLaw(request);
  CHECK_THAT(joined(both.fit.warnings), Contains("a, b1 are not identifiable separately"));
  request.free = {"mu0", "a"};
  const FitResult one = fitLaw(request);
  REQUIRE(one.fit.converged);
  const auto [fittedMu0, seMu0] = fitted(one, "mu0");
  const auto [fittedA, seA] = fitted(one, "a");
  CHECK(std::abs(fittedMu0 - mu0) < 3 * seMu0);
  CHECK(std::abs(fittedA - a) < 3 * seA);
}

TEST_CASE("A velocity-step record on a stiff slider gives back a, b and Dc within three standard errors",
          "[fit][laws][record]") {
  // The slip law's imposed-velocity closed form (Ruina 1983), c = 1e7 N/m (the slip lags the load
  // point by Δμ·Fn/c ≈ 5e-10 m ≪ Dc):
  //   μ = μ_ss(V1) before the step at t1;  μ = μ_ss(V2) + b ln(V2/V1) e^(−V2 (t − t1)/Dc) after it.
  const double a = 0.01, b = 0.015, Dc = 2e-5, V1 = 1e-6, V2 = 1e-5, t1 = 1, Vstar = 1e-6, mu0 = 0.6;
  auto steady = [&](double V) { return mu0 + (a - b) * std::log(V / Vstar); };
  std::mt19937 rng(5);
  FitRequest request;
  request.kind = FitKind::Record;
  request.law = "rsf";
  request.compare = "friction";
  request.params = {{"evolution", 1}, {"form", 0}};
  request.free = {"a", "b1", "Dc1"};
  request.scenario.law = "rsf";
  request.scenario.system = {{"m", 0}, {"c", 1e7}, {"Fn", 1}, {"duration", 20}};
  request.scenario.driveSteps = {{0, V1}, {t1, V2}};
  request.scenario.start = SpringBlockStart::Steady;
  request.scenario.samples = 4000;
  // Radau: the stiff slider is a stiff problem (Dormand–Prince took 0.6 s per run, Radau 3 ms).
  request.scenario.integrator = "radau";
  request.scenario.tolerance = 1e-8;
  for (int i = 0; i < 400; ++i) {
    const double t = 0.05 * (i + 1);
    const double mu =
        t <= t1 ? steady(V1) : steady(V2) + b * std::log(V2 / V1) * std::exp(-V2 * (t - t1) / Dc);
    request.x.push_back(t);
    request.y.push_back(mu + 2e-4 * gaussian(rng));
  }
  request.options.starts = 3;
  const FitResult result = fitLaw(request);
  REQUIRE(result.fit.converged);
  for (const auto& [key, truth] :
       std::vector<std::pair<std::string, double>>{{"a", a}, {"b1", b}, {"Dc1", Dc}}) {
    const auto [value, se] = fitted(result, key);
    INFO(key << " = " << value << " ± " << se << " (true " << truth << ")");
    CHECK(std::abs(value - truth) < 3 * se);
  }
}

TEST_CASE(
    "Converting a law into itself reproduces its curve; a conversion reports its largest deviation and where",
    "[fit][convert]") {
  ConversionRequest self;
  self.from = self.to = "lugre";
  self.fromParams = {{"Fc", 2.0}, {"Fs", 3.0}, {"vs", 0.01}, {"sigma2", 1.0}};
  self.free = {"Fc", "Fs", "vs", "sigma2"};
  self.vMin = 1e-4;
  self.vMax = 1;
  const ConversionResult same = convertLaw(self);
  CHECK(same.maxAbsoluteDeviation < 1e-6);
  // LuGre's curve as Drake's Stribeck approximation: the reported maximum is the largest |F_to − F_from| on
  // the grid.
  ConversionRequest drake = self;
  drake.to = "drake-stribeck";
  drake.free = {};
  const ConversionResult result = convertLaw(drake);
  double worst = 0, where = 0;
  for (std::size_t i = 0; i < result.v.size(); ++i) {
    const double d = std::abs(result.toForce[i] - result.fromForce[i]);
    if (d > worst) {
      worst = d;
      where = result.v[i];
    }
  }
  CHECK(result.maxAbsoluteDeviation == Approx(worst));
  CHECK(result.atVelocityAbsolute == where);
  CHECK(result.maxRelativeDeviation >= worst / 4.0);
}

namespace {

FitRequest readCurve(const std::string& csv, const std::string& units = "") {
  std::ostringstream json;
  Value data = Value::object();
  data.set("file", "data.csv");
  data.set("text", csv);
  if (!units.empty()) {
    Value u = Value::object();
    u.set("v", units);
    data.set("units", u);
  }
  Value request = Value::object();
  request.set("law", "lugre");
  Value free = Value::list();
  free.push("Fc");
  free.push("Fs");
  request.set("free", free);
  data.set("compare", "force");
  data.set("y", "F");
  request.set("data", data);
  return readFitRequest(request);
}

FitRequest readRecord(const std::string& csv) {
  Value data = Value::object();
  data.set("kind", "record");
  data.set("file", "step.csv");
  data.set("text", csv);
  data.set("y", "F");
  Value request = Value::object();
  request.set("law", "rsf");
  Value free = Value::list();
  free.push("a");
  request.set("free", free);
  request.set("data", data);
  return readFitRequest(request);
}

}  // namespace

TEST_CASE(
    "The fit's CSV reader refuses each kind of bad input with the row, the column and what was expected",
    "[fit][csv]") {
  CHECK(readCurve("v,F\n0.1,1.2\n0.2,1.1\n").x.size() == 2);
  CHECK(readCurve("v,F\n100,1.2\n200,1.1\n", "mm/s").x[1] == Approx(0.2));
  CHECK_THROWS_WITH(readCurve("v,F\n0.1,1.2\n0.2,abc\n"),
                    Contains("data.csv row 3, column \"F\": 'abc' is not a finite number; expected a force"));
  CHECK_THROWS_WITH(readCurve("v,F\n0.1,1.2\n,1.1\n"),
                    Contains("data.csv row 3, column \"v\": missing value; expected a velocity"));
  CHECK_THROWS_WITH(readCurve("v,F\n0.1,1.2\n0.2\n"), Contains("data.csv row 3: 1 values for 2 columns"));
  CHECK_THROWS_WITH(readCurve("v,F\n0.1,1.2\n"), Contains("data.csv has 1 rows for 2 free parameters"));
  CHECK_THROWS_WITH(readCurve("v,F\n100,1.2\n200,1.1\n"),
                    Contains("data.csv row 2, column \"v\": 100 m/s is beyond"));
  CHECK_THROWS_WITH(readCurve("v,F\n0.1,1.2\n0.2,1.1\n", "mm"),
                    Contains("the unit 'mm' is not one of a velocity"));
  CHECK_THROWS_WITH(
      readRecord("t,F\n0.1,0.6\n0.3,0.6\n0.2,0.6\n"),
      Contains("step.csv row 4, column \"t\": the time 0.2 s is not after the previous row's 0.3 s"));
  CHECK_THROWS_WITH(readRecord("t,F\n0.1,0.6\n0.1,0.6\n"),
                    Contains("step.csv row 3, column \"t\": the time 0.1 s is not after"));
  CHECK_THROWS_WITH(readCurve("v,G\n0.1,1.2\n0.2,1.1\n"), Contains("data.csv has no column \"F\""));
}

TEST_CASE("A fit stopped by its evaluation budget says so and returns its best point", "[fit][laws]") {
  FitRequest request = stribeckRequest(8, 200);
  request.params = {{"Fc", 5.0}, {"Fs", 8.0}, {"vs", 0.1}, {"sigma2", 50.0}};
  request.options = {1, 10, 1e-10, 1, {}};
  const FitResult result = fitLaw(request);
  CHECK_FALSE(result.fit.converged);
  CHECK_THAT(joined(result.fit.warnings), Contains("did not converge"));
  CHECK(result.fit.values.size() == 4);
}

TEST_CASE("The fit options list exactly the kinds, comparisons and units the request reader accepts",
          "[fit][csv]") {
  const Value options = fitOptionsValue();
  const Value* kinds = options.find("kinds");
  REQUIRE(kinds != nullptr);
  REQUIRE(kinds->items().size() == 3);
  for (const Value& kind : kinds->items()) {
    const std::string id = kind.find("id")->text();
    const std::string xColumn = kind.find("x")->find("column")->text();
    CHECK(xColumn == (id == "curve" ? "v" : "t"));
    for (const Value& compare : kind.find("compares")->items()) {
      for (const Value& xUnit : kind.find("x")->find("units")->items()) {
        for (const Value& yUnit : compare.find("units")->items()) {
          // Small values, so that no unit's plausibility limit refuses them: only the units are tested.
          Value data = Value::object(), units = Value::object();
          data.set("kind", id);
          data.set("compare", compare.find("id")->text());
          data.set("text", xColumn + ",y\n0.001,0.001\n0.002,0.002\n");
          data.set("x", xColumn);
          data.set("y", "y");
          units.set(xColumn, xUnit.text());
          units.set("y", yUnit.text());
          data.set("units", units);
          Value request = Value::object(), free = Value::list();
          free.push("mu_k");
          request.set("law", "coulomb");
          request.set("free", free);
          request.set("data", data);
          INFO(id << " " << compare.find("id")->text() << " in " << xUnit.text() << " and '" << yUnit.text()
                  << "'");
          CHECK_NOTHROW(readFitRequest(request));
        }
      }
    }
  }
}

TEST_CASE("A presliding record of Dahl's law gives back σ0 and Fc within three standard errors",
          "[fit][laws][presliding]") {
  // Dahl (1968) with α = 1, on its virgin curve from rest: dF/dx = σ0 (1 − F/Fc), so F = Fc (1 − e^(−σ0
  // x/Fc)), and where the body follows the applied force quasi-statically (first ramp F = r t < Fc):
  //   x(t) = −(Fc/σ0) ln(1 − r t/Fc).
  // The body's inertia adds an oscillation of about (r/σ0)/√(σ0/m) = 5e-6 m, far below the noise (1e-4 m);
  // a soft σ0 keeps each run short (the run's steps grow with √(σ0/m)).
  const double sigma0 = 1e3, Fc = 2.0, rate = 0.1425;
  std::mt19937 rng(17);
  FitRequest request;
  request.kind = FitKind::Presliding;
  request.law = "dahl";
  request.compare = "position";
  request.params = {{"alpha", 1}, {"sigma0", 300}, {"Fc", 5}};  // the starts, away from the truth
  request.free = {"sigma0", "Fc"};
  request.presliding = {{"amplitude", 1.425}, {"rate", rate}, {"hold", 5}};
  for (int i = 0; i < 200; ++i) {
    const double t = 0.05 * (i + 1);  // the first ramp, 0 < t ≤ 10 s
    request.x.push_back(t);
    request.y.push_back(-(Fc / sigma0) * std::log(1 - rate * t / Fc) + 1e-4 * gaussian(rng));
  }
  request.options.starts =
      1;  // from the given start: the catalog's σ0 range (1e-3 … 1e10 N/m) holds starts too stiff to run fast
  const FitResult result = fitLaw(request);
  REQUIRE(result.fit.converged);
  for (const auto& [key, truth] :
       std::vector<std::pair<std::string, double>>{{"sigma0", sigma0}, {"Fc", Fc}}) {
    const auto [value, se] = fitted(result, key);
    INFO(key << " = " << value << " ± " << se << " (true " << truth << ")");
    CHECK(std::abs(value - truth) < 3 * se);
    CHECK(se < 0.2 * truth);  // determined by the data, not merely bounded
  }
}

TEST_CASE("A fit of runs reports each run's progress, and an exception from it ends the fit at once",
          "[fit][laws][presliding]") {
  // A caller's time budget must reach inside a start: one presliding run of a stiff Dahl contact takes
  // 0.2–0.9 s natively (its steps grow with √(σ0/m)), and a start runs dozens (fuzzing found a fit of
  // 77 s). runProgress is told each run's fraction done, rising within a run to 1 at its end.
  struct Stop {};
  FitRequest request;
  request.kind = FitKind::Presliding;
  request.law = "dahl";
  request.compare = "position";
  request.free = {"sigma0"};
  request.presliding = {{"amplitude", 1.425}, {"rate", 0.1425}, {"hold", 5}};
  request.x = {1, 2, 3};
  request.y = {1e-6, 2e-6, 3.2e-6};
  std::vector<double> fractions;
  request.runProgress = [&](double fraction) {
    fractions.push_back(fraction);
    if (fractions.size() == 3000) throw Stop{};  // within the second run (2000 rows a run)
  };
  CHECK_THROWS_AS(fitLaw(request), Stop);
  REQUIRE(fractions.size() == 3000);
  // The first run ends at 1 and the next starts again from its first row.
  const std::size_t end = std::find(fractions.begin(), fractions.end(), 1.0) - fractions.begin();
  REQUIRE(end + 1 < fractions.size());
  CHECK(fractions[end + 1] < 0.01);
  for (std::size_t i = 1; i < fractions.size(); ++i)
    if (i != end + 1) CHECK(fractions[i] > fractions[i - 1]);
}
