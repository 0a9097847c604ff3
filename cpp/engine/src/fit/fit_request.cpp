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
std::string unitOf(const Value* units, const std::string& path, const std::string& column,
                   Quantity quantity) {
  std::string si = quantity == Quantity::Velocity   ? "m/s"
                   : quantity == Quantity::Time     ? "s"
                   : quantity == Quantity::Position ? "m"
                   : quantity == Quantity::Force    ? "N"
                                                    : "";
  if (units == nullptr) return si;
  if (units->kind() != Value::Kind::Object)
    throw InputError(path + ".units",
                     path + ".units must be an object {COLUMN: UNIT}; got " + describeValue(*units) + ".");
  const Value* unit = units->find(column);
  return unit == nullptr ? si : reading::readText(*unit, path + ".units." + column, "mm/s");
}

/// data.delimiter, data.decimal and data.headerLine: what the text reader is told (0: detect it).
fitdata::Format readFormat(const Fields& fields, const std::string& path) {
  fitdata::Format format;
  std::string delimiter = "auto", decimal = "auto";
  int headerLine = 0;
  fields.text("delimiter", delimiter, ";");
  fields.text("decimal", decimal, ",");
  fields.wholeNumber("headerLine", headerLine);
  static const std::pair<std::string_view, char> kDelimiters[] = {{"auto", 0},    {",", ','},    {";", ';'},
                                                                  {"\t", '\t'},   {"tab", '\t'}, {" ", ' '},
                                                                  {"space", ' '}, {"|", '|'}};
  bool known = false;
  for (const auto& [name, mark] : kDelimiters)
    if (delimiter == name) {
      format.delimiter = mark;
      known = true;
    }
  if (!known)
    throw InputError(path + ".delimiter", path +
                                              ".delimiter must be \"auto\", \",\", \";\", \"tab\", "
                                              "\"space\" or \"|\"; got '" +
                                              delimiter + "'.");
  if (decimal != "auto" && decimal != "." && decimal != ",")
    throw InputError(path + ".decimal",
                     path + ".decimal must be \"auto\", \".\" or \",\"; got '" + decimal + "'.");
  format.decimal = decimal == "auto" ? '\0' : decimal.front();
  if (format.delimiter != 0 && format.delimiter == format.decimal)
    throw InputError(path + ".decimal", path + ".decimal: the decimal mark cannot also be the delimiter (" +
                                            fitdata::delimiterName(format.delimiter) + ").");
  if (headerLine < 0)
    throw InputError(path + ".headerLine", path +
                                               ".headerLine must be a line number ≥ 1 (0: detect it); got " +
                                               std::to_string(headerLine) + ".");
  format.headerLine = static_cast<std::size_t>(headerLine);
  return format;
}

/// What one data object holds once read: its kind, comparison, columns (SI) and the reader's notes.
struct ReadData {
  const Comparison* comparison = nullptr;
  std::string file;
  std::vector<double> x, y, sigma;
  std::vector<std::string> notes;
  double N = 1;
};

/// σ: every value above 0 (a weight 1/σ).
void checkSigma(const fitdata::Table& table, const std::string& column, const std::vector<double>& sigma) {
  for (std::size_t row = 0; row < sigma.size(); ++row)
    if (!(sigma[row] > 0))
      throw InputError("data", table.name + " row " + std::to_string(fitdata::lineOf(table, row)) +
                                   ", column \"" + column + "\": the standard deviation " +
                                   formatNumber(sigma[row]) + " must be above 0 (its weight is 1/σ).");
}

