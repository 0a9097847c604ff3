// Instrument files (issue 27): what real exports look like (Excel's "CSV UTF-8" with its byte-order
// mark, CRLF or old Mac CR line ends, semicolons with decimal commas from a European locale, tabs, a
// block of metadata above the header) read to the same numbers as a plain comma-separated file, the
// format detected and said, or refused with the cause; reciprocating data; a σ column; several records
// fitted jointly.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "fit/fit_data.h"
#include "friction/errors.h"
#include "friction/fit.h"
#include "friction/value.h"
#include "support/seeded_noise.h"

using namespace friction;
using Catch::Matchers::Contains;

namespace {

/// A velocity-weakening μ(v) (OpenSees VelDependent's form) with seeded noise, as "v,mu" rows.
struct Curve {
  std::vector<double> v, mu;
};
Curve curve(int n, unsigned seed) {
  std::mt19937 rng(seed);
  Curve out;
  for (int i = 0; i < n; ++i) {
    const double v = 1e-4 * std::pow(1e4, i / (n - 1.0));
    out.v.push_back(v);
    out.mu.push_back(0.16 - (0.16 - 0.09) * std::exp(-15 * v) + 0.001 * noise::gaussian(rng));
  }
  return out;
}

/// The curve as text: `delimiter` between values, `decimal` as the mark, `end` after each line.
std::string text(const Curve& c, const std::string& delimiter, char decimal, const std::string& end,
                 const std::string& header = "v,mu") {
  std::string out = header + end;
  char buffer[64];
  for (std::size_t i = 0; i < c.v.size(); ++i) {
    for (double value : {c.v[i], c.mu[i]}) {
      std::snprintf(buffer, sizeof buffer, "%.17g", value);
      std::string number = buffer;
      if (decimal == ',')
        for (char& ch : number)
          if (ch == '.') ch = ',';
      out += number + (value == c.v[i] ? delimiter : end);
    }
  }
  return out;
}

Value fitRequest(const std::string& data, const std::string& x = "v", const std::string& y = "mu") {
  Value request = Value::object(), free = Value::list(), d = Value::object();
  for (const char* key : {"muSlow", "muFast", "transRate"}) free.push(key);
  d.set("kind", "curve");
  d.set("compare", "mu");
  d.set("file", "test.csv");
  d.set("text", data);
  d.set("x", x);
  d.set("y", y);
  request.set("law", "opensees-veldependent");
  request.set("free", free);
  request.set("data", d);
  return request;
}

std::string refusal(const Value& request) {
  try {
    fitLaw(readFitRequest(request));
  } catch (const InputError& error) {
    return error.field() + ": " + error.what();
  }
  return "accepted";
}

}  // namespace

/// The column F of a one-row file "v,F" whose F is `number`, as the reader reads it.
double readOne(const std::string& number) {
  const std::string file = "v,F\n1," + number + "\n";  // the table refers to the text
  const fitdata::Table table = fitdata::readTable(file, "n.csv");
  return fitdata::readColumn(table, "F", "N", fitdata::Quantity::Force).front();
}

TEST_CASE("The fast path's edges read as strtod reads them", "[fit][data]") {
  // Leading zeros, signs, a bare mark, exponents at and past 10^±22, 15 and 16 significant digits
  // (2^53 lies between), trailing zeros that make a 16th digit, the largest exponent digits.
  const std::vector<std::string> edges = {"0",
                                          "-0",
                                          "+7",
                                          "007.5",
                                          "1.",
                                          ".5",
                                          "-.25",
                                          "0.000123",
                                          "1e-22",
                                          "1e-23",
                                          "123e-25",
                                          "9.5e-3",
                                          "4.2E+5",
                                          "1e0005",
                                          "1e-0005",
                                          "9999999.99999999",
                                          "1234567.890123456",
                                          "0.1000000000000000",
                                          "123456789012345e-8",
                                          "9007199254740993e-10",
                                          "0.30000000000000004",
                                          "2.2250738585072014e-308"};
  for (const std::string& number : edges) {
    INFO(number);
    CHECK(readOne(number) == std::strtod(number.c_str(), nullptr));
  }
  // Not numbers: refused by the fast path and by strtod's alike.
  for (const std::string number : {"1e", "--5", "0x10", "1.2.3", "e5", "1e+", "inf", "nan"}) {
    INFO(number);
    CHECK_THROWS(readOne(number));
  }
}

