// CSV text to SI columns for the fits, refusing bad input by row and column (fit_data.h).

#include "fit/fit_data.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "friction/errors.h"
#include "friction/parameters.h"

namespace friction::fitdata {
namespace {

/// Each unit a column may be given in, declared once: its name, its quantity and its SI factor.
struct UnitSpec {
  std::string_view name;
  Quantity quantity;
  double factor;
};
constexpr UnitSpec kUnits[] = {
    {"m/s", Quantity::Velocity, 1.0},   {"mm/s", Quantity::Velocity, 1e-3},
    {"µm/s", Quantity::Velocity, 1e-6}, {"um/s", Quantity::Velocity, 1e-6},
    {"nm/s", Quantity::Velocity, 1e-9}, {"s", Quantity::Time, 1.0},
    {"ms", Quantity::Time, 1e-3},       {"min", Quantity::Time, 60.0},
    {"h", Quantity::Time, 3600.0},      {"m", Quantity::Position, 1.0},
    {"mm", Quantity::Position, 1e-3},   {"µm", Quantity::Position, 1e-6},
    {"um", Quantity::Position, 1e-6},   {"nm", Quantity::Position, 1e-9},
    {"N", Quantity::Force, 1.0},        {"mN", Quantity::Force, 1e-3},
    {"kN", Quantity::Force, 1e3},       {"", Quantity::Coefficient, 1.0},
};

/// The SI unit of a quantity, and the largest magnitude a column of it plausibly holds in a friction
/// test: a slip speed of 10 m/s (high-speed tribometers reach a few m/s), a record of 10⁶ s (11 days),
/// a slip of 1 m, a coefficient of 10 (μ of clean metals in vacuum reaches a few), a force of 10⁷ N.
/// A value beyond it is taken for a column in another unit (mm read as m, % read as a fraction).
struct QuantitySpec {
  Quantity quantity;
  std::string_view what, si;
  double plausible;
};
constexpr QuantitySpec kQuantities[] = {
    {Quantity::Velocity, "a velocity", "m/s", 10.0},
    {Quantity::Time, "a time", "s", 1e6},
    {Quantity::Position, "a displacement", "m", 1.0},
    {Quantity::Force, "a force", "N", 1e7},
    {Quantity::Coefficient, "a friction coefficient", "", 10.0},
};

const QuantitySpec& specOf(Quantity quantity) {
  for (const QuantitySpec& spec : kQuantities)
    if (spec.quantity == quantity) return spec;
  return kQuantities[0];
}

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

std::vector<std::string> splitFields(std::string_view line) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  while (true) {
    const auto comma = line.find(',', start);
    fields.push_back(
        trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) return fields;
    start = comma + 1;
  }
}

/// "data.csv row 17, column \"v\"": where a value is, as messages name it.
std::string where(const Table& table, std::size_t row, const std::string& column) {
  return table.name + " row " + std::to_string(table.lines[row]) + ", column \"" + column + "\"";
}

double unitFactor(const Table& table, const std::string& column, const std::string& unit, Quantity quantity) {
  const QuantitySpec& spec = specOf(quantity);
  for (const UnitSpec& known : kUnits) {
    if (known.name != unit) continue;
    if (known.quantity == quantity) return known.factor;
    throw InputError("data", table.name + ", column \"" + column + "\": the unit '" + unit +
                                 "' is not one of " + std::string(spec.what) +
                                 "; expected one of: " + unitsOf(quantity) + ".");
  }
  throw InputError("data", table.name + ", column \"" + column + "\": unknown unit '" + unit + "'; " +
                               std::string(spec.what) + " takes one of: " + unitsOf(quantity) + ".");
}

/// The field at (row, column) as a number, or InputError naming the row and column.
double parseField(const Table& table, std::size_t row, std::size_t index, const std::string& column,
                  const std::string& expected) {
  const std::string& field = table.rows[row][index];
  if (field.empty())
    throw InputError("data", where(table, row, column) + ": missing value; expected " + expected + ".");
  errno = 0;
  char* end = nullptr;
  const double value = std::strtod(field.c_str(), &end);
  if (end != field.c_str() + field.size() || errno == ERANGE || !std::isfinite(value))
    throw InputError("data", where(table, row, column) + ": '" + field +
                                 "' is not a finite number; expected " + expected + ".");
  return value;
}

}  // namespace

