// A catalog law fitted to measured data (friction/fit.h): the free parameters' bounds and starts come
// from their catalog entries, the residuals from the law's own evaluation: its steady friction for a
// curve, the spring-block's run (runScenario) for a time record, the presliding experiment
// (simulatePresliding) for a presliding run. And convertLaw: one law fitted to another's curve.

#include <algorithm>
#include <cmath>
#include <numeric>

#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/laws.h"
#include "friction/spring_block.h"
#include "scenario/reading.h"

namespace friction {
namespace {

constexpr std::string_view kSystemPrefix = "system.";

/// A free parameter: its catalog entry, and whether it is the spring-block system's.
struct FreeParam {
  std::string key;  ///< the key in its own catalog ("a", "c")
  const ParamSpec* spec;
  bool system;
};

std::vector<FreeParam> resolveFree(const FitRequest& request, const LawSpec& law) {
  if (request.free.empty())
    throw InputError("free", "free must name at least one parameter to fit, e.g. [\"mu_k\"].");
  std::vector<FreeParam> free;
  for (std::size_t i = 0; i < request.free.size(); ++i) {
    const std::string& name = request.free[i];
    const std::string path = "free[" + std::to_string(i) + "]";
    const bool system = name.rfind(kSystemPrefix, 0) == 0;
    if (system && request.kind != FitKind::Record)
      throw InputError(
          path, path + ": '" + name +
                    "' is a system parameter; only a time record (kind \"record\") runs the spring-block.");
    const std::string key = system ? name.substr(kSystemPrefix.size()) : name;
    const ModelSpec& model = system ? springBlockSystemModel() : law.spec;
    const ParamSpec* spec = model.findParam(key);
    if (spec == nullptr)
      throw InputError(path, path + ": " + std::string(model.name) + " has no parameter '" + key + "'.");
    if (spec->kind != ParamKind::Number)
      throw InputError(path, path + ": " + describeParam(*spec) +
                                 " is a switch or a list; only number parameters can be fitted.");
    for (const FreeParam& seen : free)
      if (seen.key == key && seen.system == system)
        throw InputError(path, path + ": '" + name + "' is named twice.");
    free.push_back({key, spec, system});
  }
  return free;
}

/// `list` with `key` set to `value` (replaced if present, else appended).
void setParam(ParamList& list, const std::string& key, double value) {
  for (auto& [name, given] : list) {
    if (name != key) continue;
    given = ParamValue(value);
    return;
  }
  list.emplace_back(key, ParamValue(value));
}

/// The given value of `key` in `list`, else the catalog default (a derived default: NaN, the middle of the
/// slider).
double givenOr(const ParamList& list, const ParamSpec& spec) {
  for (const auto& [name, given] : list)
    if (name == spec.key && !given.isList && !given.items.empty()) return given.items.front();
  if (spec.defaultFrom.key.empty()) return spec.defaultValue;
  return 0.5 * (spec.sliderLow() + spec.sliderHigh());
}

/// The least-squares problem's parameter side: names, starts, catalog bounds, slider start ranges.
LeastSquaresProblem parameterSide(const FitRequest& request, const std::vector<FreeParam>& free) {
  LeastSquaresProblem problem;
  for (const FreeParam& param : free) {
    const ParamSpec& spec = *param.spec;
    const double start = givenOr(param.system ? request.scenario.system : request.params, spec);
    problem.names.push_back(param.system ? std::string(kSystemPrefix) + param.key : param.key);
    problem.start.push_back(std::clamp(start, spec.min, spec.max));
    problem.lower.push_back(spec.min);
    problem.upper.push_back(spec.max);
    problem.startLow.push_back(spec.sliderLow());
    problem.startHigh.push_back(spec.sliderHigh());
    problem.logScale.push_back(spec.scale == Scale::Log);
  }
  return problem;
}

/// The law's and the system's parameter lists at the free values p.
std::pair<ParamList, ParamList> listsAt(const FitRequest& request, const std::vector<FreeParam>& free,
                                        const std::vector<double>& p) {
  ParamList law = request.params, system = request.scenario.system;
  for (std::size_t i = 0; i < free.size(); ++i) setParam(free[i].system ? system : law, free[i].key, p[i]);
  return {law, system};
}

/// y(t) interpolated linearly from a run's samples (t increasing) at time `at`, within the run.
double interpolate(const std::vector<double>& t, const std::vector<double>& y, double at) {
  const auto upper = std::upper_bound(t.begin(), t.end(), at);
  if (upper == t.begin()) return y.front();
  if (upper == t.end()) return y.back();
  const auto i = static_cast<std::size_t>(upper - t.begin());
  const double w = (at - t[i - 1]) / (t[i] - t[i - 1]);
  return y[i - 1] + w * (y[i] - y[i - 1]);
}

// ---- The model's value at each data point, per kind ----

/// Curve: the law's steady friction, F(v) = forceMagnitude(|v|, N) signed like v, or μ = F/N.
void curveModel(const FitRequest& request, const ParamList& law, std::vector<double>& out) {
  const LawEvaluator evaluator(request.law, law);
  const double scale = request.compare == "mu" ? 1 / request.N : 1.0;  // μ = F/N, or F itself
  for (std::size_t i = 0; i < request.x.size(); ++i) {
    const double v = request.x[i];
    out[i] = std::copysign(evaluator.forceMagnitude(std::abs(v), request.N), v) * scale;
  }
}

/// Record: the spring-block run as the scenario drives it, over the data's span, sampled at the data's times.
void recordModel(const FitRequest& request, const ParamList& law, const ParamList& system,
                 std::vector<double>& out) {
  Scenario scenario = request.scenario;
  scenario.law = request.law;
  scenario.params = law;
  scenario.system = system;
  const SimulationResult result = run(RunSpec(std::move(scenario)), request.runProgress);
  const Trace& trace = result.trace;
  const std::vector<double>& column = request.compare == "velocity"   ? trace.v
                                      : request.compare == "position" ? trace.x
                                                                      : trace.friction;
  for (std::size_t i = 0; i < request.x.size(); ++i) out[i] = interpolate(trace.t, column, request.x[i]);
}

/// Presliding: the mass pushed by the protocol's force, sampled at the data's times.
void preslidingModelAt(const FitRequest& request, const ParamList& law, std::vector<double>& out) {
  const int samples = std::max(kLawRunSamples, static_cast<int>(request.x.size()));
  const LawRun run = simulatePresliding(request.law, law, request.presliding, samples, request.runProgress);
  const std::vector<double>& column = request.compare == "friction" ? run.friction : run.x;
  for (std::size_t i = 0; i < request.x.size(); ++i) out[i] = interpolate(run.t, column, request.x[i]);
}

void modelAt(const FitRequest& request, const ParamList& law, const ParamList& system,
             std::vector<double>& out) {
  switch (request.kind) {
    case FitKind::Curve:
      return curveModel(request, law, out);
    case FitKind::Record:
      return recordModel(request, law, system, out);
    case FitKind::Presliding:
      return preslidingModelAt(request, law, out);
  }
}

void checkData(const FitRequest& request) {
  if (request.x.size() != request.y.size())
    throw InputError("data", "The data's columns differ in length: " + std::to_string(request.x.size()) +
                                 " and " + std::to_string(request.y.size()) + " values.");
  if (request.kind == FitKind::Curve && !(request.N > 0 && std::isfinite(request.N)))
    throw InputError("data.N",
                     "data.N must be a normal force above 0 N; got " + formatNumber(request.N) + ".");
}

double totalSumOfSquares(const std::vector<double>& y) {
  const double mean = std::accumulate(y.begin(), y.end(), 0.0) / static_cast<double>(y.size());
  double sum = 0;
  for (double value : y) sum += (value - mean) * (value - mean);
  return sum;
}

}  // namespace

FitResult fitLaw(const FitRequest& request) {
  // Step 1: the law, the free parameters and the data, checked before any evaluation.
  const LawSpec& law = findLaw(request.law);
  checkData(request);
  const std::vector<FreeParam> free = resolveFree(request, law);
  // Step 2: the fixed values are checked once at the start (a bad fixed value is the caller's, refused
  // with its path, not a point the fit steps away from). A run that cannot complete there is left to
  // the fit, which tries its other starts.
  try {
    const auto [lawList, systemList] = listsAt(request, free, parameterSide(request, free).start);
    std::vector<double> probe(request.x.size());
    if (!request.x.empty()) modelAt(request, lawList, systemList, probe);
  } catch (const SimulationError&) {
  }
  // Step 3: residuals r_i = model_i(p) − y_i.
  LeastSquaresProblem problem = parameterSide(request, free);
  problem.residualCount = request.x.size();
  problem.totalSumOfSquares = request.y.empty() ? 0.0 : totalSumOfSquares(request.y);
  problem.residuals = [&](const std::vector<double>& p, std::vector<double>& r) {
    const auto [lawList, systemList] = listsAt(request, free, p);
    modelAt(request, lawList, systemList, r);
    for (std::size_t i = 0; i < r.size(); ++i) r[i] -= request.y[i];
  };
  // Step 4: the fit, and the lists a caller can run the fitted law with.
  FitResult result;
  result.fit = fitLeastSquares(problem, request.options);
  result.free = problem.names;
  std::tie(result.params, result.system) = listsAt(request, free, result.fit.values);
  result.x = request.x;
  result.y = request.y;
  result.fitted.resize(request.x.size());
  for (std::size_t i = 0; i < request.x.size(); ++i)
    result.fitted[i] = request.y[i] + result.fit.residuals[i];
  return result;
}

namespace {

/// The velocities of a conversion: log-spaced over two decades or more (from a positive vMin), else linear.
std::vector<double> conversionVelocities(const ConversionRequest& request) {
  if (!(request.vMin >= 0 && request.vMax > request.vMin && std::isfinite(request.vMax)))
    throw InputError("vMax", "vMin and vMax must satisfy 0 ≤ vMin < vMax [m/s]; got " +
                                 formatNumber(request.vMin) + " and " + formatNumber(request.vMax) + ".");
  if (request.count < 2 || request.count > 100000)
    throw InputError(
        "count", "count must be a whole number from 2 to 100000; got " + std::to_string(request.count) + ".");
  const bool logarithmic = request.vMin > 0 && request.vMax / request.vMin >= 100;
  std::vector<double> v(static_cast<std::size_t>(request.count));
  for (int i = 0; i < request.count; ++i) {
    const double u = static_cast<double>(i) / (request.count - 1);
    v[static_cast<std::size_t>(i)] = logarithmic ? request.vMin * std::pow(request.vMax / request.vMin, u)
                                                 : request.vMin + u * (request.vMax - request.vMin);
  }
  return v;
}

/// Every number parameter of `law` but its normal force: what a conversion fits by default.
std::vector<std::string> numberParams(const LawSpec& law) {
  std::vector<std::string> keys;
  for (const ParamSpec& spec : law.spec.params)
    if (spec.kind == ParamKind::Number && spec.role != ParamRole::NormalForce) keys.emplace_back(spec.key);
  return keys;
}

}  // namespace

ConversionResult convertLaw(const ConversionRequest& request) {
  // Step 1: law `from`'s steady friction force over the velocities.
  ConversionResult result;
  result.v = conversionVelocities(request);
  const LawEvaluator from =
      reading::withFieldPrefix("fromParams.", [&] { return LawEvaluator(request.from, request.fromParams); });
  for (double v : result.v) result.fromForce.push_back(from.forceMagnitude(v, request.N));
  // Step 2: law `to` fitted to it.
  FitRequest fit;
  fit.kind = FitKind::Curve;
  fit.law = request.to;
  fit.params = request.toParams;
  fit.free = request.free.empty() ? numberParams(findLaw(request.to)) : request.free;
  fit.compare = "force";
  fit.N = request.N;
  fit.x = result.v;
  fit.y = result.fromForce;
  fit.options = request.options;
  result.fit = fitLaw(fit);
  result.toForce = result.fit.fitted;
  // Step 3: the largest deviations, absolute and relative, and where.
  // Where none is measured (no deviation; no point with F_from ≠ 0) the place, and the relative
  // deviation, are NaN: null in the written result, never 0.
  for (std::size_t i = 0; i < result.v.size(); ++i) {
    const double deviation = std::abs(result.toForce[i] - result.fromForce[i]);
    if (deviation > result.maxAbsoluteDeviation) {
      result.maxAbsoluteDeviation = deviation;
      result.atVelocityAbsolute = result.v[i];
    }
    if (result.fromForce[i] == 0) continue;
    const double relative = deviation / std::abs(result.fromForce[i]);
    if (!(relative <= result.maxRelativeDeviation)) {
      result.maxRelativeDeviation = relative;
      result.atVelocityRelative = result.v[i];
    }
  }
  return result;
}

}  // namespace friction