/// What the reader makes of `number` with a decimal point (NaN where it refuses it).
double readAlone(const std::string& number) {
  double value = 0;
  return fitdata::readNumber(number, '.', value) ? value : std::nan("");
}

TEST_CASE("16 to 19 significant digits at powers of ten within ±27 read as strtod reads them",
          "[fit][data]") {
  // Random mantissas of every length up to 19 digits under every power of ten the integer path takes,
  // and each written with the exponent folded into a decimal point where that stays short.
  std::mt19937_64 rng(11);
  for (int i = 0; i < 100000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 19);
    std::uint64_t mantissa = rng() % 10000000000000000000ULL;
    for (int d = 19; d > digits; --d) mantissa /= 10;
    const int exponent = static_cast<int>(rng() % 55) - 27;
    const std::string number = std::to_string(mantissa) + "e" + std::to_string(exponent);
    INFO(number);
    CHECK(readAlone(number) == std::strtod(number.c_str(), nullptr));
  }
}

TEST_CASE("Decimals exactly halfway between two doubles round to the even one, as strtod does",
          "[fit][data]") {
  // Above 2^54 doubles are 4 apart: k·4 + 2 is a tie between k·4 and k·4 + 4 (ties to the even
  // significand). The same value with a trailing zero and e−1 is the tie reached by division.
  std::mt19937_64 rng(12);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t k = (std::uint64_t{1} << 52) + rng() % (std::uint64_t{1} << 52);
    const std::uint64_t tie = 4 * k + 2;  // between 2^54 and 2^55
    for (const std::string& number : {std::to_string(tie), std::to_string(tie) + "0e-1",
                                      std::to_string(tie - 1), std::to_string(tie + 1)}) {
      INFO(number);
      CHECK(readAlone(number) == std::strtod(number.c_str(), nullptr));
    }
  }
  CHECK(readAlone("18014398509481986") == 18014398509481984.0);  // 2^54 + 2: down to the even 2^54
  CHECK(readAlone("18014398509481990") == 18014398509481992.0);  // 2^54 + 6: up to the even 2^54 + 8
}

TEST_CASE("Every number reads as strtod reads it, bit for bit (the fast path included)", "[fit][data]") {
  std::mt19937 rng(1);
  for (int i = 0; i < 20000; ++i) {
    char buffer[64];
    const double value =
        std::ldexp(static_cast<double>(rng()) / 4294967296.0, static_cast<int>(rng() % 80) - 60);
    std::snprintf(buffer, sizeof buffer,
                  i % 3 == 0   ? "%.17g"
                  : i % 3 == 1 ? "%.6f"
                               : "%.10e",
                  value * ((i & 4) ? -1 : 1));
    const std::string number = buffer;
    INFO(number);
    CHECK(readOne(number) == std::strtod(number.c_str(), nullptr));
  }
}

TEST_CASE("An instrument's formats read to the same numbers, and the reader says what it found",
          "[fit][data]") {
  const Curve c = curve(60, 4);
  const std::string plain = text(c, ",", '.', "\n");
  const fitdata::Table reference = fitdata::readTable(plain, "plain.csv");
  const std::vector<double> mu = fitdata::readColumn(reference, "mu", "", fitdata::Quantity::Coefficient);
  CHECK(reference.notes.empty());
  struct Case {
    std::string name, text, note;
    char delimiter, decimal;
  };
  const std::vector<Case> cases = {
      {"UTF-8 BOM (Excel's CSV UTF-8)", "\xEF\xBB\xBF" + plain, "byte-order mark", ',', '.'},
      {"CRLF", text(c, ",", '.', "\r\n"), "CRLF", ',', '.'},
      {"CR (old Mac)", text(c, ",", '.', "\r"), "CR", ',', '.'},
      {"semicolons, decimal commas", text(c, ";", ',', "\n", "v;mu"), "semicolons, with a decimal comma", ';',
       ','},
      {"tabs", text(c, "\t", '.', "\n", "v\tmu"), "tabs", '\t', '.'},
      {"blanks", text(c, "   ", '.', "\n", "v   mu"), "spaces", ' ', '.'},
      {"metadata above the header", "Instrument: TRB3\nOperator: A. N. Other\nDate;2024-03-01\n" + plain,
       "the 3 lines above it", ',', '.'},
  };
  for (const Case& k : cases) {
    INFO(k.name);
    const fitdata::Table table = fitdata::readTable(k.text, "file.csv");
    CHECK(table.format.delimiter == k.delimiter);
    CHECK(table.format.decimal == k.decimal);
    CHECK(table.header == std::vector<std::string>{"v", "mu"});
    CHECK(fitdata::readColumn(table, "mu", "", fitdata::Quantity::Coefficient) == mu);
    bool said = false;
    for (const std::string& note : table.notes) said = said || note.find(k.note) != std::string::npos;
    CHECK(said);
  }
  // The metadata lines are kept for the page, and the header's line is the file's line number.
  const fitdata::Table withMetadata = fitdata::readTable(cases.back().text, "m.csv");
  CHECK(withMetadata.metadata.size() == 3);
  CHECK(withMetadata.format.headerLine == 4);
}

