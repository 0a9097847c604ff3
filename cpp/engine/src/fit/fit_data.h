#pragma once
// Measured data for a fit: the text of an instrument's file (the engine reads no files; its callers pass
// the text) cut into named columns, each converted to SI by its declared unit and checked for what it
// holds. The format is detected and reported, or given (issue 27): a UTF-8 byte-order mark, LF, CRLF or
// CR line ends, commas, semicolons, tabs or spaces between values, a decimal point or comma, and lines of
// metadata above the header.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace friction::fitdata {

/// What a column holds: decides the units it may be given in and its plausible magnitudes.
enum class Quantity { Velocity, Time, Position, Force, Coefficient };

/// How the text is cut: each member 0 (or "") means "detect it".
struct Format {
  char delimiter = 0;          ///< ',', ';', '\t' or ' ' (a run of blanks)
  char decimal = 0;            ///< '.' or ','
  std::size_t headerLine = 0;  ///< the 1-based line of the header
};

/// A table read from text: its format, its header's names, where each data row starts, and what the
/// reader found on the way (notes for the caller to show). Refers to the text it was read from.
struct Table {
  std::string name;                   ///< the file's name, for messages ("data.csv")
  Format format;                      ///< as detected or given, every member set
  std::string lineEnds;               ///< "LF", "CRLF" or "CR"
  bool byteOrderMark = false;         ///< a UTF-8 BOM was removed
  std::vector<std::string> header;    ///< the column names
  std::vector<std::string> metadata;  ///< the non-blank, non-# lines above the header
  std::string_view text;              ///< the text without its BOM (the caller's, which must outlive this)
  std::vector<std::size_t> rows;      ///< the offset in `text` of each data row
  std::vector<std::size_t> rowEnds;   ///< where each data row's text ends in `text` (before its line end)
  std::vector<std::string> notes;     ///< what was detected, in words, for the caller to show
};

/// Reads the text's format (detecting what `format` leaves 0), its header and its data rows, refusing
/// (InputError, field "data") with the file, the line and the cause: UTF-16, no header, a first or last
/// row with more or fewer values than the header (readColumn checks the others), no rows. Blank lines and
/// lines starting with '#' are skipped anywhere.
Table readTable(std::string_view text, const std::string& name, const Format& format = {});

/// Column `column` of `table` as SI numbers: each field a finite number, times `unit`'s factor.
/// Refuses (InputError, field "data") with the line, the column and what was expected: a row with more
/// or fewer values than the header, a missing value, text, an unknown unit or one of another quantity, a
/// magnitude no such column plausibly has (a unit wrong by orders of magnitude), and for a Time column a time
/// not after the previous one.
std::vector<double> readColumn(const Table& table, const std::string& column, const std::string& unit,
                               Quantity quantity);

/// `field` (optionally in double quotes) as a finite number with `decimal` ('.' or ',') as its decimal
/// mark, the other mark refused so that "1.234,5" is not read as anything: true with `out` set, bit for
/// bit what strtod gives; false if it is not such a number (or out of the double range).
bool readNumber(std::string_view field, char decimal, double& out);

/// A column to read: its header name, its unit and what it holds.
struct ColumnSpec {
  std::string column;
  std::string unit;
  Quantity quantity;
};

/// readColumn for several columns at once, each row cut into its fields once (a million-row file is read
/// in one pass): the columns in the order given. A row's columns are checked in that order, and the
/// first bad value, by row, is refused.
std::vector<std::vector<double>> readColumns(const Table& table, const std::vector<ColumnSpec>& wanted);

/// The 1-based line of data row `row` (for messages).
std::size_t lineOf(const Table& table, std::size_t row);

/// The units a quantity may be given in, for messages: "m/s, mm/s, µm/s, nm/s".
std::string unitsOf(Quantity quantity);

/// The same units as a list (the SI unit first; "" for a coefficient), for a page's unit menus.
std::vector<std::string> unitNames(Quantity quantity);

/// The SI factor of `unit`, one of unitNames(quantity) (1 for the SI unit; NaN for another).
double unitFactor(const std::string& unit, Quantity quantity);

/// What a column of the quantity is, in words ("a velocity").
std::string_view quantityName(Quantity quantity);

/// A delimiter in words, as messages and notes name it ("semicolons", "tabs").
std::string delimiterName(char delimiter);
/// A decimal mark in words ("a decimal comma").
std::string decimalName(char decimal);

}  // namespace friction::fitdata
