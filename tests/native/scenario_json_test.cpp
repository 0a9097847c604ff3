// The command-line program's JSON reading (cpp/cli/json.h) and its hand-over to the engine's reader
// (scenario_json.h → friction::readScenario, readSweep): malformed or hostile input gives a clear
// error naming the position or the field, never a crash, a library exception's bare name, or a value
// converted out of range. Cases found by the fuzz harness (cpp/fuzz) keep their
// inputs in tests/fuzz/regressions as well.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "friction/errors.h"
#include "friction/scenario.h"
#include "friction/sweep.h"
#include "json.h"
#include "scenario_json.h"

using namespace friction;
using Catch::Matchers::Contains;

namespace {

cli::Json parse(const std::string& text) { return cli::JsonReader(text).parse(); }

friction::Scenario scenario(const std::string& text) {
  return friction::readScenario(cli::toValue(parse(text)));
}

friction::Sweep readSweepText(const std::string& text) {
  return friction::readSweep(cli::toValue(parse(text)));
}

// The field an InputError names, or "" if `run` throws none.
template <class Run>
std::string refusedField(const Run& run) {
  try {
    run();
  } catch (const InputError& error) {
    return error.field();
  }
  return "";
}

}  // namespace

TEST_CASE("A \\u escape takes exactly four hex digits (fuzz: stoul's bare exception escaped)",
          "[cli][json]") {
  CHECK(parse(R"("\u0041\u00e9")").text == "A\xC3\xA9");
  CHECK_THROWS_WITH(parse(R"({"law": "co\u00zz"})"), Contains("expected four hex digits after \\u"));
  CHECK_THROWS_WITH(parse(R"("\u12)"), Contains("expected four hex digits after \\u"));
  CHECK_THROWS_AS(parse(R"("\u-001")"), cli::JsonError);
}

TEST_CASE("Numbers follow JSON's grammar; beyond the double range they are infinite, not an error of syntax",
          "[cli][json]") {
  CHECK(parse("-0.5e-3").number == -0.0005);
  CHECK(parse("0").number == 0);
  CHECK(parse("1E+2").number == 100);
  // Valid JSON, below the normal range: a subnormal, not a refusal.
  CHECK(parse("1e-320").number > 0);
  CHECK(parse("1e400").number == INFINITY);
  for (const char* bad : {"nan", "NaN", "inf", "Infinity", "+1", ".5", "1.", "1e", "0x10", "007", "-"})
    CHECK_THROWS_AS(parse(bad), cli::JsonError);
}

TEST_CASE("Deep nesting is refused before it can exhaust the stack", "[cli][json]") {
  const int depth = cli::JsonReader::kMaxDepth;
  CHECK_NOTHROW(parse(std::string(depth, '[') + std::string(depth, ']')));
  CHECK_THROWS_WITH(parse(std::string(depth + 1, '[') + std::string(depth + 1, ']')), Contains("nested"));
  CHECK_THROWS_WITH(parse(std::string(1'000'000, '[')), Contains("nested"));
}

TEST_CASE("Counts must be whole numbers that fit, and the error names the field", "[cli][json]") {
  CHECK(scenario(R"({"law": "coulomb", "samples": 500})").samples == 500);
  // Each of these used to be cast to int regardless: undefined behaviour, then a message quoting
  // -2147483648 as the value given.
  for (const char* samples : {"1e400", "-1e400", "1e10", "2.5"}) {
    INFO("samples " << samples);
    CHECK(refusedField([&] { scenario(std::string(R"({"law": "coulomb", "samples": )") + samples + "}"); }) ==
          "samples");
  }
  const std::string sweep =
      R"({"scenario": {"law": "coulomb"}, "x": {"key": "mu_s", "min": 0.5, "max": 1, "count": COUNT},
                                "y": {"target": "system", "key": "eta", "min": 0, "max": 1, "count": 2}})";
  for (const char* count : {"1e10", "3.5", "-1e400"}) {
    INFO("count " << count);
    std::string text = sweep;
    text.replace(text.find("COUNT"), 5, count);
    CHECK(refusedField([&] { readSweepText(text); }) == "x.count");
  }
}

TEST_CASE("An unknown key is refused by name; an empty one names the object it stands in (fuzz)",
          "[cli][json]") {
  CHECK(refusedField([&] { scenario(R"({"law": "coulomb", "sytem": {"c": 20}})"); }) == "sytem");
  CHECK(refusedField([&] { scenario(R"({"law": "coulomb", "": 1})"); }) == "scenario");
  const std::string axisWithEmptyKey =
      R"({"scenario": {"law": "coulomb"}, "x": {"": "params", "key": "mu_s", "min": 0.5,
                                          "max": 1, "count": 2}, "y": {"target": "system", "key": "eta", "min": 0, "max": 1, "count": 2}})";
  CHECK(refusedField([&] { readSweepText(axisWithEmptyKey); }) == "x");
  CHECK(refusedField([&] {
          readSweepText(R"({"scenario": {"law": "coulomb"}, "x": {}, "y": {}, "": 0})");
        }) == "sweep");
}