/// data.signs for a curve: "signed" (F signed like v), "magnitudes" (|y| against |v|), or "auto": signed
/// unless v is negative where y is not (a reciprocating test reports μ ≥ 0 both ways), then magnitudes
/// with a note; refused where the negative-v rows are of both kinds.
void applySigns(const fitdata::Table& table, const std::string& signs, ReadData& data) {
  std::size_t negative = 0, positiveY = 0, negativeY = 0, firstPositive = 0, firstNegative = 0;
  for (std::size_t i = 0; i < data.x.size(); ++i) {
    if (!(data.x[i] < 0)) continue;
    ++negative;
    if (data.y[i] > 0 && positiveY++ == 0) firstPositive = i;
    if (data.y[i] < 0 && negativeY++ == 0) firstNegative = i;
  }
  const bool magnitudes = signs == "magnitudes" || (signs == "auto" && positiveY > 0 && negativeY == 0);
  if (signs == "auto" && positiveY > 0 && negativeY > 0)
    throw InputError(
        "data.signs",
        table.name + ": v is negative on " + std::to_string(negative) + " rows, where y is positive on " +
            std::to_string(positiveY) + " (first row " +
            std::to_string(fitdata::lineOf(table, firstPositive)) + ") and negative on " +
            std::to_string(negativeY) + " (first row " +
            std::to_string(fitdata::lineOf(table, firstNegative)) +
            "): neither a magnitude nor signed like v. Set data.signs to \"magnitudes\" (fit |y| "
            "against |v|) or \"signed\" (the friction signed like v).");
  if (!magnitudes) return;
  for (double& v : data.x) v = std::abs(v);
  for (double& y : data.y) y = std::abs(y);
  if (negative > 0)
    data.notes.push_back(
        "Reciprocating data: v is negative on " + std::to_string(negative) + " of " +
        std::to_string(data.x.size()) +
        " rows while y stays positive there, so y is read as a magnitude and fitted against |v|" +
        (signs == "auto" ? " (data.signs \"auto\"; \"signed\" fits the friction signed like v instead)."
                         : "."));
}

/// data: { kind, compare, file, text, x, y, sigma, units, N, delimiter, decimal, headerLine, signs } → the
/// kind, the comparison and the SI columns. `path` names the object in messages ("data", "records[1].data").
ReadData readData(const Value& value, const std::string& path) {
  const Fields fields(value, path, path, "the data",
                      {"kind", "compare", "file", "text", "x", "y", "sigma", "units", "N", "delimiter",
                       "decimal", "headerLine", "signs"});
  ReadData data;
  std::string kind = "curve", compare, x, y, sigma, signs = "auto";
  data.file = "data";
  fields.text("kind", kind, "curve");
  fields.text("compare", compare, "mu");
  fields.text("file", data.file, "data.csv");
  fields.text("sigma", sigma, "sd");
  fields.text("signs", signs, "magnitudes");
  if (signs != "auto" && signs != "signed" && signs != "magnitudes")
    throw InputError(path + ".signs",
                     path + ".signs must be \"auto\", \"signed\" or \"magnitudes\"; got '" + signs + "'.");
  const Value& text = fields.required("text", "the file's text (the CLI reads it from data.file)");
  if (text.kind() != Value::Kind::String)
    throw InputError(path + ".text",
                     path + ".text must be the file's text; got " + describeValue(text) + ".");
  data.comparison = &findComparison(kind, compare.empty() ? (kind == "curve"    ? "mu"
                                                             : kind == "record" ? "friction"
                                                                                : "position")
                                                          : compare);
  x = std::string(xColumnOf(data.comparison->kind));
  y = std::string(data.comparison->compare);
  fields.text("x", x, "v");
  fields.text("y", y, "mu");
  fields.number("N", data.N);
  const fitdata::Table table = fitdata::readTable(text.text(), data.file, readFormat(fields, path));
  data.notes = table.notes;
  const Quantity xQuantity = xQuantityOf(data.comparison->kind), yQuantity = data.comparison->y;
  // x, y and σ (in y's unit unless given its own) read in one pass over the rows.
  std::vector<fitdata::ColumnSpec> columns = {
      {x, unitOf(fields.find("units"), path, x, xQuantity), xQuantity},
      {y, unitOf(fields.find("units"), path, y, yQuantity), yQuantity}};
  if (!sigma.empty()) {
    const std::string unit = fields.find("units") != nullptr && fields.find("units")->find(sigma) != nullptr
                                 ? unitOf(fields.find("units"), path, sigma, yQuantity)
                                 : unitOf(fields.find("units"), path, y, yQuantity);
    columns.push_back({sigma, unit, yQuantity});
  }
  std::vector<std::vector<double>> read = fitdata::readColumns(table, columns);
  data.x = std::move(read[0]);
  data.y = std::move(read[1]);
  if (!sigma.empty()) {
    data.sigma = std::move(read[2]);
    checkSigma(table, sigma, data.sigma);
  }
  if (data.comparison->kind == FitKind::Curve)
    applySigns(table, signs, data);
  else if (signs == "magnitudes")
    throw InputError(path + ".signs", path + ".signs is for a curve (data.kind \"curve\") only.");
  return data;
}

