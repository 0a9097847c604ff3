// The catalog is the single declaration of every parameter: it must be complete and coherent, and
// validation built on it must say exactly what is wrong.

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "friction/friction.h"

using namespace friction;

TEST_CASE("Every catalog entry is complete and its default lies in its range", "[catalog]") {
  REQUIRE(modelCatalog().size() == 2);
  for (const ModelSpec& model : modelCatalog()) {
    INFO("model " << model.id);
    CHECK(!model.name.empty());
    CHECK(!model.description.empty());
    CHECK(!model.citation.empty());
    std::set<std::string_view> keys;
    for (const ParamSpec& spec : model.params) {
      INFO("parameter " << spec.key);
      CHECK(keys.insert(spec.key).second);
      CHECK(!spec.symbol.empty());
      CHECK(!spec.label.empty());
      CHECK(!spec.help.empty());
      CHECK(spec.min < spec.max);
      CHECK(spec.step > 0);
      CHECK(spec.defaultValue >= spec.min);
      CHECK(spec.defaultValue <= spec.max);
      if (spec.scale == Scale::Log) CHECK(spec.min > 0);
      if (!spec.defaultFrom.key.empty()) CHECK(model.findParam(spec.defaultFrom.key) != nullptr);
    }
  }
}

TEST_CASE("The seed model carries the seed app's eleven inputs under the seed's names", "[catalog][seed]") {
  std::vector<std::string_view> keys;
  for (const ParamSpec& spec : findModel("abbott-seed").params) keys.push_back(spec.key);
  CHECK(keys == std::vector<std::string_view>{"mus", "muk", "N", "tmax", "c", "eta", "tau", "D", "v0", "va", "vb"});
}

TEST_CASE("Both models' defaults show stick-slip in the first view", "[catalog]") {
  for (const ModelSpec& model : modelCatalog()) {
    INFO("model " << model.id);
    CHECK(simulate({std::string(model.id), {}}).summary.regime == Regime::StickSlip);
  }
}

TEST_CASE("A value out of range is refused with its name, unit, range and the value given", "[validation]") {
  try {
    simulate({"state-variable", {{"m", -1}}});
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.field() == "m");
    CHECK(std::string(error.what()) == "Mass (m) must be between 0.01 kg and 100 kg; got -1 kg.");
  }
  try {
    simulate({"abbott-seed", {{"mus", 2.5}}});
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.field() == "mus");
    CHECK(std::string(error.what()) == "μStatic (mus) must be between 0 and 2 (dimensionless); got 2.5.");
  }
}

TEST_CASE("NaN and infinities are refused as not finite", "[validation]") {
  for (const double bad : {std::nan(""), double(INFINITY), -double(INFINITY)}) {
    try {
      simulate({"abbott-seed", {{"c", bad}}});
      FAIL("expected an InputError");
    } catch (const InputError& error) {
      CHECK(error.field() == "c");
      CHECK_THAT(error.what(), Catch::StartsWith("c must be a finite number between 0 kg/s² and 200 kg/s²; got "));
    }
  }
}

TEST_CASE("Unknown models and parameters are refused with the list of known ones", "[validation]") {
  CHECK_THROWS_WITH(simulate({"lugre-ish", {}}),
                    "Unknown model 'lugre-ish'; the models are: abbott-seed, state-variable.");
  CHECK_THROWS_WITH(simulate({"abbott-seed", {{"mass", 1}}}),
                    Catch::StartsWith("Unknown parameter 'mass' for 'abbott-seed'; its parameters are: mus, muk, N,"));
  CHECK_THROWS_WITH(simulate({"abbott-seed", {{"c", 1}, {"c", 2}}}), "Parameter 'c' is given twice.");
  // A subnormal value (fuzz) is refused like any other, with the value printed (it once threw from
  // the message's own number formatting).
  CHECK_THROWS_WITH(simulate({"state-variable", {{"m", 11e-320}}}),
                    Catch::StartsWith("Mass (m) must be between 0.01 kg and 100 kg; got ") && Catch::EndsWith("e-319 kg."));
  // An empty key (fuzz) names nothing a page could point to: the error names the model it was given to.
  try {
    simulate({"state-variable", {{"", 40}}});
    FAIL("an empty key was accepted");
  } catch (const InputError& error) {
    CHECK(error.field() == "state-variable");
    CHECK_THAT(error.what(), Catch::StartsWith("Unknown parameter '' for 'state-variable'"));
  }
}

TEST_CASE("The normal force defaults to m·g and follows the mass", "[catalog]") {
  const SimulationResult result = simulate({"state-variable", {{"m", 2}, {"duration", 0.1}}});
  CHECK(result.summary.params.get("Fn") == 2 * kStandardGravity);
  const SimulationResult given = simulate({"state-variable", {{"m", 2}, {"Fn", 3}, {"duration", 0.1}}});
  CHECK(given.summary.params.get("Fn") == 3);
}

TEST_CASE("Every column of a run has one value per sample", "[catalog]") {
  for (const ModelSpec& model : modelCatalog()) {
    const SimulationResult result = simulate({std::string(model.id), {}});
    for (const ColumnSpec& column : columnCatalog()) {
      INFO(model.id << " column " << column.key);
      CHECK((result.trace.*column.column).size() == result.trace.size());
    }
  }
}

TEST_CASE("A value just outside a range is printed with enough digits to show it is outside", "[validation]") {
  const double justBelow = std::nextafter(1e-7, 0.0);
  try {
    simulate({"state-variable", {{"D", justBelow}}});
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK_THAT(error.what(), Catch::Contains("between 1e-07 m and 1 m") && !Catch::Contains("got 1e-07 m"));
    CHECK_THAT(error.what(), Catch::Contains("got 9.99999999999999"));
  }
}
