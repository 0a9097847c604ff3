// An instrument's text to SI columns for the fits: its format detected or given, refused by line and
// column where it cannot be read (fit_data.h).

#include "fit/fit_data.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
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

// ---- Lines ----

bool isBlank(char c) { return c == ' ' || c == '\t'; }

std::string_view trimmed(std::string_view text) {
  std::size_t first = 0, last = text.size();
  while (first < last && isBlank(text[first])) ++first;
  while (last > first && isBlank(text[last - 1])) --last;
  return text.substr(first, last - first);
}

/// The line that starts at `start` (without its end: LF, CRLF or CR), and where the next one starts.
/// (A plain scan: find_first_of calls memchr on its set for every character, a quarter of a
/// million-row file's reading.)
std::string_view lineAt(std::string_view text, std::size_t start, std::size_t* next) {
  std::size_t end = start;
  while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
  if (end == text.size()) {
    *next = text.size();
    return text.substr(start);
  }
  *next = text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? end + 2 : end + 1;
  return text.substr(start, end - start);
}

/// A line that holds something: not blank, not a '#' comment.
bool isContent(std::string_view line) {
  const std::string_view content = trimmed(line);
  return !content.empty() && content.front() != '#';
}

// ---- Fields ----

/// Calls visit(field, index) for each field of `line` cut at `delimiter` (' ': runs of blanks), each
/// trimmed; a field in double quotes keeps the delimiters inside it (its quotes stay for unquote()).
/// Returns the number of fields.
template <class Visit>
std::size_t forEachField(std::string_view line, char delimiter, Visit&& visit) {
  line = trimmed(line);
  std::size_t index = 0, at = 0;
  while (true) {
    std::size_t end = at;
    if (end < line.size() && line[end] == '"') {  // a quoted field: to its closing quote ("" is a quote)
      ++end;
      while (end < line.size() && !(line[end] == '"' && (end + 1 >= line.size() || line[end + 1] != '"')))
        end += line[end] == '"' ? 2 : 1;
      if (end < line.size()) ++end;
    }
    end = delimiter == ' ' ? std::min(line.size(), line.find_first_of(" \t", end))
                           : std::min(line.size(), line.find(delimiter, end));
    visit(trimmed(line.substr(at, end - at)), index++);
    if (end >= line.size()) return index;
    at = end + 1;
    if (delimiter == ' ')
      while (at < line.size() && isBlank(line[at])) ++at;
  }
}

std::size_t fieldCount(std::string_view line, char delimiter) {
  return forEachField(line, delimiter, [](std::string_view, std::size_t) {});
}

/// A field without its double quotes ("" inside becomes ").
std::string unquote(std::string_view field) {
  if (field.size() < 2 || field.front() != '"' || field.back() != '"') return std::string(field);
  std::string out;
  for (std::size_t i = 1; i + 1 < field.size(); ++i) {
    out += field[i];
    if (field[i] == '"' && field[i + 1] == '"') ++i;
  }
  return out;
}

/// The exponent of a number's "e±ddd" part, from `field[i]` (just after the mantissa) to the field's
/// end: true with `power` set if the rest is such a part of 1 to 4 digits (or nothing, power 0).
bool readExponent(std::string_view field, std::size_t i, int& power) {
  power = 0;
  if (i == field.size()) return true;
  if (field[i] != 'e' && field[i] != 'E') return false;
  ++i;
  const bool minus = i < field.size() && field[i] == '-';
  if (i < field.size() && (field[i] == '-' || field[i] == '+')) ++i;
  const std::size_t first = i;
  while (i < field.size() && i - first < 4 && field[i] >= '0' && field[i] <= '9') {
    power = power * 10 + (field[i] - '0');
    ++i;
  }
  if (i == first || i != field.size()) return false;
  if (minus) power = -power;
  return true;
}