void requireEnoughRows(const std::string& file, std::size_t rows, std::size_t free) {
  if (rows < free)
    throw InputError("data", file + " has " + std::to_string(rows) + " rows for " + std::to_string(free) +
                                 " free parameters; a fit needs at least as many points as free parameters.");
}

/// The record's scenario: the fit's law put in, then read as any scenario is (scenario.system.c …).
Scenario readRecordScenario(const Value* value, const std::string& law, const std::string& path,
                            double lastTime) {
  Value scenario = value == nullptr ? Value::object() : *value;
  if (scenario.kind() != Value::Kind::Object)
    throw InputError(path, path + " must be an object; got " + describeValue(scenario) + ".");
  if (scenario.find("law") != nullptr || scenario.find("params") != nullptr)
    throw InputError(path, path +
                               " takes the system and the drive; the law and its params are the fit's own "
                               "(\"law\", \"params\").");
  scenario.set("law", law);
  Scenario read = reading::readScenarioFields(scenario, path, path);
  // A record runs over the data's span unless its system says otherwise.
  const bool hasDuration = std::any_of(read.system.begin(), read.system.end(),
                                       [](const auto& entry) { return entry.first == "duration"; });
  if (!hasDuration) read.system.emplace_back("duration", ParamValue(lastTime));
  return read;
}

/// "records": [{ "data", "scenario" }, …]: each a record with its own data and system.
/// A record's data, read as the request's one data object is: the reader's refusals, which name
/// `data` (data.units, data.sigma), name the record's own path instead (records[1].data.units).
ReadData readRecordData(const Value& value, const std::string& path) {
  try {
    return readData(value, path);
  } catch (const InputError& error) {
    const std::string& field = error.field();
    if (field != "data" && field.rfind("data.", 0) != 0) throw;
    throw InputError(path + field.substr(4), error.what());
  }
}

std::vector<FitRecord> readRecords(const Value& value, const std::string& law,
                                   std::vector<std::string>& notes) {
  if (value.kind() != Value::Kind::List || value.items().empty())
    throw InputError("records", "records must be a list of { data, scenario }, one per record; got " +
                                    describeValue(value) + ".");
  std::vector<FitRecord> records;
  for (std::size_t i = 0; i < value.items().size(); ++i) {
    const std::string path = reading::itemPath("records", i);
    const Fields fields(value.items()[i], path, path, "a record", {"data", "scenario"});
    ReadData data = readRecordData(fields.required("data", "the record's data"), path + ".data");
    if (data.comparison->kind != FitKind::Record)
      throw InputError(path + ".data.kind", path +
                                                ".data.kind must be \"record\": records fitted jointly are "
                                                "time records.");
    for (const std::string& note : data.notes) notes.push_back(data.file + ": " + note);
    FitRecord record{data.file,
                     readRecordScenario(fields.find("scenario"), law, path + ".scenario", data.x.back()),
                     std::move(data.x), std::move(data.y), std::move(data.sigma)};
    records.push_back(std::move(record));
  }
  return records;
}

}  // namespace

