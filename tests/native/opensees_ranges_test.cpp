// OpenSees's laws accept every value OpenSees accepts and refuse only what it refuses (issue 15, "OpenSees
// as OpenSees accepts it"). The limits below are read from OpenSees's sources, not from our catalog:
// SRC/element/frictionBearing/frictionModel/*.cpp at OpenSees/OpenSees @ 2890cb36f59b, the constructors'
// checks (each exits on a bad argument) and the parsers OPS_Coulomb … OPS_VelNormalFrcDep (which the Tcl
// and the Python interpreters both call). Each refusal names the field by its path, its unit, the
// allowed range and the value; values OpenSees accepts beyond the sliders' spans run.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "friction/errors.h"
#include "friction/laws.h"
#include "friction/scenario.h"
#include "friction/sweep.h"

using namespace friction;
using Catch::Matchers::Contains;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// One limit as OpenSees's source states it: `law`'s `key` accepts (min, max] or [min, max].
struct Limit {
  const char* law;
  const char* key;
  double min, max;
  bool minExclusive;
  const char* source;  // where OpenSees checks it
};

// Every argument of the five models, with the check OpenSees makes on it (none: ±infinity).
const std::vector<Limit> kLimits = {
    {"opensees-coulomb", "mu", 0, kInf, true, "Coulomb.cpp:88 mu <= 0 exits"},
    {"opensees-veldependent", "muSlow", 0, kInf, true, "VelDependent.cpp:92 muSlow <= 0 exits"},
    {"opensees-veldependent", "muFast", 0, kInf, true, "VelDependent.cpp:92 muFast <= 0 exits"},
    {"opensees-veldependent", "transRate", 0, kInf, false, "VelDependent.cpp:98 transRate < 0 exits"},
    {"opensees-velpressuredep", "muSlow", 0, kInf, true, "VelPressureDep.cpp:95 muSlow <= 0 exits"},
    {"opensees-velpressuredep", "muFast0", 0, kInf, true, "VelPressureDep.cpp:95 muFast0 <= 0 exits"},
    {"opensees-velpressuredep", "A", 0, kInf, true, "VelPressureDep.cpp:101 A <= 0 exits"},
    {"opensees-velpressuredep", "deltaMu", -kInf, kInf, false, "VelPressureDep.cpp: not checked"},
    {"opensees-velpressuredep", "alpha", -kInf, kInf, false, "VelPressureDep.cpp: not checked"},
    {"opensees-velpressuredep", "transRate", 0, kInf, false, "VelPressureDep.cpp:107 transRate < 0 exits"},
    {"opensees-veldepmultilinear", "vel", 0, kInf, false, "VelDepMultiLinear.cpp:136 a point < 0 exits"},
    {"opensees-veldepmultilinear", "frn", 0, kInf, false, "VelDepMultiLinear.cpp:136 a point < 0 exits"},
    {"opensees-velnormalfrcdep", "aSlow", 0, kInf, true, "VelNormalFrcDep.cpp:97 aSlow <= 0 exits"},
    {"opensees-velnormalfrcdep", "nSlow", -kInf, 1, false, "VelNormalFrcDep.cpp:103 nSlow > 1 exits"},
    {"opensees-velnormalfrcdep", "aFast", 0, kInf, true, "VelNormalFrcDep.cpp:97 aFast <= 0 exits"},
    {"opensees-velnormalfrcdep", "nFast", -kInf, 1, false, "VelNormalFrcDep.cpp:103 nFast > 1 exits"},
    {"opensees-velnormalfrcdep", "alpha0", -kInf, kInf, false, "VelNormalFrcDep.cpp: not checked"},
    {"opensees-velnormalfrcdep", "alpha1", -kInf, kInf, false, "VelNormalFrcDep.cpp: not checked"},
    {"opensees-velnormalfrcdep", "alpha2", -kInf, kInf, false, "VelNormalFrcDep.cpp: not checked"},
    {"opensees-velnormalfrcdep", "maxMuFact", -kInf, kInf, false, "VelNormalFrcDep.cpp: not checked"},
};

const ParamSpec& specOf(const Limit& limit) { return *findLaw(limit.law).spec.findParam(limit.key); }