/// Clinger's fast path ("How to read floating point numbers accurately", PLDI 1990): a decimal m·10^e
/// with m < 2^53 and |e| ≤ 22 is one correctly rounded product or quotient of two exact doubles, so it
/// equals strtod's result. True if `field` is such a number (most instruments' values are: at most 15
/// significant digits), with `out` set; false leaves it to strtod.
bool fastDecimal(std::string_view field, char decimal, double& out) {
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  std::size_t i = 0;
  const bool negative = !field.empty() && field[0] == '-';
  if (!field.empty() && (field[0] == '-' || field[0] == '+')) i = 1;
  // The digits: m accumulates the significant ones; e counts the places after the decimal mark.
  std::uint64_t mantissa = 0;
  int digits = 0;
  int exponent = 0;
  int significant = 0;
  bool fraction = false;
  for (; i < field.size(); ++i) {
    const char c = field[i];
    if (c == decimal && !fraction) {
      fraction = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    ++digits;
    if (fraction) --exponent;
    if (mantissa == 0 && c == '0') continue;  // a leading zero
    if (++significant > 15) return false;     // m may pass 2^53: strtod's
    mantissa = mantissa * 10 + static_cast<std::uint64_t>(c - '0');
  }
  int power = 0;
  if (digits == 0 || !readExponent(field, i, power)) return false;
  exponent += power;
  if (exponent < -22 || exponent > 22) return false;
  const auto m = static_cast<double>(mantissa);
  out = exponent >= 0 ? m * kPowers[exponent] : m / kPowers[-exponent];
  if (negative) out = -out;
  return true;
}

/// `field` as a finite number with `decimal` as its decimal mark (the other mark refused, so that
/// "1.234,5" is not read as anything); false if it is not one.
bool parseNumber(std::string_view field, char decimal, double& out) {
  if (field.size() >= 2 && field.front() == '"' && field.back() == '"')
    field = field.substr(1, field.size() - 2);
  if (!field.empty() && fastDecimal(field, decimal, out)) return true;
  std::array<char, 64> buffer{};
  if (field.empty() || field.size() >= buffer.size()) return false;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char c = field[i];
    const bool digit = c >= '0' && c <= '9';
    if (!(digit || c == '+' || c == '-' || c == 'e' || c == 'E' || c == decimal)) return false;
    buffer[i] = c == decimal ? '.' : c;
  }
  errno = 0;
  char* end = nullptr;
  out = std::strtod(buffer.data(), &end);
  return end == buffer.data() + field.size() && errno != ERANGE && std::isfinite(out);
}

/// True if every field of `line` is a number with that format, and there are `width` of them (any
/// number, two or more, when width is 0).
bool isNumericRow(std::string_view line, char delimiter, char decimal, std::size_t width) {
  bool numeric = true;
  double ignored = 0;
  const std::size_t count = forEachField(line, delimiter, [&](std::string_view field, std::size_t) {
    numeric = numeric && parseNumber(field, decimal, ignored);
  });
  return numeric && count >= 2 && (width == 0 || count == width);
}

// ---- The format ----

/// The content lines of the text: where each starts. Also the kind of line ends.
std::vector<std::size_t> contentLines(std::string_view text, std::string& lineEnds) {
  std::vector<std::size_t> lines;
  const std::size_t end = text.find_first_of("\r\n");
  lineEnds = end == std::string_view::npos || text[end] == '\n' ? "LF"
             : end + 1 < text.size() && text[end + 1] == '\n'   ? "CRLF"
                                                                : "CR";
  for (std::size_t start = 0, next = 0; start < text.size(); start = next)
    if (isContent(lineAt(text, start, &next))) lines.push_back(start);
  return lines;
}

struct Candidate {
  char delimiter, decimal;
};
// In order of preference where two read the same lines (integers read alike with either mark).
constexpr Candidate kCandidates[] = {{',', '.'},  {';', '.'}, {'\t', '.'}, {';', ','},
                                     {'\t', ','}, {' ', '.'}, {' ', ','},  {'|', '.'}};