namespace {

/// The request's one data object (not records): its columns into the request, a record's scenario.
void readSingleData(const Fields& fields, FitRequest& request) {
  ReadData data = readData(fields.required("data", "the data to fit (or records)"), "data");
  request.kind = data.comparison->kind;
  request.compare = std::string(data.comparison->compare);
  request.N = data.N;
  request.x = std::move(data.x);
  request.y = std::move(data.y);
  request.sigma = std::move(data.sigma);
  request.notes = std::move(data.notes);
  requireEnoughRows(data.file, request.x.size(), request.free.size());
  if (request.kind == FitKind::Record)
    request.scenario = readRecordScenario(fields.find("scenario"), request.law, "scenario", request.x.back());
  else if (fields.find("scenario") != nullptr)
    throw InputError("scenario", "scenario is for a record (data.kind 'record') only.");
}

}  // namespace

FitRequest readFitRequest(const Value& value) {
  const Fields fields(value, "fit", "", "the fit",
                      {"law", "params", "free", "data", "records", "scenario", "presliding", "options"});
  FitRequest request;
  request.law = reading::readText(fields.required("law", "a law id such as 'stribeck'"), "law", "stribeck");
  findLaw(request.law);
  if (const Value* params = fields.find("params"))
    request.params = reading::readParams(*params, "params", "params");
  request.free = readKeys(fields.required("free", "the list of parameters to fit"), "free");
  if (const Value* records = fields.find("records")) {
    if (fields.find("data") != nullptr || fields.find("scenario") != nullptr)
      throw InputError("records", "records takes the place of data and scenario: give one or the other.");
    request.kind = FitKind::Record;
    request.records = readRecords(*records, request.law, request.notes);
    request.compare = "friction";
    std::size_t rows = 0;
    for (const FitRecord& record : request.records) rows += record.x.size();
    requireEnoughRows("the records", rows, request.free.size());
  } else {
    readSingleData(fields, request);
  }
  if (const Value* presliding = fields.find("presliding")) {
    if (request.kind != FitKind::Presliding)
      throw InputError("presliding", "presliding is for data.kind 'presliding' only.");
    request.presliding = reading::readParams(*presliding, "presliding", "presliding");
  }
  request.options = readOptions(fields.find("options"), request.options);
  return request;
}

Value inspectData(const Value& value) {
  const Fields fields(value, "data", "data", "the data",
                      {"text", "file", "delimiter", "decimal", "headerLine"});
  std::string file = "data";
  fields.text("file", file, "data.csv");
  const Value& text = fields.required("text", "the file's text");
  if (text.kind() != Value::Kind::String)
    throw InputError("data.text", "data.text must be the file's text; got " + describeValue(text) + ".");
  const fitdata::Table table = fitdata::readTable(text.text(), file, readFormat(fields, "data"));
  Value out = Value::object(), columns = Value::list(), metadata = Value::list(), notes = Value::list();
  for (const std::string& name : table.header) columns.push(name);
  for (const std::string& line : table.metadata) metadata.push(line);
  for (const std::string& note : table.notes) notes.push(note);
  out.set("delimiter", table.format.delimiter == '\t'  ? std::string("tab")
                       : table.format.delimiter == ' ' ? std::string("space")
                                                       : std::string(1, table.format.delimiter));
  out.set("decimal", std::string(1, table.format.decimal));
  out.set("headerLine", static_cast<double>(table.format.headerLine));
  out.set("lineEnds", table.lineEnds);
  out.set("byteOrderMark", table.byteOrderMark);
  out.set("columns", columns);
  out.set("rows", static_cast<double>(table.rows.size()));
  out.set("metadata", metadata);
  out.set("notes", notes);
  return out;
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
  Value out = Value::object(), units = Value::list(), factors = Value::list();
  for (const std::string& unit : fitdata::unitNames(quantity)) {
    units.push(unit);
    factors.push(fitdata::unitFactor(unit, quantity));
  }
  if (!column.empty()) out.set("column", std::string(column));
  out.set("quantity", std::string(fitdata::quantityName(quantity)));
  out.set("units", units);
  out.set("factors", factors);
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
  // Each law's default free parameters for each kind (defaultFree), for a page's law menu.
  Value free = Value::object();
  for (const LawSpec& law : lawCatalog()) {
    Value byKind = Value::object();
    for (const auto& [name, kind] : {std::pair{"curve", FitKind::Curve}, std::pair{"record", FitKind::Record},
                                     std::pair{"presliding", FitKind::Presliding}}) {
      Value keys = Value::list();
      for (const std::string& key : defaultFree(std::string(law.spec.id), kind)) keys.push(key);
      byKind.set(name, keys);
    }
    free.set(std::string(law.spec.id), byKind);
  }
  Value out = Value::object();
  out.set("kinds", kinds);
  out.set("free", free);
  return out;
}

