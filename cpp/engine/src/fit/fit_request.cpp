// The one reader of fit and conversion requests (friction/fit.h), shared by the CLI, the bindings and
// the fuzzer, and the results as Value trees. The format, key by key: docs/reference/scenario.md ("Fits
// and conversions"); how to use it: docs/guide/fit-and-export.md.

#include <algorithm>
#include <cmath>

#include "fit/fit_data.h"
#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/laws.h"
#include "scenario/reading.h"
#include "scenario/writing.h"

namespace friction {
namespace {

using fitdata::Quantity;
using reading::Fields;

/// What a data kind compares, and each comparison's quantity: the x column first.
struct Comparison {
  FitKind kind;
  std::string_view kindName, compare;
  Quantity y;
};
constexpr Comparison kComparisons[] = {
    {FitKind::Curve, "curve", "mu", Quantity::Coefficient},
    {FitKind::Curve, "curve", "force", Quantity::Force},
    {FitKind::Record, "record", "friction", Quantity::Force},
    {FitKind::Record, "record", "velocity", Quantity::Velocity},
    {FitKind::Record, "record", "position", Quantity::Position},
    {FitKind::Presliding, "presliding", "position", Quantity::Position},
    {FitKind::Presliding, "presliding", "friction", Quantity::Force},
};

/// The x column of a kind: velocity v for a curve, time t for a record or a presliding run.
std::string_view xColumnOf(FitKind kind) { return kind == FitKind::Curve ? "v" : "t"; }
Quantity xQuantityOf(FitKind kind) { return kind == FitKind::Curve ? Quantity::Velocity : Quantity::Time; }

const Comparison& findComparison(const std::string& kind, const std::string& compare) {
  std::string kinds, compares;
  for (const Comparison& known : kComparisons) {
    if (known.kindName == kind && known.compare == compare) return known;
    if (known.kindName == kind)
      compares += (compares.empty() ? "'" : ", '") + std::string(known.compare) + "'";
  }
  if (compares.empty())
    throw InputError("data.kind", "data.kind must be 'curve', 'record' or 'presliding'; got '" + kind + "'.");
  throw InputError("data.compare",
                   "data.compare for a " + kind + " must be one of " + compares + "; got '" + compare + "'.");
}

std::vector<std::string> readKeys(const Value& value, const std::string& path) {
  if (value.kind() != Value::Kind::List)
    throw InputError(path, path + " must be a list of parameter keys; got " + describeValue(value) + ".");
  std::vector<std::string> keys;
  for (std::size_t i = 0; i < value.items().size(); ++i)
    keys.push_back(reading::readText(value.items()[i], reading::itemPath(path, i), "mu_k"));
  return keys;
}

LeastSquaresOptions readOptions(const Value* value, LeastSquaresOptions options) {
  if (value == nullptr) return options;
  const Fields fields(*value, "options", "options", "the fit's options",
                      {"starts", "maxEvaluations", "tolerance", "seed"});
  int seed = static_cast<int>(options.seed);
  fields.wholeNumber("starts", options.starts);
  fields.wholeNumber("maxEvaluations", options.maxEvaluations);
  fields.number("tolerance", options.tolerance);
  fields.wholeNumber("seed", seed);
  if (options.starts < 1 || options.starts > 1000)
    throw InputError("options.starts", "options.starts must be a whole number from 1 to 1000; got " +
                                           std::to_string(options.starts) + ".");
  if (options.maxEvaluations < 10 || options.maxEvaluations > 1000000)
    throw InputError("options.maxEvaluations", "options.maxEvaluations must be from 10 to 1000000; got " +
                                                   std::to_string(options.maxEvaluations) + ".");
  if (!(options.tolerance >= 1e-16 && options.tolerance <= 1e-2))
    throw InputError("options.tolerance", "options.tolerance must be from 1e-16 to 0.01; got " +
                                              formatNumber(options.tolerance) + ".");
  if (seed < 0)
    throw InputError("options.seed",
                     "options.seed must be a whole number ≥ 0; got " + std::to_string(seed) + ".");
  options.seed = static_cast<unsigned>(seed);
  return options;
}

/// A column's unit from data.units (absent: SI, "" for a coefficient).
std::string unitOf(const Value* units, const std::string& column, Quantity quantity) {
  std::string si = quantity == Quantity::Velocity   ? "m/s"
                   : quantity == Quantity::Time     ? "s"
                   : quantity == Quantity::Position ? "m"
                   : quantity == Quantity::Force    ? "N"
                                                    : "";
  if (units == nullptr) return si;
  if (units->kind() != Value::Kind::Object)
    throw InputError("data.units",
                     "data.units must be an object {COLUMN: UNIT}; got " + describeValue(*units) + ".");
  const Value* unit = units->find(column);
  return unit == nullptr ? si : reading::readText(*unit, "data.units." + column, "mm/s");
}

/// data: { kind, compare, file, text, x, y, units, N } → the request's kind, comparison and SI columns.
void readData(const Value& value, FitRequest& request) {
  const Fields fields(value, "data", "data", "the data",
                      {"kind", "compare", "file", "text", "x", "y", "units", "N"});
  std::string kind = "curve", compare, file = "data", text, x, y;
  fields.text("kind", kind, "curve");
  fields.text("compare", compare, "mu");
  fields.text("file", file, "data.csv");
  text = reading::readText(fields.required("text", "the CSV text (the CLI reads it from data.file)"),
                           "data.text", "v,mu");
  const Comparison& comparison = findComparison(kind, compare.empty() ? (kind == "curve"    ? "mu"
                                                                         : kind == "record" ? "friction"
                                                                                            : "position")
                                                                      : compare);
  x = std::string(xColumnOf(comparison.kind));
  y = std::string(comparison.compare);
  fields.text("x", x, "v");
  fields.text("y", y, "mu");
  fields.number("N", request.N);
  request.kind = comparison.kind;
  request.compare = std::string(comparison.compare);
  const fitdata::Table table = fitdata::parseCsv(text, file);
  const Quantity xQuantity = xQuantityOf(comparison.kind);
  request.x = fitdata::readColumn(table, x, unitOf(fields.find("units"), x, xQuantity), xQuantity);
  request.y = fitdata::readColumn(table, y, unitOf(fields.find("units"), y, comparison.y), comparison.y);
  if (request.x.size() < request.free.size())
    throw InputError("data", file + " has " + std::to_string(request.x.size()) + " rows for " +
                                 std::to_string(request.free.size()) +
                                 " free parameters; a fit needs at least as many points as free parameters.");
}

/// The record's scenario: the fit's law put in, then read as any scenario is (scenario.system.c …).
Scenario readRecordScenario(const Value* value, const std::string& law) {
  Value scenario = value == nullptr ? Value::object() : *value;
  if (scenario.kind() != Value::Kind::Object)
    throw InputError("scenario", "scenario must be an object; got " + describeValue(scenario) + ".");
  if (scenario.find("law") != nullptr || scenario.find("params") != nullptr)
    throw InputError("scenario",
                     "scenario takes the system and the drive; the law and its params are the fit's own "
                     "(\"law\", \"params\").");
  scenario.set("law", law);
  return reading::readScenarioFields(scenario, "scenario", "scenario");
}

}  // namespace

FitRequest readFitRequest(const Value& value) {
  const Fields fields(value, "fit", "", "the fit",
                      {"law", "params", "free", "data", "scenario", "presliding", "options"});
  FitRequest request;
  request.law = reading::readText(fields.required("law", "a law id such as 'stribeck'"), "law", "stribeck");
  findLaw(request.law);
  if (const Value* params = fields.find("params"))
    request.params = reading::readParams(*params, "params", "params");
  request.free = readKeys(fields.required("free", "the list of parameters to fit"), "free");
  readData(fields.required("data", "the data to fit"), request);
  if (request.kind == FitKind::Record)
    request.scenario = readRecordScenario(fields.find("scenario"), request.law);
  else if (fields.find("scenario") != nullptr)
    throw InputError("scenario", "scenario is for a record (data.kind 'record') only.");
  if (const Value* presliding = fields.find("presliding")) {
    if (request.kind != FitKind::Presliding)
      throw InputError("presliding", "presliding is for data.kind 'presliding' only.");
    request.presliding = reading::readParams(*presliding, "presliding", "presliding");
  }
  request.options = readOptions(fields.find("options"), request.options);
  // A record runs over the data's span unless its system says otherwise.
  if (request.kind == FitKind::Record) {
    const auto& system = request.scenario.system;
    const bool hasDuration = std::any_of(system.begin(), system.end(),
                                         [](const auto& entry) { return entry.first == "duration"; });
    if (!hasDuration) request.scenario.system.emplace_back("duration", ParamValue(request.x.back()));
  }
  return request;
}

ConversionRequest readConversionRequest(const Value& value) {
  const Fields fields(
      value, "conversion", "", "the conversion",
      {"from", "fromParams", "to", "toParams", "free", "vMin", "vMax", "N", "count", "options"});
  ConversionRequest request;
  request.from =
      reading::readText(fields.required("from", "the law converted from"), "from", "drake-stribeck");
  request.to =
      reading::readText(fields.required("to", "the law converted to"), "to", "opensees-veldependent");
  reading::withFieldPrefix("", [&] { findLaw(request.from); });
  findLaw(request.to);
  if (const Value* params = fields.find("fromParams"))
    request.fromParams = reading::readParams(*params, "fromParams", "fromParams");
  if (const Value* params = fields.find("toParams"))
    request.toParams = reading::readParams(*params, "toParams", "toParams");
  if (const Value* free = fields.find("free")) request.free = readKeys(*free, "free");
  fields.number("vMin", request.vMin);
  fields.number("vMax", request.vMax);
  fields.number("N", request.N);
  fields.wholeNumber("count", request.count);
  if (!(request.N > 0 && std::isfinite(request.N)))
    throw InputError("N", "N must be a normal force above 0 N; got " + formatNumber(request.N) + ".");
  request.options = readOptions(fields.find("options"), request.options);
  return request;
}

namespace {

Value numbers(const std::vector<double>& values) {
  Value list = Value::list();
  for (double v : values) list.push(v);
  return list;
}

Value paramsValue(const ParamList& params) {
  Value object = Value::object();
  for (const auto& [key, given] : params)
    object.set(key, given.isList ? numbers(given.items) : Value(given.items.front()));
  return object;
}

/// A column's quantity and its units, as fitOptionsValue lists them.
Value columnValue(std::string_view column, Quantity quantity) {
  Value out = Value::object(), units = Value::list();
  for (const std::string& unit : fitdata::unitNames(quantity)) units.push(unit);
  if (!column.empty()) out.set("column", std::string(column));
  out.set("quantity", std::string(fitdata::quantityName(quantity)));
  out.set("units", units);
  return out;
}

}  // namespace

Value fitOptionsValue() {
  // One entry per kind, in kComparisons' order, with its x column (as readData defaults it) and its
  // comparisons.
  Value kinds = Value::list();
  for (std::size_t i = 0; i < std::size(kComparisons); ++i) {
    const Comparison& first = kComparisons[i];
    if (i > 0 && kComparisons[i - 1].kindName == first.kindName) continue;
    Value compares = Value::list();
    for (const Comparison& comparison : kComparisons) {
      if (comparison.kindName != first.kindName) continue;
      Value entry = columnValue("", comparison.y);
      entry.set("id", std::string(comparison.compare));
      compares.push(entry);
    }
    Value kind = Value::object();
    kind.set("id", std::string(first.kindName));
    kind.set("x", columnValue(xColumnOf(first.kind), xQuantityOf(first.kind)));
    kind.set("compares", compares);
    kinds.push(kind);
  }
  Value out = Value::object();
  out.set("kinds", kinds);
  return out;
}

Value fitResultValue(const FitResult& result) {
  const LeastSquaresResult& fit = result.fit;
  Value out = Value::object(), values = Value::object(), errors = Value::object(),
        correlation = Value::list(), warnings = Value::list();
  // Null for none (writing::number): a standard error the data do not determine (∞) or a correlation
  // with such a parameter, an R² without the data's spread.
  for (std::size_t i = 0; i < result.free.size(); ++i) {
    values.set(result.free[i], fit.values[i]);
    errors.set(result.free[i], writing::number(fit.standardErrors[i]));
    correlation.push(writing::numbers(fit.correlation[i]));
  }
  for (const auto& warning : fit.warnings) warnings.push(warning);
  Value names = Value::list();
  for (const auto& name : result.free) names.push(name);
  out.set("converged", fit.converged);
  out.set("free", names);
  out.set("values", values);
  out.set("standardErrors", errors);
  out.set("correlation", correlation);
  out.set("rms", writing::number(fit.rms));
  out.set("rSquared", writing::number(fit.rSquared));
  out.set("evaluations", fit.evaluations);
  out.set("warnings", warnings);
  out.set("params", paramsValue(result.params));
  if (!result.system.empty()) out.set("system", paramsValue(result.system));
  if (!result.x.empty()) {
    out.set("x", numbers(result.x));
    out.set("y", numbers(result.y));
  }
  out.set("fitted", numbers(result.fitted));
  out.set("residuals", numbers(fit.residuals));
  return out;
}

Value conversionResultValue(const ConversionResult& result) {
  Value out = fitResultValue(result.fit);
  out.set("maxAbsoluteDeviation", writing::number(result.maxAbsoluteDeviation));
  out.set("atVelocityAbsolute", writing::number(result.atVelocityAbsolute));
  out.set("maxRelativeDeviation", writing::number(result.maxRelativeDeviation));
  out.set("atVelocityRelative", writing::number(result.atVelocityRelative));
  out.set("v", numbers(result.v));
  out.set("fromForce", numbers(result.fromForce));
  return out;
}

}  // namespace friction