/// How many of the sampled last lines read as rows of one width of two or more numbers with `candidate`.
std::size_t numericRows(std::string_view text, const std::vector<std::size_t>& lines, std::size_t sample,
                        const Candidate& candidate) {
  std::size_t numeric = 0, width = 0, next = 0;
  for (std::size_t i = lines.size() - sample; i < lines.size(); ++i) {
    const std::string_view line = lineAt(text, lines[i], &next);
    if (!isNumericRow(line, candidate.delimiter, candidate.decimal, width)) continue;
    width = fieldCount(line, candidate.delimiter);
    ++numeric;
  }
  return numeric;
}

bool allowed(const Candidate& candidate, const Format& given) {
  return (given.delimiter == 0 || candidate.delimiter == given.delimiter) &&
         (given.decimal == 0 || candidate.decimal == given.decimal);
}

/// The delimiter and decimal mark: the first (in kCandidates' order) that reads 80 % of the last lines (up
/// to 20, the header excepted where the sample reaches up to it) as rows of one width of two or more
/// numbers; else the one that reads the most of them (a bad row is then refused by its line, not taken for
/// the format); else the delimiter that cuts the first line, the header, into two or more names.
Candidate detectFormat(std::string_view text, const std::vector<std::size_t>& lines, const Format& given,
                       const std::string& name) {
  const std::size_t sample = std::min<std::size_t>(20, lines.size());
  const std::size_t possible = std::min(sample, lines.size() - 1);
  const Candidate* most = nullptr;
  std::size_t mostRows = 0;
  for (const Candidate& candidate : kCandidates) {
    if (!allowed(candidate, given)) continue;
    const std::size_t numeric = numericRows(text, lines, sample, candidate);
    if (numeric > 0 && 5 * numeric >= 4 * possible) return candidate;
    if (numeric > mostRows) {
      most = &candidate;
      mostRows = numeric;
    }
  }
  if (most != nullptr) return *most;
  std::size_t next = 0;
  const std::string_view first = lineAt(text, lines.front(), &next);
  for (const Candidate& candidate : kCandidates)
    if (allowed(candidate, given) && fieldCount(first, candidate.delimiter) >= 2) return candidate;
  const std::string last(trimmed(lineAt(text, lines.back(), &next)).substr(0, 60));
  throw InputError("data",
                   name + ": its last lines (the last is '" + last +
                       "') do not read as rows of two or more numbers separated by commas, "
                       "semicolons, tabs or spaces" +
                       (given.delimiter != 0 ? " (" + delimiterName(given.delimiter) + " as given)" : "") +
                       (given.decimal != 0 ? " with " + decimalName(given.decimal) : "") +
                       "; give the delimiter and the decimal mark, or check that the file holds columns "
                       "of numbers under a header.");
}

}  // namespace

std::string delimiterName(char delimiter) {
  switch (delimiter) {
    case ',':
      return "commas";
    case ';':
      return "semicolons";
    case '\t':
      return "tabs";
    case ' ':
      return "spaces";
    case '|':
      return "bars";
    default:
      return std::string("'") + delimiter + "'";
  }
}

std::string decimalName(char decimal) { return decimal == ',' ? "a decimal comma" : "a decimal point"; }

namespace {

/// The 1-based line of the text at `offset` (LF, CRLF and CR each end one line).
std::size_t lineNumberAt(std::string_view text, std::size_t offset) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    const char c = text[i];
    if (c == '\n' || (c == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) ++line;
  }
  return line;
}

}  // namespace

std::size_t lineOf(const Table& table, std::size_t row) { return lineNumberAt(table.text, table.rows[row]); }

