#pragma once
// Measured data for a fit: CSV text (the engine reads no files; its callers pass the text) cut into
// named columns, each converted to SI by its declared unit and checked for what it holds.

#include <string>
#include <string_view>
#include <vector>

namespace friction::fitdata {

/// What a column holds: decides the units it may be given in and its plausible magnitudes.
enum class Quantity { Velocity, Time, Position, Force, Coefficient };

/// A CSV table: its header's names and, per row, its fields as text, with each row's line number.
struct Table {
  std::string name;  ///< the file's name, for messages ("data.csv")
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::size_t> lines;  ///< the 1-based line of each row in the text
};

/// Splits CSV text (comma-separated, first non-empty line the header, '#' lines and blank lines
/// skipped, fields trimmed, no quoting). Throws InputError("data", "data.csv row 17: 2 values for 3
/// columns …") for a row whose length differs from the header's, and for a table with no rows.
Table parseCsv(std::string_view text, const std::string& name);

/// Column `column` of `table` as SI numbers: each field a finite number, times `unit`'s factor.
/// Refuses (InputError, field "data") with the row, the column and what was expected: a missing
/// value, text, an unknown unit or one of another quantity, a magnitude no such column plausibly has
/// (a unit wrong by orders of magnitude), and for a Time column a time not after the previous one.
std::vector<double> readColumn(const Table& table, const std::string& column, const std::string& unit,
                               Quantity quantity);

/// The units a quantity may be given in, for messages: "m/s, mm/s, µm/s, nm/s".
std::string unitsOf(Quantity quantity);

/// The same units as a list (the SI unit first; "" for a coefficient), for a page's unit menus.
std::vector<std::string> unitNames(Quantity quantity);

/// What a column of the quantity is, in words ("a velocity").
std::string_view quantityName(Quantity quantity);

}  // namespace friction::fitdata
