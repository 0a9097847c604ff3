// An instrument's text to SI columns for the fits: its format detected or given, refused by line and
// column where it cannot be read (fit_data.h).

#include "fit/fit_data.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>

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

/// True if any byte of `word` is `byte`: the classic test for a zero byte, on word XOR byte·0x0101…01
/// (a byte of it is zero exactly where `word` has `byte`; the borrow of x − 0x01…01 marks it).
bool hasByte(std::uint64_t word, unsigned char byte) {
  const std::uint64_t x = word ^ (0x0101010101010101ULL * byte);
  return ((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL) != 0;
}

/// The line that starts at `start` (without its end: LF, CRLF or CR), and where the next one starts.
/// Eight bytes at a time while none of them ends a line (a character at a time, a million rows' text
/// took a tenth of a 1000-row fit's time in wasm), then the last few one by one.
std::string_view lineAt(std::string_view text, std::size_t start, std::size_t* next) {
  std::size_t end = start;
  for (std::uint64_t word = 0; end + 8 <= text.size(); end += 8) {
    std::memcpy(&word, text.data() + end, sizeof word);
    if (hasByte(word, '\n') || hasByte(word, '\r')) break;
  }
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

/// fieldCount in one pass over the line where no quote can hide a delimiter (a delimiter other than
/// blanks, no '"' in the line): the delimiters plus one.
std::size_t quickFieldCount(std::string_view line, char delimiter) {
  if (delimiter == ' ') return fieldCount(line, delimiter);
  std::size_t count = 1;
  for (const char c : line) {
    if (c == '"') return fieldCount(line, delimiter);
    count += c == delimiter ? 1 : 0;
  }
  return count;
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

/// An unsigned integer of up to 128 bits as four 32-bit limbs, the most significant first: what an exact
/// comparison of a decimal with a double needs, in 64-bit multiplications only (a 128-bit type's shifts
/// and divisions are library calls in wasm).
using Limbs = std::array<std::uint32_t, 4>;

/// a·b as limbs, by 32-bit halves.
Limbs product(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t mask = 0xFFFFFFFFU, a0 = a & mask, a1 = a >> 32, b0 = b & mask, b1 = b >> 32;
  const std::uint64_t low = a0 * b0, middle1 = a1 * b0, middle2 = a0 * b1, high = a1 * b1;
  const std::uint64_t cross = (low >> 32) + (middle1 & mask) + (middle2 & mask);
  const std::uint64_t top = high + (middle1 >> 32) + (middle2 >> 32) + (cross >> 32);
  return {static_cast<std::uint32_t>(top >> 32), static_cast<std::uint32_t>(top),
          static_cast<std::uint32_t>(cross), static_cast<std::uint32_t>(low)};
}

/// n·2^shift (0 ≤ shift; the caller keeps it below 2^128).
Limbs shiftedLeft(const Limbs& n, int shift) {
  Limbs out{};
  const int whole = shift / 32, part = shift % 32;
  for (int i = 0; i + whole < 4; ++i) {
    const int from = 3 - i;  // the limb of n that lands on limb 3 − i − whole of the result
    std::uint64_t value = static_cast<std::uint64_t>(n[from]) << part;
    out[3 - i - whole] |= static_cast<std::uint32_t>(value);
    if (3 - i - whole - 1 >= 0) out[3 - i - whole - 1] |= static_cast<std::uint32_t>(value >> 32);
  }
  return out;
}

/// −1, 0 or 1 as a < b, a = b or a > b.
int compareLimbs(const Limbs& a, const Limbs& b) {
  for (int i = 0; i < 4; ++i)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/// 5^k for k = 0…27 (5^27 < 2^63), computed at compile time.
struct PowersOfFive {
  std::uint64_t values[28];
  constexpr PowersOfFive() : values() {
    values[0] = 1;
    for (int k = 1; k < 28; ++k) values[k] = values[k - 1] * 5;
  }
  constexpr std::uint64_t operator[](int k) const { return values[k]; }
};
constexpr PowersOfFive kPowersOfFive;

/// The sign of m·10^e − q·2^p, exactly (m < 2^64, |e| ≤ 27, q < 2^55): with 10^e = 5^e·2^e, both sides
/// brought to integers of one scale of two, each below 2^128 where the two are close.
int compareDecimal(std::uint64_t m, int e, std::uint64_t q, int p) {
  if (e >= 0) {  // m·5^e·2^(e − p) against q
    const Limbs left = product(m, kPowersOfFive[e]), right = product(q, 1);
    const int d = e - p;
    return d >= 0 ? compareLimbs(shiftedLeft(left, d), right) : compareLimbs(left, shiftedLeft(right, -d));
  }
  // m against q·5^k·2^(p − e), k = −e
  const Limbs left = product(m, 1), right = product(q, kPowersOfFive[-e]);
  const int d = p - e;
  return d >= 0 ? compareLimbs(left, shiftedLeft(right, d)) : compareLimbs(shiftedLeft(left, -d), right);
}

/// m·10^e (m < 2^64, |e| ≤ 27) correctly rounded (ties to even), as strtod gives it: a candidate from
/// floating-point arithmetic (within two units in the last place), then moved to a neighbour while the
/// exact decimal lies beyond a midpoint between them (compareDecimal). A verification by exact
/// integers, as Clinger's AlgorithmR does ("How to read floating point numbers accurately", 1990).
double exactDecimal(std::uint64_t m, int e) {
  static constexpr double kTens[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                     1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const auto md = static_cast<double>(m);
  const int k = e < 0 ? -e : e;
  double c = e >= 0 ? (k <= 22 ? md * kTens[k] : md * 1e22 * kTens[k - 22])
                    : (k <= 22 ? md / kTens[k] : md / 1e22 / kTens[k - 22]);
  for (int tries = 0; tries < 4; ++tries) {
    // c = M·2^E with a 53-bit M; its midpoints with the neighbours, as (2M ± 1)·2^(E − 1) (below a power
    // of two, the lower neighbour is half as far: (4M − 1)·2^(E − 2)).
    int exponent = 0;
    const double fraction = std::frexp(c, &exponent);  // c = fraction·2^exponent, fraction in [0.5, 1)
    const auto M = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
    const int E = exponent - 53;
    const bool odd = (M & 1) != 0;
    const int above = compareDecimal(m, e, 2 * M + 1, E - 1);
    if (above > 0 || (above == 0 && odd)) {
      c = std::nextafter(c, std::numeric_limits<double>::infinity());
      continue;
    }
    const bool power = M == (std::uint64_t{1} << 52);
    const int below = power ? compareDecimal(m, e, 4 * M - 1, E - 2) : compareDecimal(m, e, 2 * M - 1, E - 1);
    if (below < 0 || (below == 0 && odd)) {
      c = std::nextafter(c, 0.0);
      continue;
    }
    return c;
  }
  return c;
}

/// a·b exactly as hi + lo (Dekker, "A floating-point technique for extending the available precision",
/// Numer. Math. 18, 1971: each factor split into halves of 26 bits, whose products are exact; the build
/// keeps every operation rounded on its own, -ffp-contract=off).
void twoProduct(double a, double b, double& hi, double& lo) {
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const double ca = kSplit * a, ah = ca - (ca - a), al = a - ah;
  const double cb = kSplit * b, bh = cb - (cb - b), bl = b - bh;
  hi = a * b;
  lo = ((ah * bh - hi) + ah * bl + al * bh) + al * bl;
}

/// m/10^k for 1 ≤ k ≤ 22, correctly rounded, in floating point where that is certain: q = m/10^k rounded,
/// and the rest m − q·10^k to about 2^−100 relative (m = mh + ml exactly, q·10^k exactly by Dekker's
/// product), which says in units of q's last place where the exact quotient lies. False where it lies
/// too near a midpoint to tell (or q is a power of two, whose lower neighbour is nearer): then
/// exactDecimal decides.
bool nearQuotient(std::uint64_t m, int k, double& out) {
  static constexpr double kTens[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                     1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const auto mh = static_cast<double>(m);
  const auto whole = static_cast<std::uint64_t>(mh);  // mh ≤ 10^19 < 2^64
  const double ml = whole >= m ? -static_cast<double>(whole - m) : static_cast<double>(m - whole);
  const double P = kTens[k], q = mh / P;
  double product = 0, error = 0;
  twoProduct(q, P, product, error);
  const double rest = ((mh - product) - error) + ml;  // m − q·P; mh − product is exact (Sterbenz)
  std::uint64_t bits = 0;
  std::memcpy(&bits, &q, sizeof bits);
  if ((bits & 0x000FFFFFFFFFFFFFULL) == 0) return false;  // a power of two
  // q's last place, 2^(E − 52) for q = 1.f·2^E: its exponent field less 52, as bits (q is normal here).
  const std::uint64_t ulpBits = ((bits >> 52) - 52) << 52;
  double ulp = 0;
  std::memcpy(&ulp, &ulpBits, sizeof ulp);
  const double offset = rest / P / ulp;  // where m/P lies from q, in units of q's last place
  const double margin = 1e-9;
  if (std::abs(offset) < 0.5 - margin) {
    out = q;
  } else if (offset > 0.5 + margin && offset < 1.5 - margin) {
    out = q + ulp;
  } else if (offset < -0.5 - margin && offset > -1.5 + margin) {
    out = q - ulp;
  } else {
    return false;
  }
  return true;
}

/// The eight bytes at `p` as one little-endian number (p[0] lowest), whatever the platform's order: one
/// load where the platform is little-endian (x86, ARM, wasm), else byte by byte.
std::uint64_t eightBytes(const char* p) {
  std::uint64_t chunk = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(&chunk, p, sizeof chunk);
#else
  for (int j = 7; j >= 0; --j) chunk = (chunk << 8) | static_cast<unsigned char>(p[j]);
#endif
  return chunk;
}

/// True if all eight bytes of `chunk` are ASCII digits: each high nibble 3, and no low nibble above 9
/// (adding 6 carries it into the high nibble).
bool eightDigits(std::uint64_t chunk) {
  constexpr std::uint64_t kHigh = 0xF0F0F0F0F0F0F0F0ULL, kThrees = 0x3030303030303030ULL;
  return (chunk & kHigh) == kThrees && ((chunk + 0x0606060606060606ULL) & kHigh) == kThrees;
}

/// The eight-digit number whose digits are the bytes of `chunk` (the first, most significant, lowest):
/// pairs of digits, then fours, then the eight, each step within the lanes of the last (no carries).
std::uint64_t eightDigitValue(std::uint64_t chunk) {
  chunk -= 0x3030303030303030ULL;
  chunk = (chunk * 10 + (chunk >> 8)) & 0x00FF00FF00FF00FFULL;    // 10·d0 + d1 in 16-bit lanes
  chunk = (chunk * 100 + (chunk >> 16)) & 0x0000FFFF0000FFFFULL;  // four digits in 32-bit lanes
  return (chunk * 10000 + (chunk >> 32)) & 0xFFFFFFFFULL;         // all eight
}

/// The digits from field[i] on into m (m·10 + d each), eight at a time where eight follow; their count.
/// False, leaving the number to strtod, where m would reach 10^19 (more than 19 significant digits).
bool readDigits(std::string_view field, std::size_t& i, std::uint64_t& m, std::size_t& count) {
  const std::size_t start = i;
  while (i + 8 <= field.size() && eightDigits(eightBytes(field.data() + i))) {
    if (m >= 100000000000ULL) return false;
    m = m * 100000000 + eightDigitValue(eightBytes(field.data() + i));
    i += 8;
  }
  for (; i < field.size() && field[i] >= '0' && field[i] <= '9'; ++i) {
    if (m >= 1000000000000000000ULL) return false;
    m = m * 10 + static_cast<std::uint64_t>(field[i] - '0');
  }
  count = i - start;
  return true;
}

/// Up to 19 significant digits and a power of ten within ±27 of them: read without strtod. With m ≤ 2^53
/// and |e| ≤ 22 Clinger's fast path ("How to read floating point numbers accurately", PLDI 1990): m and
/// 10^e are exact doubles, so one correctly rounded product or quotient equals strtod's result; else
/// nearQuotient, or exactDecimal. Most instruments' values and every double JavaScript or printf
/// ("%.17g") writes at ordinary magnitudes are such numbers. False leaves the field to strtod.
bool fastDecimal(std::string_view field, char decimal, double& out) {
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  std::size_t i = 0;
  const bool negative = !field.empty() && field[0] == '-';
  if (!field.empty() && (field[0] == '-' || field[0] == '+')) i = 1;
  // The digits before and after the decimal mark into m; e counts the places after it.
  std::uint64_t mantissa = 0;
  std::size_t whole = 0, fraction = 0;
  if (!readDigits(field, i, mantissa, whole)) return false;
  if (i < field.size() && field[i] == decimal) {
    ++i;
    if (!readDigits(field, i, mantissa, fraction)) return false;
  }
  int power = 0;
  if (whole + fraction == 0 || !readExponent(field, i, power)) return false;
  const int exponent = power - static_cast<int>(fraction);
  if (mantissa == 0) {
    out = negative ? -0.0 : 0.0;
    return true;
  }
  if (exponent < -27 || exponent > 27) return false;
  const auto m = static_cast<double>(mantissa);
  if (mantissa <= (std::uint64_t{1} << 53) && exponent >= -22 && exponent <= 22)
    out = exponent >= 0 ? m * kPowers[exponent] : m / kPowers[-exponent];
  else if (exponent >= 0 || exponent < -22 || !nearQuotient(mantissa, -exponent, out))
    out = exactDecimal(mantissa, exponent);
  if (negative) out = -out;
  return true;
}

}  // namespace

bool readNumber(std::string_view field, char decimal, double& out) {
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

namespace {

/// True if every field of `line` is a number with that format, and there are `width` of them (any
/// number, two or more, when width is 0).
bool isNumericRow(std::string_view line, char delimiter, char decimal, std::size_t width) {
  bool numeric = true;
  double ignored = 0;
  const std::size_t count = forEachField(line, delimiter, [&](std::string_view field, std::size_t) {
    numeric = numeric && readNumber(field, decimal, ignored);
  });
  return numeric && count >= 2 && (width == 0 || count == width);
}

// ---- The format ----

/// The content lines of the text: where each starts, and in `ends` where its text ends (before its line
/// end), so that a row is not scanned for its end again. Also the kind of line ends.
std::vector<std::size_t> contentLines(std::string_view text, std::string& lineEnds,
                                      std::vector<std::size_t>& ends) {
  std::vector<std::size_t> lines;
  const std::size_t end = text.find_first_of("\r\n");
  lineEnds = end == std::string_view::npos || text[end] == '\n' ? "LF"
             : end + 1 < text.size() && text[end + 1] == '\n'   ? "CRLF"
                                                                : "CR";
  for (std::size_t start = 0, next = 0; start < text.size(); start = next) {
    const std::string_view line = lineAt(text, start, &next);
    if (!isContent(line)) continue;
    lines.push_back(start);
    ends.push_back(start + line.size());
  }
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

/// A row of `count` values refused unless it has one per column of the header.
void checkWidth(const Table& table, std::size_t row, std::size_t count) {
  if (count != table.header.size())
    throw InputError("data", table.name + " row " + std::to_string(lineOf(table, row)) + ": " +
                                 std::to_string(count) + " values for " +
                                 std::to_string(table.header.size()) + " columns, cut at " +
                                 delimiterName(table.format.delimiter) +
                                 "; every row must give one value per column of the header.");
}

/// The text of data row `row`, without its line end.
std::string_view rowText(const Table& table, std::size_t row) {
  return table.text.substr(table.rows[row], table.rowEnds[row] - table.rows[row]);
}

}  // namespace

namespace {

/// The header above the first row of numbers (index `first` in `lines`): the nearest line above it of
/// `width` fields none of which is a number (a row with a typo, "1,abc", is a row to refuse by its line,
/// not the header); the line just above if there is none.
std::size_t namesAbove(const Table& table, const std::vector<std::size_t>& lines, std::size_t first,
                       std::size_t width) {
  std::size_t next = 0;
  for (std::size_t j = first; j-- > 0;) {
    bool names = true;
    double ignored = 0;
    const std::size_t count = forEachField(lineAt(table.text, lines[j], &next), table.format.delimiter,
                                           [&](std::string_view field, std::size_t) {
                                             names =
                                                 names && !readNumber(field, table.format.decimal, ignored);
                                           });
    if (names && count == width) return j;
  }
  return first - 1;
}

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
    return namesAbove(table, lines, i, width);
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

/// Step 1 of readTable: the byte-order mark (UTF-8 removed, UTF-16 refused) and the text's content lines
/// (their ends in `ends`).
std::vector<std::size_t> startTable(Table& table, std::string_view text, std::vector<std::size_t>& ends) {
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
  std::vector<std::size_t> lines = contentLines(table.text, table.lineEnds, ends);
  if (lines.empty()) throw InputError("data", table.name + " is empty: it has no header and no rows.");
  return lines;
}

}  // namespace

Table readTable(std::string_view text, const std::string& name, const Format& format) {
  // Step 1: the byte-order mark and the content lines; step 2: the delimiter and the decimal mark.
  Table table;
  table.name = name;
  std::vector<std::size_t> ends;
  std::vector<std::size_t> lines = startTable(table, text, ends);
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
  table.format.headerLine = lineNumberAt(table.text, lines[header]);
  table.header = readHeader(table, lineAt(table.text, lines[header], &next), width, table.format.headerLine);
  // The data rows: the lines below the header, moved (a million rows' offsets are not copied again).
  const auto below = static_cast<std::ptrdiff_t>(header) + 1;
  lines.erase(lines.begin(), lines.begin() + below);
  ends.erase(ends.begin(), ends.begin() + below);
  table.rows = std::move(lines);
  table.rowEnds = std::move(ends);
  if (table.rows.empty())
    throw InputError("data", name + " has no rows of data below its header (line " +
                                 std::to_string(table.format.headerLine) + ").");
  // Step 4: the first and the last row as wide as the header (readColumns checks every row it reads).
  checkWidth(table, 0, quickFieldCount(rowText(table, 0), found.delimiter));
  const std::size_t last = table.rows.size() - 1;
  checkWidth(table, last, quickFieldCount(rowText(table, last), found.delimiter));
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

double unitFactor(const std::string& unit, Quantity quantity) {
  for (const UnitSpec& known : kUnits)
    if (known.name == unit && known.quantity == quantity) return known.factor;
  return std::nan("");
}

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

/// InputError for a field that is not a number: missing, or text (naming the other decimal mark where the
/// field holds it).
[[noreturn]] void refuseField(const Table& table, std::size_t row, std::string_view field,
                              const std::string& column, const std::string& expected) {
  if (field.empty())
    throw InputError("data", where(table, row, column) + ": missing value; expected " + expected + ".");
  const char other = table.format.decimal == '.' ? ',' : '.';
  const std::string mark = field.find(other) != std::string_view::npos
                               ? " (the table is read with " + decimalName(table.format.decimal) + ")"
                               : "";
  throw InputError("data", where(table, row, column) + ": '" + std::string(field.substr(0, 40)) +
                               "' is not a finite number" + mark + "; expected " + expected + ".");
}

/// A column being read: where it is, its unit's factor and what it holds, its values so far.
struct ColumnRead {
  std::string column;
  std::size_t index;
  double factor;
  Quantity quantity;
  const QuantitySpec* spec;
  std::string expected;
  std::vector<double> values;
};

ColumnRead startColumn(const Table& table, const ColumnSpec& wanted) {
  const QuantitySpec& spec = specOf(wanted.quantity);
  ColumnRead read{wanted.column,
                  columnIndex(table, wanted.column),
                  unitFactor(table, wanted.column, wanted.unit, wanted.quantity),
                  wanted.quantity,
                  &spec,
                  std::string(spec.what) + (wanted.unit.empty() ? "" : " in " + wanted.unit),
                  {}};
  read.values.reserve(table.rows.size());
  return read;
}

/// Row `row`'s value of the column: plausible in SI, and for a time after the previous row's.
void addValue(const Table& table, std::size_t row, std::string_view field, ColumnRead& read) {
  double value = 0;
  if (!readNumber(field, table.format.decimal, value))
    refuseField(table, row, field, read.column, read.expected);
  value *= read.factor;
  const QuantitySpec& spec = *read.spec;
  // Refused under data.units, the field that fixes it (a column given in mm/s read as m/s).
  if (std::abs(value) > spec.plausible)
    throw InputError("data.units", where(table, row, read.column) + ": " + withUnit(value, spec.si) +
                                       " is beyond what " + std::string(spec.what) +
                                       " in a friction test plausibly is (at most " +
                                       withUnit(spec.plausible, spec.si) +
                                       "); is the column in another unit? Declare it in \"units\" (" +
                                       unitsOf(read.quantity) + ").");
  if (read.quantity == Quantity::Time && !read.values.empty() && !(value > read.values.back()))
    throw InputError("data", where(table, row, read.column) + ": the time " + withUnit(value, "s") +
                                 " is not after the previous row's " + withUnit(read.values.back(), "s") +
                                 "; times must increase (no repeats, sorted).");
  if (read.quantity == Quantity::Time && value < 0)
    throw InputError("data", where(table, row, read.column) + ": the time " + withUnit(value, "s") +
                                 " is before the run's start at 0 s.");
  read.values.push_back(value);
}

/// The fields of `line` cut at `delimiter`, into `fields` (resized to their count): one pass without
/// quotes, forEachField's rules with them.
void cutFields(std::string_view line, char delimiter, std::vector<std::string_view>& fields) {
  fields.clear();
  if (delimiter != ' ' && line.find('"') == std::string_view::npos) {
    std::size_t at = 0;
    for (std::size_t i = 0; i <= line.size(); ++i) {
      if (i < line.size() && line[i] != delimiter) continue;
      fields.push_back(trimmed(line.substr(at, i - at)));
      at = i + 1;
    }
    return;
  }
  forEachField(line, delimiter, [&](std::string_view field, std::size_t) { fields.push_back(field); });
}

}  // namespace

std::vector<std::vector<double>> readColumns(const Table& table, const std::vector<ColumnSpec>& wanted) {
  // Step 1: each column and its unit; step 2: each row cut once, its fields of those columns read in turn.
  std::vector<ColumnRead> reads;
  reads.reserve(wanted.size());
  for (const ColumnSpec& column : wanted) reads.push_back(startColumn(table, column));
  std::vector<std::string_view> fields;
  fields.reserve(table.header.size());
  for (std::size_t row = 0; row < table.rows.size(); ++row) {
    cutFields(rowText(table, row), table.format.delimiter, fields);
    checkWidth(table, row, fields.size());
    for (ColumnRead& read : reads)
      addValue(table, row, read.index < fields.size() ? fields[read.index] : std::string_view(), read);
  }
  std::vector<std::vector<double>> columns;
  columns.reserve(reads.size());
  for (ColumnRead& read : reads) columns.push_back(std::move(read.values));
  return columns;
}

std::vector<double> readColumn(const Table& table, const std::string& column, const std::string& unit,
                               Quantity quantity) {
  return std::move(readColumns(table, {{column, unit, quantity}}).front());
}

}  // namespace friction::fitdata