TEST_CASE("A format that cannot be read is refused with its cause", "[fit][data]") {
  const Curve c = curve(20, 5);
  // Semicolons with decimal commas read as commas (a user's choice): every row has 3 values for 1 column.
  fitdata::Format commas;
  commas.delimiter = ',';
  CHECK_THROWS_WITH(fitdata::readTable(text(c, ";", ',', "\n", "v;mu"), "eu.csv", commas),
                    Contains("eu.csv") && Contains("commas"));
  // UTF-16 (Excel's "Unicode Text"), named as such.
  CHECK_THROWS_WITH(fitdata::readTable(std::string("\xFF\xFEv\0,\0m\0u\0", 10), "u16.csv"),
                    Contains("UTF-16") && Contains("UTF-8"));
  // No header: the first line already holds numbers.
  CHECK_THROWS_WITH(fitdata::readTable("0.1,0.2\n0.3,0.4\n", "bare.csv"), Contains("must name the columns"));
  // A header whose names do not match the data's width.
  CHECK_THROWS_WITH(fitdata::readTable("v,mu,F\n0.1,0.2\n0.3,0.4\n", "wide.csv"),
                    Contains("3 names for 2 columns"));
  // A typo in the first row is that row's, refused by its line, not taken for the header.
  CHECK_THROWS_WITH(fitdata::readColumn(fitdata::readTable("v,mu\n1,abc\n2,0.4\n3,0.3\n", "typo.csv"), "mu",
                                        "", fitdata::Quantity::Coefficient),
                    Contains("typo.csv row 2, column \"mu\": 'abc' is not a finite number"));
  // A row in the middle with a value too many: refused where the column is read, by its line.
  const fitdata::Table ragged = fitdata::readTable("v,mu\n0.1,0.2\n0.2,0.3,9\n0.3,0.4\n", "ragged.csv");
  CHECK_THROWS_WITH(fitdata::readColumn(ragged, "mu", "", fitdata::Quantity::Coefficient),
                    Contains("ragged.csv row 3: 3 values for 2 columns"));
  // A number with the other decimal mark says which mark the table is read with.
  CHECK_THROWS_WITH(fitdata::readColumn(fitdata::readTable("v;mu\n0,1;0,5\n0,2;0.5\n0,3;0,4\n", "mixed.csv"),
                                        "mu", "", fitdata::Quantity::Coefficient),
                    Contains("row 3") && Contains("decimal comma"));
}

TEST_CASE("A speed column in mm/s read as m/s is refused under data.units, naming the column",
          "[fit][data]") {
  // 0.1 mm/s … 1000 mm/s: the top rows read as m/s are beyond a friction test's 10 m/s.
  Curve inMm = curve(20, 9);
  for (double& v : inMm.v) v *= 1e3;
  const std::string why = refusal(fitRequest(text(inMm, ",", '.', "\n", "speed_mm_s,mu"), "speed_mm_s"));
  CHECK_THAT(why,
             Contains("data.units: test.csv row") && Contains("column \"speed_mm_s\"") && Contains("mm/s"));
  // Declared in mm/s, the same file is read.
  Value request = fitRequest(text(inMm, ",", '.', "\n", "speed_mm_s,mu"), "speed_mm_s");
  Value data = *request.find("data"), units = Value::object();
  units.set("speed_mm_s", "mm/s");
  data.set("units", units);
  request.set("data", data);
  CHECK(refusal(request) == "accepted");
}