std::string unitsOf(Quantity quantity) {
  std::string list;
  for (const UnitSpec& unit : kUnits)
    if (unit.quantity == quantity)
      list += (list.empty() ? "" : ", ") +
              (unit.name.empty() ? std::string("\"\" (dimensionless)") : std::string(unit.name));
  return list;
}

std::vector<std::string> unitNames(Quantity quantity) {
  std::vector<std::string> names;
  for (const UnitSpec& unit : kUnits)
    if (unit.quantity == quantity) names.emplace_back(unit.name);
  return names;
}

std::string_view quantityName(Quantity quantity) { return specOf(quantity).what; }

Table parseCsv(std::string_view text, const std::string& name) {
  Table table;
  table.name = name;
  std::size_t lineNumber = 0, start = 0;
  while (start <= text.size()) {
    const auto end = text.find('\n', start);
    const std::string line =
        trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    ++lineNumber;
    start = end == std::string_view::npos ? text.size() + 1 : end + 1;
    if (line.empty() || line.front() == '#') continue;
    std::vector<std::string> fields = splitFields(line);
    if (table.header.empty()) {
      table.header = std::move(fields);
      continue;
    }
    if (fields.size() != table.header.size())
      throw InputError("data", name + " row " + std::to_string(lineNumber) + ": " +
                                   std::to_string(fields.size()) + " values for " +
                                   std::to_string(table.header.size()) +
                                   " columns; every row must give one value per column of the header.");
    table.rows.push_back(std::move(fields));
    table.lines.push_back(lineNumber);
  }
  if (table.rows.empty()) throw InputError("data", name + " has no rows of data below its header.");
  return table;
}

std::vector<double> readColumn(const Table& table, const std::string& column, const std::string& unit,
                               Quantity quantity) {
  // Step 1: the column and its unit.
  std::size_t index = table.header.size();
  for (std::size_t i = 0; i < table.header.size(); ++i)
    if (table.header[i] == column) index = i;
  if (index == table.header.size()) {
    std::string names;
    for (const auto& header : table.header) names += (names.empty() ? "\"" : ", \"") + header + "\"";
    throw InputError("data",
                     table.name + " has no column \"" + column + "\"; its header names " + names + ".");
  }
  const double factor = unitFactor(table, column, unit, quantity);
  const QuantitySpec& spec = specOf(quantity);
  const std::string expected = std::string(spec.what) + (unit.empty() ? "" : " in " + unit);
  // Step 2: each value a number, plausible in SI, and for a time after the previous row's.
  std::vector<double> values;
  for (std::size_t row = 0; row < table.rows.size(); ++row) {
    const double value = parseField(table, row, index, column, expected) * factor;
    if (std::abs(value) > spec.plausible)
      throw InputError("data", where(table, row, column) + ": " + withUnit(value, spec.si) +
                                   " is beyond what " + std::string(spec.what) +
                                   " in a friction test plausibly is (at most " +
                                   withUnit(spec.plausible, spec.si) +
                                   "); is the column in another unit? Declare it in \"units\" (" +
                                   unitsOf(quantity) + ").");
    if (quantity == Quantity::Time && !values.empty() && !(value > values.back()))
      throw InputError("data", where(table, row, column) + ": the time " + withUnit(value, "s") +
                                   " is not after the previous row's " + withUnit(values.back(), "s") +
                                   "; times must increase (no repeats, sorted).");
    if (quantity == Quantity::Time && value < 0)
      throw InputError("data", where(table, row, column) + ": the time " + withUnit(value, "s") +
                                   " is before the run's start at 0 s.");
    values.push_back(value);
  }
  return values;
}

}  // namespace friction::fitdata
