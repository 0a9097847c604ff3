// A catalog law fitted to measured data (friction/fit.h): the free parameters' bounds and starts come
// from their catalog entries, the residuals from the law: its steady friction for a curve (in closed
// form with its gradient, steady_curves.h), the spring-block's run (run(RunSpec)) for each time record,
// the presliding experiment (simulatePresliding) for a presliding run. And convertLaw: one law fitted to
// another's curve.

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>

#include "fit/portable_math.h"
#include "fit/steady_curves.h"
#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/laws.h"
#include "friction/spring_block.h"
#include "laws/law_registry.h"
#include "scenario/reading.h"

namespace friction {
namespace {

constexpr std::string_view kSystemPrefix = "system.";

/// A free parameter: its catalog entry, whether it is a spring-block system's, and whose.
struct FreeParam {
  std::string key;  ///< the key in its own catalog ("a", "c")
  const ParamSpec* spec;
  bool system;
  int record;        ///< a joint fit's record whose system value it is; -1 for the law's or the one system
  std::string name;  ///< as the result names it: "a", "system.c", "records[1].system.c"
};

/// "records[3].system.c" → 3 and "system.c"; else -1 and the name unchanged.
std::pair<int, std::string> splitRecord(const std::string& name) {
  if (name.rfind("records[", 0) != 0) return {-1, name};
  const auto close = name.find("].");
  if (close == std::string::npos) return {-1, name};
  const std::string index = name.substr(8, close - 8);
  if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos || index.size() > 6)
    return {-1, name};
  return {std::stoi(index), name.substr(close + 2)};
}

/// Refuses a system parameter where no spring-block runs, a record index out of range, and an OpenRadioss
/// contact parameter in a curve (its friction law is μ(V)·N, which Iform, VISF, K, M do not enter).
void checkFreeName(const FitRequest& request, const LawSpec& law, const std::string& path,
                   const std::string& name, int record, bool system, const std::string& key) {
  if (system && request.kind != FitKind::Record)
    throw InputError(
        path, path + ": '" + name +
                  "' is a system parameter; only a time record (kind \"record\") runs the spring-block.");
  if (record >= 0 && static_cast<std::size_t>(record) >= request.records.size())
    throw InputError(path, path + ": '" + name + "' names record " + std::to_string(record) + " of " +
                               std::to_string(request.records.size()) + " (records[0] is the first).");
  if (record >= 0 && !system)
    throw InputError(
        path, path + ": '" + name + "': a record's own values are its system's (records[i].system.KEY).");
  const auto contact = fitting::contactParameters(law);
  if (!system && request.kind == FitKind::Curve &&
      std::find(contact.begin(), contact.end(), key) != contact.end())
    throw InputError(
        path, path + ": '" + key +
                  "' belongs to Radioss's contact (/INTER: its Iform penalty), not to the friction law "
                  "μ(V)·N that a curve fits; it does not change the curve.");
}

std::vector<FreeParam> resolveFree(const FitRequest& request, const LawSpec& law) {
  if (request.free.empty())
    throw InputError("free", "free must name at least one parameter to fit, e.g. [\"mu_k\"].");
  std::vector<FreeParam> free;
  for (std::size_t i = 0; i < request.free.size(); ++i) {
    const std::string path = "free[" + std::to_string(i) + "]";
    const auto [record, name] = splitRecord(request.free[i]);
    const bool system = name.rfind(kSystemPrefix, 0) == 0;
    const std::string key = system ? name.substr(kSystemPrefix.size()) : name;
    checkFreeName(request, law, path, request.free[i], record, system, key);
    const ModelSpec& model = system ? springBlockSystemModel() : law.spec;
    const ParamSpec* spec = model.findParam(key);
    if (spec == nullptr)
      throw InputError(path, path + ": " + std::string(model.name) + " has no parameter '" + key + "'.");
    if (spec->kind != ParamKind::Number)
      throw InputError(path, path + ": " + describeParam(*spec) +
                                 " is a switch or a list; only number parameters can be fitted.");
    // "system.KEY" in a joint fit: each record's own value.
    const bool perRecord = system && record < 0 && !request.records.empty();
    for (std::size_t r = 0; r < (perRecord ? request.records.size() : 1); ++r) {
      const int owner = perRecord ? static_cast<int>(r) : record;
      const std::string full = owner >= 0 ? "records[" + std::to_string(owner) + "].system." + key : name;
      for (const FreeParam& seen : free)
        if (seen.name == full) throw InputError(path, path + ": '" + full + "' is named twice.");
      free.push_back({key, spec, system, owner, full});
    }
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

/// The system list a free system parameter belongs to.
const ParamList& systemOf(const FitRequest& request, int record) {
  return record >= 0 ? request.records[static_cast<std::size_t>(record)].scenario.system
                     : request.scenario.system;
}

/// The least-squares problem's parameter side: names, starts, catalog bounds, slider start ranges.
LeastSquaresProblem parameterSide(const FitRequest& request, const std::vector<FreeParam>& free) {
  LeastSquaresProblem problem;
  for (const FreeParam& param : free) {
    const ParamSpec& spec = *param.spec;
    const double start = givenOr(param.system ? systemOf(request, param.record) : request.params, spec);
    problem.names.push_back(param.name);
    problem.start.push_back(std::clamp(start, spec.min, spec.max));
    problem.lower.push_back(spec.min);
    problem.upper.push_back(spec.max);
    problem.startLow.push_back(spec.sliderLow());
    problem.startHigh.push_back(spec.sliderHigh());
    problem.logScale.push_back(spec.scale == Scale::Log);
  }
  return problem;
}

/// The law's list and each system's list (one per record; the request's one system otherwise) at p.
struct Lists {
  ParamList law;
  std::vector<ParamList> systems;
};
Lists listsAt(const FitRequest& request, const std::vector<FreeParam>& free, const std::vector<double>& p) {
  Lists lists{request.params, {}};
  if (request.records.empty())
    lists.systems.push_back(request.scenario.system);
  else
    for (const FitRecord& record : request.records) lists.systems.push_back(record.scenario.system);
  for (std::size_t i = 0; i < free.size(); ++i) {
    ParamList& into = !free[i].system ? lists.law : lists.systems[free[i].record >= 0 ? free[i].record : 0];
    setParam(into, free[i].key, p[i]);
  }
  return lists;
}

/// A column of numbers held elsewhere (a view: the request's, or a Points' own storage).
struct Column {
  const double* data = nullptr;
  std::size_t size = 0;
  double operator[](std::size_t i) const { return data[i]; }
};

/// Every point of the fit, the records one after the other: x, y, the weight 1/σ of each (none: 1), and
/// where each record starts (one start, 0, for a single data set). A single data set's x and y are the
/// request's own (a million points are not copied again); records and samples are held here.
struct Points {
  Column x, y;
  std::vector<double> weight;
  std::vector<std::size_t> starts;
  std::vector<double> ownX, ownY;

  Points() = default;
  Points(const Points&) = delete;
  Points& operator=(const Points&) = delete;
  Points(Points&&) = default;  // the views stay on the moved vectors' buffers
  std::size_t size() const { return x.size; }
  double w(std::size_t i) const { return weight.empty() ? 1.0 : weight[i]; }
  void hold() {  // x, y as views of the storage held here
    x = {ownX.data(), ownX.size()};
    y = {ownY.data(), ownY.size()};
  }
};

Points pointsOf(const FitRequest& request) {
  Points points;
  if (request.records.empty()) {
    points.x = {request.x.data(), request.x.size()};
    points.y = {request.y.data(), request.y.size()};
    points.starts = {0};
    for (double sigma : request.sigma) points.weight.push_back(1.0 / sigma);
    return points;
  }
  const bool weighted = std::any_of(request.records.begin(), request.records.end(),
                                    [](const FitRecord& record) { return !record.sigma.empty(); });
  for (const FitRecord& record : request.records) {
    points.starts.push_back(points.ownX.size());
    for (std::size_t i = 0; weighted && i < record.x.size(); ++i)
      points.weight.push_back(record.sigma.empty() ? 1.0 : 1.0 / record.sigma[i]);
    points.ownX.insert(points.ownX.end(), record.x.begin(), record.x.end());
    points.ownY.insert(points.ownY.end(), record.y.begin(), record.y.end());
  }
  points.hold();
  return points;
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

// ---- The model's value at each data point, per kind (the generic path: lists, LawEvaluator) ----

/// Curve without a closed form: the law's steady friction F(|v|, N) signed like v, or μ = F/N.
void curveModel(const FitRequest& request, const Lists& lists, const Points& points,
                std::vector<double>& out) {
  const LawEvaluator evaluator(request.law, lists.law);
  const fitting::SteadyCurve steady(evaluator);
  const double scale = request.compare == "mu" ? 1 / request.N : 1.0;  // μ = F/N, or F itself
  for (std::size_t i = 0; i < points.size(); ++i)
    out[i] = std::copysign(steady(points.x[i], request.N), points.x[i]) * scale;
}

/// Record: each record's spring-block run as its scenario drives it, sampled at its data's times.
void recordModel(const FitRequest& request, const Lists& lists, const Points& points,
                 std::vector<double>& out) {
  for (std::size_t k = 0; k < points.starts.size(); ++k) {
    Scenario scenario = request.records.empty() ? request.scenario : request.records[k].scenario;
    scenario.law = request.law;
    scenario.params = lists.law;
    scenario.system = lists.systems[k];
    const SimulationResult result = run(RunSpec(std::move(scenario)), request.runProgress);
    const Trace& trace = result.trace;
    const std::vector<double>& column = request.compare == "velocity"   ? trace.v
                                        : request.compare == "position" ? trace.x
                                                                        : trace.friction;
    const std::size_t end = k + 1 < points.starts.size() ? points.starts[k + 1] : points.size();
    for (std::size_t i = points.starts[k]; i < end; ++i) out[i] = interpolate(trace.t, column, points.x[i]);
  }
}

/// Presliding: the mass pushed by the protocol's force, sampled at the data's times.
void preslidingModelAt(const FitRequest& request, const Lists& lists, const Points& points,
                       std::vector<double>& out) {
  const int samples = std::max(kLawRunSamples, static_cast<int>(points.size()));
  const LawRun run =
      simulatePresliding(request.law, lists.law, request.presliding, samples, request.runProgress);
  const std::vector<double>& column = request.compare == "friction" ? run.friction : run.x;
  for (std::size_t i = 0; i < points.size(); ++i) out[i] = interpolate(run.t, column, points.x[i]);
}

void modelAt(const FitRequest& request, const Lists& lists, const Points& points, std::vector<double>& out) {
  switch (request.kind) {
    case FitKind::Curve:
      return curveModel(request, lists, points, out);
    case FitKind::Record:
      return recordModel(request, lists, points, out);
    case FitKind::Presliding:
      return preslidingModelAt(request, lists, points, out);
  }
}

// ---- A curve by its closed form: residuals and Jacobian in one pass, no allocation ----

/// The law's resolved parameters, changed in place at each evaluation and checked as LawEvaluator would
/// check them (each value's range, then the law's cross-parameter rules).
class ClosedFormCurve {
 public:
  ClosedFormCurve(const FitRequest& request, const std::vector<FreeParam>& free, fitting::SteadyForce force,
                  const Points& points)
      : resolved_(LawEvaluator(request.law, request.params).resolved()),
        validate_(lawValidator(request.law)),
        force_(force),
        points_(points),
        N_(request.N),
        scale_(request.compare == "mu" ? 1 / request.N : 1.0),
        gradient_(resolved_.values.size()) {
    const auto& params = resolved_.model->params;
    for (const FreeParam& param : free) {
      const auto at = std::find_if(params.begin(), params.end(),
                                   [&param](const ParamSpec& spec) { return spec.key == param.key; });
      specs_.push_back(&*at);
      index_.push_back(static_cast<std::size_t>(at - params.begin()));
    }
  }

  /// r at p, and beside it J at p (kept for jacobian(p)): the closed form's exp or log serves both, and
  /// Levenberg–Marquardt asks for J where it last took a step.
  void residuals(const std::vector<double>& p, std::vector<double>& r) {
    jacobianAt_.clear();
    set(p);
    const std::size_t n = points_.size();
    kept_.resize(n * index_.size());
    for (std::size_t i = 0; i < n; ++i) r[i] = point(i, kept_.data());
    jacobianAt_ = p;
  }

  /// J at p if the last residuals were at p (valid until the next evaluation), else nullptr.
  const double* kept(const std::vector<double>& p) const {
    return !jacobianAt_.empty() && p == jacobianAt_ ? kept_.data() : nullptr;
  }

  void jacobian(const std::vector<double>& p, double* J) {
    if (!jacobianAt_.empty() && p == jacobianAt_) {
      std::copy(kept_.begin(), kept_.end(), J);
      return;
    }
    set(p);
    for (std::size_t i = 0; i < points_.size(); ++i) point(i, J);
  }

 private:
  /// Point i's residual (model − y)·w, and its row of ∂r/∂p into J (column-major, n rows).
  double point(std::size_t i, double* J) {
    const std::size_t n = points_.size();
    const double v = points_.x[i];
    // Only the free parameters' entries are read: only they need zeroing (a closed form writes those it
    // depends on; the others may keep an earlier point's values, unread). No memset call per point.
    for (const std::size_t k : index_) gradient_[k] = 0.0;
    const double force = force_(resolved_, std::fabs(v), N_, gradient_.data());
    const double weight = points_.w(i);
    const double factor = std::copysign(scale_, v) * weight;
    for (std::size_t k = 0; k < index_.size(); ++k) J[k * n + i] = gradient_[index_[k]] * factor;
    return (std::copysign(force, v) * scale_ - points_.y[i]) * weight;
  }

  void set(const std::vector<double>& p) {
    for (std::size_t k = 0; k < p.size(); ++k) {
      if (!specs_[k]->accepts(p[k]))
        throw InputError(std::string(specs_[k]->key), outOfRangeMessage(*specs_[k], p[k]));
      resolved_.values[index_[k]] = p[k];
    }
    if (validate_ != nullptr) validate_(resolved_);
  }

  ResolvedParams resolved_;
  void (*validate_)(const ResolvedParams&);
  fitting::SteadyForce force_;
  const Points& points_;
  double N_, scale_;
  std::vector<double> gradient_;
  std::vector<const ParamSpec*> specs_;
  std::vector<std::size_t> index_;
  std::vector<double> kept_, jacobianAt_;  // J at the last residuals' p (empty p: none kept)
};

void checkData(const FitRequest& request) {
  if (request.x.size() != request.y.size() ||
      (!request.sigma.empty() && request.sigma.size() != request.y.size()))
    throw InputError("data", "The data's columns differ in length: " + std::to_string(request.x.size()) +
                                 ", " + std::to_string(request.y.size()) + " and " +
                                 std::to_string(request.sigma.size()) + " values.");
  if (request.kind == FitKind::Curve && !(request.N > 0 && std::isfinite(request.N)))
    throw InputError("data.N",
                     "data.N must be a normal force above 0 N; got " + formatNumber(request.N) + ".");
  if (!request.records.empty() && request.kind != FitKind::Record)
    throw InputError("records", "records fitted jointly are time records (kind \"record\").");
}

/// Σ w²(y − ȳ)², ȳ the weighted mean: the total sum of squares R² compares the fit's with.
double totalSumOfSquares(const Points& points) {
  double weights = 0, mean = 0, sum = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    weights += points.w(i) * points.w(i);
    mean += points.w(i) * points.w(i) * points.y[i];
  }
  mean /= weights;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double d = (points.y[i] - mean) * points.w(i);
    sum += d * d;
  }
  return sum;
}

/// Curves of more points than this pick their start on an evenly strided sample of kSamplePoints, then
/// fit every point from the best start once: a million-point file costs one fit, not `starts` of them.
constexpr std::size_t kSampleAbove = 20000, kSamplePoints = 5000;

/// The least-squares problem: the parameter side, and the residuals (and a curve's closed-form Jacobian)
/// over `points`. `curve` must outlive the problem (the problem's functions refer to it).
LeastSquaresProblem problemFor(const FitRequest& request, const std::vector<FreeParam>& free,
                               const Points& points, std::unique_ptr<ClosedFormCurve>& curve) {
  LeastSquaresProblem problem = parameterSide(request, free);
  problem.residualCount = points.size();
  problem.totalSumOfSquares = points.size() == 0 ? 0.0 : totalSumOfSquares(points);
  const fitting::SteadyForce force =
      request.kind == FitKind::Curve ? fitting::steadyForceOf(request.law) : nullptr;
  if (force != nullptr) {
    curve = std::make_unique<ClosedFormCurve>(request, free, force, points);
    ClosedFormCurve* model = curve.get();
    problem.residuals = [model](const std::vector<double>& p, std::vector<double>& r) {
      model->residuals(p, r);
    };
    problem.jacobian = [model](const std::vector<double>& p, double* J) { model->jacobian(p, J); };
    problem.keptJacobian = [model](const std::vector<double>& p) { return model->kept(p); };
    return problem;
  }
  // A run's output moves with its adaptive steps by about its tolerance (1e-8 where the law's default
  // applies, which is 1e-10 or 1e-7), and its last bits differ between platforms (their exp and log).
  // So each model value is rounded to a quantum of that tolerance times the data's scale: what is left
  // is the run's information, the same on every platform but where a value falls on a rounding
  // boundary, and Levenberg–Marquardt's steps are the same natively and in wasm.
  double quantum = 0;
  if (request.kind != FitKind::Curve) {
    const double tolerance =
        request.records.empty() ? request.scenario.tolerance : request.records.front().scenario.tolerance;
    problem.residualNoise = tolerance > 0 ? tolerance : 1e-8;
    double scale = 0;
    for (std::size_t i = 0; i < points.size(); ++i) scale = std::max(scale, std::abs(points.y[i]));
    if (scale > 0) quantum = std::ldexp(1.0, std::ilogb(problem.residualNoise * scale));
    problem.noiseScale = scale > 0 ? scale : 1.0;
  }
  problem.residuals = [&request, &free, &points, quantum](const std::vector<double>& p,
                                                          std::vector<double>& r) {
    modelAt(request, listsAt(request, free, p), points, r);
    for (std::size_t i = 0; i < r.size(); ++i) {
      const double model = quantum > 0 ? std::nearbyint(r[i] / quantum) * quantum : r[i];
      r[i] = (model - points.y[i]) * points.w(i);
    }
  };
  return problem;
}

/// Every `stride`-th point (and the last): the sample a large curve picks its start on.
Points sampled(const Points& points) {
  const std::size_t stride = (points.size() + kSamplePoints - 1) / kSamplePoints;
  Points sample;
  sample.starts = {0};
  for (std::size_t i = 0; i < points.size(); i += stride) {
    sample.ownX.push_back(points.x[i]);
    sample.ownY.push_back(points.y[i]);
    if (!points.weight.empty()) sample.weight.push_back(points.w(i));
  }
  sample.hold();
  return sample;
}

/// The fit: from every start; or, for a large curve, the starts on a sample and then every point from the
/// best of them (its evaluations counted with the sample's).
LeastSquaresResult solve(const FitRequest& request, const std::vector<FreeParam>& free,
                         const Points& points) {
  std::unique_ptr<ClosedFormCurve> curve, sampleCurve;
  LeastSquaresProblem problem = problemFor(request, free, points, curve);
  if (request.kind != FitKind::Curve || points.size() <= kSampleAbove || request.options.starts <= 1)
    return fitLeastSquares(problem, request.options);
  const Points sample = sampled(points);
  const LeastSquaresResult first =
      fitLeastSquares(problemFor(request, free, sample, sampleCurve), request.options);
  problem.start = first.values;
  LeastSquaresOptions once = request.options;
  once.starts = 1;
  LeastSquaresResult result = fitLeastSquares(problem, once);
  result.evaluations += first.evaluations;
  return result;
}

/// The result's per-point columns: the model (unweighted) at each point, whole or record by record.
void fillColumns(const FitRequest& request, const Points& points, const Lists& lists, FitResult& result) {
  std::vector<double> fitted(points.size());
  for (std::size_t i = 0; i < fitted.size(); ++i)
    fitted[i] = points.y[i] + result.fit.residuals[i] / points.w(i);
  double squares = 0;
  for (std::size_t i = 0; i < fitted.size(); ++i)
    squares += (fitted[i] - points.y[i]) * (fitted[i] - points.y[i]);
  result.rms = std::sqrt(squares / static_cast<double>(fitted.size()));
  if (request.records.empty()) {
    result.x = request.x;
    result.y = request.y;
    result.fitted = std::move(fitted);
    if (request.kind == FitKind::Record) result.system = lists.systems.front();
    return;
  }
  for (std::size_t k = 0; k < request.records.size(); ++k) {
    const FitRecord& record = request.records[k];
    const auto begin = static_cast<std::ptrdiff_t>(points.starts[k]);
    const auto end = begin + static_cast<std::ptrdiff_t>(record.x.size());
    FitRecordResult part{record.file,
                         lists.systems[k],
                         record.x,
                         record.y,
                         std::vector<double>(fitted.begin() + begin, fitted.begin() + end),
                         {}};
    for (std::size_t i = 0; i < part.x.size(); ++i) part.residuals.push_back(part.fitted[i] - part.y[i]);
    result.records.push_back(std::move(part));
  }
}

}  // namespace

FitResult fitLaw(const FitRequest& request) {
  // Step 1: the law, the free parameters and the data, checked before any evaluation.
  const LawSpec& law = findLaw(request.law);
  checkData(request);
  const std::vector<FreeParam> free = resolveFree(request, law);
  const Points points = pointsOf(request);
  // Step 2: the fixed values are checked once at the start (a bad fixed value is the caller's, refused
  // with its path, not a point the fit steps away from). A run that cannot complete there is left to
  // the fit, which tries its other starts.
  // A curve with a closed form needs only its law's values checked; others are evaluated once.
  try {
    const Lists lists = listsAt(request, free, parameterSide(request, free).start);
    if (request.kind == FitKind::Curve && fitting::steadyForceOf(request.law) != nullptr) {
      // Refused with its path in the request (params.KEY), as the request's readers name fields.
      reading::withFieldPrefix("params.", [&] { return LawEvaluator(request.law, lists.law); });
    } else if (points.size() > 0) {
      std::vector<double> probe(points.size());
      modelAt(request, lists, points, probe);
    }
  } catch (const SimulationError&) {
  }
  // Step 3: the fit; step 4: the lists a caller can run the fitted law with, and the columns.
  FitResult result;
  result.fit = solve(request, free, points);
  result.free = result.fit.values.empty() ? std::vector<std::string>{} : parameterSide(request, free).names;
  const Lists lists = listsAt(request, free, result.fit.values);
  result.params = lists.law;
  result.notes = request.notes;
  result.weighted =
      !request.sigma.empty() || std::any_of(request.records.begin(), request.records.end(),
                                            [](const FitRecord& r) { return !r.sigma.empty(); });
  fillColumns(request, points, lists, result);
  return result;
}

namespace {

/// The velocities of a conversion: log-spaced over two decades or more (from a positive vMin), else linear;
/// in portable arithmetic, so that the grid is the same on every platform.
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
    v[static_cast<std::size_t>(i)] = logarithmic
                                         ? request.vMin * portable::pow(request.vMax / request.vMin, u)
                                         : request.vMin + u * (request.vMax - request.vMin);
  }
  return v;
}