namespace {

/// The index in `lines` of the header: the given line, or the content line just above the first row of
/// `width` numbers. Refuses a given line that is blank or a comment, and data with no header above.
std::size_t findHeader(const Table& table, const std::vector<std::size_t>& lines, std::size_t width,
                       std::size_t givenLine) {
  std::size_t next = 0;
  if (givenLine != 0) {
    // The content line whose 1-based line number is givenLine.
    std::size_t line = 1, index = 0;
    for (std::size_t at = 0; at < table.text.size() && line <= givenLine; at = next, ++line) {
      lineAt(table.text, at, &next);
      const bool content = index < lines.size() && lines[index] == at;
      if (line == givenLine && content) return index;
      if (content) ++index;
    }
    throw InputError("data", table.name + ": line " + std::to_string(givenLine) +
                                 " is not a header: it is blank, a # comment, or past the end of the text.");
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!isNumericRow(lineAt(table.text, lines[i], &next), table.format.delimiter, table.format.decimal,
                      width))
      continue;
    if (i == 0)
      throw InputError("data",
                       table.name +
                           ": the first line already holds numbers; the first line that is not blank or a "
                           "# comment must name the columns (e.g. 'v,mu').");
    return i - 1;
  }
  return lines.size() - 1;  // not reached: detectFormat found such rows
}

/// The header's names, checked against the data's width.
std::vector<std::string> readHeader(const Table& table, std::string_view line, std::size_t width,
                                    std::size_t lineNumber) {
  std::vector<std::string> names;
  forEachField(line, table.format.delimiter,
               [&](std::string_view field, std::size_t) { names.push_back(unquote(field)); });
  if (width != 0 && names.size() != width)
    throw InputError("data", table.name + " line " + std::to_string(lineNumber) + " (the header, '" +
                                 std::string(trimmed(line).substr(0, 60)) + "') has " +
                                 std::to_string(names.size()) + " names for " + std::to_string(width) +
                                 " columns of data, cut at " + delimiterName(table.format.delimiter) +
                                 "; give the header's line or the delimiter.");
  return names;
}

/// What the reader found, in words, where it is not a plain comma-separated file with its header first.
void addNotes(Table& table) {
  const Format& f = table.format;
  if (f.delimiter != ',' || f.decimal != '.')
    table.notes.push_back("Values separated by " + delimiterName(f.delimiter) + ", with " +
                          decimalName(f.decimal) + ".");
  if (!table.metadata.empty())
    table.notes.push_back("The header is line " + std::to_string(f.headerLine) + "; the " +
                          std::to_string(table.metadata.size()) +
                          (table.metadata.size() == 1 ? " line" : " lines") + " above it (metadata, e.g. '" +
                          table.metadata.front().substr(0, 60) + "') are not read.");
  if (table.byteOrderMark) table.notes.push_back("A UTF-8 byte-order mark at the start was removed.");
  if (table.lineEnds != "LF") table.notes.push_back("Lines end in " + table.lineEnds + ".");
}

/// Step 1 of readTable: the byte-order mark (UTF-8 removed, UTF-16 refused) and the text's content lines.
std::vector<std::size_t> startTable(Table& table, std::string_view text) {
  const bool utf16 =
      text.size() >= 2 &&
      ((static_cast<unsigned char>(text[0]) == 0xFF && static_cast<unsigned char>(text[1]) == 0xFE) ||
       (static_cast<unsigned char>(text[0]) == 0xFE && static_cast<unsigned char>(text[1]) == 0xFF));
  if (utf16 || text.substr(0, 4096).find('\0') != std::string_view::npos)
    throw InputError("data", table.name +
                                 " is UTF-16 or binary (it holds zero bytes): save it as UTF-8 text (Excel: "
                                 "\"CSV UTF-8\").");
  table.byteOrderMark = text.substr(0, 3) == "\xEF\xBB\xBF";
  table.text = table.byteOrderMark ? text.substr(3) : text;
  std::vector<std::size_t> lines = contentLines(table.text, table.lineEnds);
  if (lines.empty()) throw InputError("data", table.name + " is empty: it has no header and no rows.");
  return lines;
}

}  // namespace