// A law scenario with one parameter set (a list parameter: every item that value, at increasing
// velocities for vel, so that only the value is at fault).
Scenario scenarioWith(const std::string& law, const std::string& key, double value) {
  Scenario scenario;
  scenario.law = law;
  if (key == "vel")
    scenario.params = {{"vel", std::vector<double>{value, value + 1}},
                       {"frn", std::vector<double>{0.1, 0.2}}};
  else if (key == "frn")
    scenario.params = {{"vel", std::vector<double>{0, 1}}, {"frn", std::vector<double>{value, value}}};
  else
    scenario.params = {{key, value}};
  return scenario;
}

// The InputError RunSpec throws (the scenario's one check), as "field: message"; "" if it accepts it.
std::string refusal(const Scenario& scenario) {
  try {
    RunSpec{scenario};
  } catch (const InputError& error) {
    return error.field() + ": " + error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("Each OpenSees argument accepts exactly the range its OpenSees source checks",
          "[laws][opensees][validation]") {
  for (const Limit& limit : kLimits) {
    INFO(limit.law << " " << limit.key << " (" << limit.source << ")");
    const ParamSpec& spec = specOf(limit);
    CHECK(spec.min == limit.min);
    CHECK(spec.max == limit.max);
    CHECK(spec.minExclusive == limit.minExclusive);
    // The slider's span is friendly (finite) and offers only accepted values, the default among them.
    CHECK(std::isfinite(spec.sliderLow()));
    CHECK(std::isfinite(spec.sliderHigh()));
    CHECK(spec.sliderLow() < spec.sliderHigh());
    CHECK(spec.accepts(spec.sliderLow()));
    CHECK(spec.accepts(spec.sliderHigh()));
    if (spec.kind == ParamKind::Number) {
      CHECK(spec.defaultValue >= spec.sliderLow());
      CHECK(spec.defaultValue <= spec.sliderHigh());
    }
  }
}

TEST_CASE("A value at an OpenSees limit is refused naming the field path, unit, range and value",
          "[laws][opensees][validation]") {
  for (const Limit& limit : kLimits) {
    const ParamSpec& spec = specOf(limit);
    const std::string unit = spec.unit.empty() ? "(dimensionless)" : std::string(spec.unit);
    const std::string path = "params." + std::string(limit.key) + ": ";
    const auto withUnit = [&](const std::string& number) {
      return spec.unit.empty() ? number : number + " " + unit;
    };
    INFO(limit.law << " " << limit.key << " (" << limit.source << ")");
    // The lower limit itself, when OpenSees exits on it (x <= 0), and just below an inclusive one (x < 0).
    if (std::isfinite(limit.min)) {
      const double bad = limit.minExclusive ? limit.min : -0.5;
      const std::string message = refusal(scenarioWith(limit.law, limit.key, bad));
      CHECK_THAT(message, Contains(path));
      CHECK_THAT(message,
                 Contains(std::string(limit.minExclusive ? "greater than " : "at least ") + withUnit("0")));
      CHECK_THAT(message, Contains(unit));
      CHECK_THAT(message, Contains("got " + withUnit(limit.minExclusive ? "0" : "-0.5")));
      // Just above it OpenSees goes on; so do we.
      CHECK(refusal(scenarioWith(limit.law, limit.key, limit.minExclusive ? 1e-9 : 0.0)) == "");
    }
    if (std::isfinite(limit.max)) {  // nSlow, nFast > 1 exit; 1 itself is accepted
      const std::string message = refusal(scenarioWith(limit.law, limit.key, 1.5));
      CHECK_THAT(message, Contains(path) && Contains("at most 1") && Contains("(dimensionless)") &&
                              Contains("got 1.5"));
      CHECK(refusal(scenarioWith(limit.law, limit.key, 1.0)) == "");
    }
    // Far beyond the sliders, where OpenSees sets no limit: accepted.
    if (!std::isfinite(limit.max)) CHECK(refusal(scenarioWith(limit.law, limit.key, 1e6)) == "");
    if (!std::isfinite(limit.min)) CHECK(refusal(scenarioWith(limit.law, limit.key, -1e6)) == "");
    // Not finite: refused whatever OpenSees's parser would make of it (JSON has no infinity).
    CHECK_THAT(refusal(scenarioWith(limit.law, limit.key, kInf)),
               Contains(path) && Contains("a finite number"));
  }
}

TEST_CASE(
    "VelDepMultiLinear's point rules are OpenSees's: 2 to 64 points, increasing velocities, equal lengths",
    "[laws][opensees][validation]") {
  const auto multi = [](std::vector<double> vel, std::vector<double> frn) {
    Scenario scenario;
    scenario.law = "opensees-veldepmultilinear";
    scenario.params = {{"vel", vel}, {"frn", frn}};
    return refusal(scenario);
  };
  // The parser wants at least two points (argc < 7 exits) and reads at most 64 (its arrays' size).
  CHECK_THAT(multi({0}, {0.1}), Contains("params.vel: ") && Contains("between 2 and 64 items; got 1"));
  std::vector<double> many(65), coefficients(65, 0.1);
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = static_cast<double>(i);
  CHECK_THAT(multi(many, coefficients), Contains("params.vel: ") && Contains("got 65"));
  many.pop_back();
  coefficients.pop_back();
  CHECK(multi(many, coefficients) == "");
  // VelDepMultiLinear.cpp:145: vel(i) >= vel(i+1) exits; :127 unequal lengths exit.
  CHECK_THAT(multi({0, 2, 2}, {0.1, 0.2, 0.3}),
             Contains("params.vel: ") && Contains("strictly increasing") && Contains("2 m/s"));
  CHECK_THAT(multi({0, 2, 8}, {0.1, 0.2}), Contains("params.frn: ") && Contains("same number of points"));
  // Large velocities and coefficients, which our old ranges refused, are OpenSees's to accept.
  CHECK(multi({0, 10, 1e5}, {0.1, 3, 5}) == "");
}

TEST_CASE("Values OpenSees accepts that our ranges used to refuse now run on the spring-block",
          "[laws][opensees]") {
  // VelPressureDep's alpha = 2 (the case: OpenSees checks no alpha, and in kip and inch a value
  // of that size is ordinary).
  Scenario scenario = scenarioWith("opensees-velpressuredep", "alpha", 2.0);
  scenario.system = {{"duration", 2.0}};
  CHECK(!run(RunSpec(scenario)).trace.t.empty());
  // μ at speed is VelPressureDep's formula: tanh(2·N/A) = tanh(2000) = 1 to the last bit for N = 10,
  // A = 0.01, and e^(−transRate·v) = 0, so μ = muFast0 − deltaMu.
  const LawEvaluator law(
      "opensees-velpressuredep",
      {{"alpha", 2.0}, {"muFast0", 0.16}, {"deltaMu", 0.05}, {"A", 0.01}, {"transRate", 1e6}});
  CHECK_THAT(law.coefficient({1.0, 10.0}), Catch::Matchers::WithinAbs(0.16 - 0.05, 1e-15));
  // And the rest, each a value outside the old sliders' ranges.
  for (const auto& [lawId, key, value] : std::vector<std::tuple<const char*, const char*, double>>{
           {"opensees-coulomb", "mu", 5.0},
           {"opensees-veldependent", "transRate", 1e5},
           {"opensees-velpressuredep", "deltaMu", -3.0},
           {"opensees-velpressuredep", "A", 1e4},
           {"opensees-velnormalfrcdep", "nSlow", -20.0},
           {"opensees-velnormalfrcdep", "maxMuFact", 500.0},
           {"opensees-velnormalfrcdep", "alpha0", 1e5}}) {
    INFO(lawId << " " << key << " = " << value);
    Scenario given = scenarioWith(lawId, key, value);
    given.system = {{"duration", 2.0}};
    CHECK_NOTHROW(run(RunSpec(given)));
  }
}

TEST_CASE("A map's axis may span an OpenSees argument's whole accepted range, beyond its slider",
          "[laws][opensees][sweep]") {
  Scenario scenario;
  scenario.law = "opensees-velpressuredep";
  SweepAxis x{"params", "alpha", -5, 5, 2, false}, y{"system", "eta", 0.1, 1, 2, false};
  CHECK_NOTHROW(checkSweep(scenario, x, y));
  // A > 0: an axis from 0 is refused by the exclusive limit, in words.
  SweepAxis area{"params", "A", 0, 1, 2, false};
  try {
    checkSweep(scenario, area, y);
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.field() == "x.min");
    CHECK_THAT(error.what(), Contains("values greater than 0 m²"));
  }
}