/// Every number parameter of `law` but its normal force and its contact's: what a conversion fits by default.
std::vector<std::string> numberParams(const LawSpec& law) {
  const auto contact = fitting::contactParameters(law);
  std::vector<std::string> keys;
  for (const ParamSpec& spec : law.spec.params)
    if (spec.kind == ParamKind::Number && spec.role != ParamRole::NormalForce &&
        std::find(contact.begin(), contact.end(), spec.key) == contact.end())
      keys.emplace_back(spec.key);
  return keys;
}

/// The columns ∂F/∂p_k of the law's closed form at its defaults, N = 1 N, over 61 speeds log-spaced from
/// 10 µm/s to 1 m/s (the range a tribometer's curve spans), one per key of `keys`.
std::vector<std::vector<double>> steadyColumns(const LawSpec& law, fitting::SteadyForce force,
                                               const std::vector<std::string>& keys) {
  const ResolvedParams resolved = LawEvaluator(std::string(law.spec.id), {}).resolved();
  std::vector<double> gradient(resolved.values.size());
  std::vector<std::vector<double>> columns(keys.size());
  for (int i = 0; i <= 60; ++i) {
    const double v = 1e-5 * portable::pow(1e5, i / 60.0);
    std::fill(gradient.begin(), gradient.end(), 0.0);
    force(resolved, v, 1.0, gradient.data());
    for (std::size_t k = 0; k < keys.size(); ++k) {
      const ParamSpec* spec = law.spec.findParam(keys[k]);
      columns[k].push_back(gradient[static_cast<std::size_t>(spec - law.spec.params.data())]);
    }
  }
  return columns;
}