Table readTable(std::string_view text, const std::string& name, const Format& format) {
  // Step 1: the byte-order mark and the content lines; step 2: the delimiter and the decimal mark.
  Table table;
  table.name = name;
  const std::vector<std::size_t> lines = startTable(table, text);
  const Candidate found = detectFormat(table.text, lines, format, name);
  table.format.delimiter = found.delimiter;
  table.format.decimal = found.decimal;
  // Step 3: the data's width (from the last lines), the header, and the metadata above it.
  std::size_t next = 0, width = 0;
  for (std::size_t i = lines.size(); i-- > 0 && width == 0;)
    if (isNumericRow(lineAt(table.text, lines[i], &next), found.delimiter, found.decimal, 0))
      width = fieldCount(lineAt(table.text, lines[i], &next), found.delimiter);
  const std::size_t header = findHeader(table, lines, width, format.headerLine);
  for (std::size_t i = 0; i < header; ++i)
    table.metadata.emplace_back(trimmed(lineAt(table.text, lines[i], &next)));
  table.rows.assign(lines.begin() + static_cast<std::ptrdiff_t>(header) + 1, lines.end());
  table.format.headerLine = lineNumberAt(table.text, lines[header]);
  table.header = readHeader(table, lineAt(table.text, lines[header], &next), width, table.format.headerLine);
  if (table.rows.empty())
    throw InputError("data", name + " has no rows of data below its header (line " +
                                 std::to_string(table.format.headerLine) + ").");
  // Step 4: every row as wide as the header.
  for (std::size_t row = 0; row < table.rows.size(); ++row) {
    const std::size_t count = fieldCount(lineAt(table.text, table.rows[row], &next), found.delimiter);
    if (count != table.header.size())
      throw InputError("data", name + " row " + std::to_string(lineOf(table, row)) + ": " +
                                   std::to_string(count) + " values for " +
                                   std::to_string(table.header.size()) + " columns, cut at " +
                                   delimiterName(found.delimiter) +
                                   "; every row must give one value per column of the header.");
  }
  addNotes(table);
  return table;
}

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

namespace {

/// "data.csv row 17, column \"v\"": where a value is, as messages name it (row: its line in the text).
std::string where(const Table& table, std::size_t row, const std::string& column) {
  return table.name + " row " + std::to_string(lineOf(table, row)) + ", column \"" + column + "\"";
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

std::size_t columnIndex(const Table& table, const std::string& column) {
  for (std::size_t i = 0; i < table.header.size(); ++i)
    if (table.header[i] == column) return i;
  std::string names;
  for (const auto& header : table.header) names += (names.empty() ? "\"" : ", \"") + header + "\"";
  throw InputError("data", table.name + " has no column \"" + column + "\"; its header names " + names + ".");
}

/// The field of `row` at `index` as a number, or InputError naming the row and column.
double fieldValue(const Table& table, std::size_t row, std::size_t index, const std::string& column,
                  const std::string& expected) {
  std::size_t next = 0;
  std::string_view field;
  forEachField(lineAt(table.text, table.rows[row], &next), table.format.delimiter,
               [&](std::string_view value, std::size_t i) {
                 if (i == index) field = value;
               });
  double value = 0;
  if (parseNumber(field, table.format.decimal, value)) return value;
  if (field.empty())
    throw InputError("data", where(table, row, column) + ": missing value; expected " + expected + ".");
  // A field with the other decimal mark says which one the table is read with.
  const char other = table.format.decimal == '.' ? ',' : '.';
  const std::string mark = field.find(other) != std::string_view::npos
                               ? " (the table is read with " + decimalName(table.format.decimal) + ")"
                               : "";
  throw InputError("data", where(table, row, column) + ": '" + std::string(field.substr(0, 40)) +
                               "' is not a finite number" + mark + "; expected " + expected + ".");
}

}  // namespace

std::vector<double> readColumn(const Table& table, const std::string& column, const std::string& unit,
                               Quantity quantity) {
  // Step 1: the column and its unit.
  const std::size_t index = columnIndex(table, column);
  const double factor = unitFactor(table, column, unit, quantity);
  const QuantitySpec& spec = specOf(quantity);
  const std::string expected = std::string(spec.what) + (unit.empty() ? "" : " in " + unit);
  // Step 2: each value a number, plausible in SI, and for a time after the previous row's.
  std::vector<double> values;
  values.reserve(table.rows.size());
  for (std::size_t row = 0; row < table.rows.size(); ++row) {
    const double value = fieldValue(table, row, index, column, expected) * factor;
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