TEST_CASE("A record fitted jointly is refused under its own path, not the single data's", "[fit][data]") {
  Value request = Value::object(), free = Value::list(), records = Value::list(), record = Value::object(),
        data = Value::object();
  free.push("a");
  data.set("kind", "record");
  data.set("file", "step-2.csv");
  data.set("text", "t,friction\n0,0.6\n1,abc\n2,0.6\n");
  data.set("x", "t");
  data.set("y", "friction");
  record.set("data", data);
  records.push(record);
  request.set("law", "rsf");
  request.set("free", free);
  request.set("records", records);
  CHECK_THAT(refusal(request), Catch::Matchers::StartsWith("records[0].data: step-2.csv row 3"));
}

TEST_CASE("A given header line and delimiter are taken as given", "[fit][data]") {
  fitdata::Format format;
  format.headerLine = 2;
  format.delimiter = ';';
  const fitdata::Table table = fitdata::readTable("x;y\nv;mu\n0,5;0,1\n1,5;0,2\n", "given.csv", format);
  CHECK(table.header == std::vector<std::string>{"v", "mu"});
  CHECK(table.metadata == std::vector<std::string>{"x;y"});
  CHECK(table.format.decimal == ',');
}

TEST_CASE("Reciprocating data: μ ≥ 0 at negative v is fitted against |v|, with the choice said",
          "[fit][data]") {
  const Curve c = curve(80, 6);
  Curve both = c;
  for (std::size_t i = 0; i < c.v.size(); ++i) {  // the same points swept back: v < 0, μ still ≥ 0
    both.v.push_back(-c.v[i]);
    both.mu.push_back(c.mu[i]);
  }
  const FitResult forward = fitLaw(readFitRequest(fitRequest(text(c, ",", '.', "\n"))));
  const FitResult reciprocating = fitLaw(readFitRequest(fitRequest(text(both, ",", '.', "\n"))));
  // The same curve twice is the same fit (its sum of squares doubled): the same values.
  for (std::size_t k = 0; k < 3; ++k)
    CHECK(reciprocating.fit.values[k] == Approx(forward.fit.values[k]).epsilon(1e-6));
  bool said = false;
  for (const std::string& note : reciprocating.notes)
    said = said || note.find("Reciprocating data") != std::string::npos;
  CHECK(said);
  // Signed data (μ < 0 where v < 0) stay signed; a mixture of both is refused, naming data.signs.
  Curve signedCurve = both;
  for (std::size_t i = c.v.size(); i < both.v.size(); ++i) signedCurve.mu[i] = -signedCurve.mu[i];
  const FitResult signedFit = fitLaw(readFitRequest(fitRequest(text(signedCurve, ",", '.', "\n"))));
  for (std::size_t k = 0; k < 3; ++k)
    CHECK(signedFit.fit.values[k] == Approx(forward.fit.values[k]).epsilon(1e-6));
  Curve mixed = signedCurve;
  mixed.mu[c.v.size() + 3] = -mixed.mu[c.v.size() + 3];
  CHECK_THAT(refusal(fitRequest(text(mixed, ",", '.', "\n"))),
             Contains("data.signs") && Contains("magnitudes"));
}

TEST_CASE("A σ column weights each point by 1/σ: points with a large σ hardly count", "[fit][data]") {
  const Curve c = curve(100, 7);
  std::string data = "v,mu,sd\n";
  char buffer[128];
  for (std::size_t i = 0; i < c.v.size(); ++i) {
    const bool outlier = i % 10 == 3;  // every tenth point off by 0.05, with σ = 1 (the others σ = 0.001)
    std::snprintf(buffer, sizeof buffer, "%.17g,%.17g,%g\n", c.v[i], c.mu[i] + (outlier ? 0.05 : 0.0),
                  outlier ? 1.0 : 0.001);
    data += buffer;
  }
  Value request = fitRequest(data);
  Value d = *request.find("data");
  d.set("sigma", "sd");
  request.set("data", d);
  const FitResult weighted = fitLaw(readFitRequest(request));
  const FitResult clean = fitLaw(readFitRequest(fitRequest(text(c, ",", '.', "\n"))));
  CHECK(weighted.weighted);
  // The outliers shift the weighted fit by less than a standard error of the clean one.
  for (std::size_t k = 0; k < 3; ++k)
    CHECK(std::fabs(weighted.fit.values[k] - clean.fit.values[k]) < clean.fit.standardErrors[k]);
}