namespace {

/// model − data at each point.
std::vector<double> differences(const std::vector<double>& fitted, const std::vector<double>& y) {
  std::vector<double> out(fitted.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = fitted[i] - y[i];
  return out;
}

Value recordsValue(const FitResult& result, bool columns) {
  Value records = Value::list();
  for (const FitRecordResult& record : result.records) {
    Value entry = Value::object();
    entry.set("file", record.file);
    entry.set("system", paramsValue(record.system));
    if (columns) {
      entry.set("x", numbers(record.x));
      entry.set("y", numbers(record.y));
      entry.set("fitted", numbers(record.fitted));
      entry.set("residuals", numbers(record.residuals));
    }
    records.push(entry);
  }
  return records;
}

/// The values, standard errors and correlations of the free parameters.
void addEstimates(const FitResult& result, Value& out) {
  const LeastSquaresResult& fit = result.fit;
  Value values = Value::object(), errors = Value::object(), correlation = Value::list(),
        names = Value::list();
  // Null for none (writing::number): a standard error the data do not determine (∞) or a correlation
  // with such a parameter.
  for (std::size_t i = 0; i < result.free.size(); ++i) {
    values.set(result.free[i], fit.values[i]);
    errors.set(result.free[i], writing::number(fit.standardErrors[i]));
    correlation.push(writing::numbers(fit.correlation[i]));
    names.push(result.free[i]);
  }
  out.set("free", names);
  out.set("values", values);
  out.set("standardErrors", errors);
  out.set("correlation", correlation);
}

}  // namespace

Value fitResultValue(const FitResult& result, bool columns) {
  const LeastSquaresResult& fit = result.fit;
  Value out = Value::object(), warnings = Value::list(), notes = Value::list();
  for (const auto& warning : fit.warnings) warnings.push(warning);
  for (const auto& note : result.notes) notes.push(note);
  out.set("converged", fit.converged);
  addEstimates(result, out);
  // Null for none: an R² without the data's spread.
  out.set("rms", writing::number(result.rms));
  out.set("rSquared", writing::number(fit.rSquared));
  if (result.weighted) out.set("chiSquare", fit.sumOfSquares);
  out.set("points", static_cast<double>(fit.residuals.size()));
  out.set("evaluations", fit.evaluations);
  out.set("warnings", warnings);
  out.set("notes", notes);
  out.set("params", paramsValue(result.params));
  if (!result.system.empty()) out.set("system", paramsValue(result.system));
  if (!result.records.empty()) out.set("records", recordsValue(result, columns));
  if (columns && result.records.empty()) {
    out.set("x", numbers(result.x));
    out.set("y", numbers(result.y));
    out.set("fitted", numbers(result.fitted));
    out.set("residuals", numbers(differences(result.fitted, result.y)));
  }
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