/// Of `keys`, in order, each whose column is not within 1e-6 (relative) of the span of those kept before
/// it: Gram–Schmidt on the columns scaled to unit length; a column of zeros is never kept.
std::vector<std::string> independentKeys(std::vector<std::vector<double>> columns,
                                         const std::vector<std::string>& keys) {
  std::vector<std::string> kept;
  std::vector<std::vector<double>> basis;
  auto dot = [](const std::vector<double>& a, const std::vector<double>& b) {
    return std::inner_product(a.begin(), a.end(), b.begin(), 0.0);
  };
  for (std::size_t k = 0; k < keys.size(); ++k) {
    std::vector<double>& column = columns[k];
    const double norm = std::sqrt(dot(column, column));
    if (!(norm > 0) || !std::isfinite(norm)) continue;
    for (double& value : column) value /= norm;
    for (const std::vector<double>& unit : basis) {
      const double along = dot(column, unit);
      for (std::size_t i = 0; i < column.size(); ++i) column[i] -= along * unit[i];
    }
    const double rest = std::sqrt(dot(column, column));
    if (!(rest > 1e-6)) continue;
    for (double& value : column) value /= rest;
    basis.push_back(column);
    kept.push_back(keys[k]);
  }
  return kept;
}

}  // namespace

namespace {

/// True if `column` is a nonzero constant: the parameter shifts the friction alike at every speed.
bool isOffset(const std::vector<double>& column) {
  const double first = column.front();
  if (!(std::abs(first) > 0)) return false;
  return std::all_of(column.begin(), column.end(),
                     [first](double value) { return std::abs(value - first) <= 1e-12 * std::abs(first); });
}

/// Of `keys`, each but a second offset: a parameter whose steady column is constant where an earlier one's
/// is too (rate-and-state's V*, which shifts μ by (b − a)/V*·dV* at every speed and in every transient,
/// as μ0 does).
std::vector<std::string> withoutSecondOffsets(const std::vector<std::vector<double>>& columns,
                                              const std::vector<std::string>& keys) {
  std::vector<std::string> kept;
  bool offset = false;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const bool constant = isOffset(columns[k]);
    if (constant && offset) continue;
    offset = offset || constant;
    kept.push_back(keys[k]);
  }
  return kept;
}

}  // namespace

std::vector<std::string> defaultFree(const std::string& lawId, FitKind kind) {
  const LawSpec& law = findLaw(lawId);
  std::vector<std::string> keys = numberParams(law);
  const fitting::SteadyForce force = fitting::steadyForceOf(law.spec.id);
  if (force == nullptr) return keys;
  const std::vector<std::vector<double>> columns = steadyColumns(law, force, keys);
  return kind == FitKind::Curve ? independentKeys(columns, keys) : withoutSecondOffsets(columns, keys);
}

ConversionResult convertLaw(const ConversionRequest& request) {
  // Step 1: law `from`'s steady friction force over the velocities (its friction law: steady_curves.h).
  ConversionResult result;
  result.v = conversionVelocities(request);
  const LawEvaluator from =
      reading::withFieldPrefix("fromParams.", [&] { return LawEvaluator(request.from, request.fromParams); });
  const fitting::SteadyCurve steady(from);
  for (double v : result.v) result.fromForce.push_back(steady(v, request.N));
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
