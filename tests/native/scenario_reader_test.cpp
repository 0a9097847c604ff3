// The one reader of requests (friction/scenario.h, friction/sweep.h, friction/law_requests.h): every
// field refused for a wrong type, unknown keys at every level, empty keys, and each error naming its
// field by its path, so that a law's v0 and the system's are never confused (issue 14).

#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>
#include <utility>

#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::Contains;

namespace {

Value object(std::initializer_list<std::pair<std::string, Value>> members) {
  Value out = Value::object();
  for (const auto& [key, value] : members) out.set(key, value);
  return out;
}

Value list(std::initializer_list<Value> items) { return Value::list(items); }

// A law scenario with one more top-level member.
Value coulombWith(const std::string& key, const Value& value) {
  return object({{"law", "coulomb"}, {key, value}});
}

// A law scenario whose system has one member.
Value systemWith(const std::string& key, const Value& value) {
  return object({{"law", "coulomb"}, {"system", object({{key, value}})}});
}

struct Refusal {
  std::string field, message;
};

// The field and message of the InputError `read` throws ({"none", ""} if it throws none).
template <class Read>
Refusal refusal(const Read& read) {
  try {
    read();
  } catch (const InputError& error) {
    return {error.field(), error.what()};
  }
  return {"none", ""};
}

Refusal scenarioRefusal(const Value& value) {
  return refusal([&] { readScenario(value); });
}

std::string fieldOf(const Value& value) { return scenarioRefusal(value).field; }

// "c=10 v0=0.1", to compare parameter lists by what they hold.
std::string written(const ParamList& params) {
  std::string out;
  for (const auto& [key, value] : params) {
    out += (out.empty() ? "" : " ") + key + "=";
    for (std::size_t i = 0; i < value.items.size(); ++i) out += (i ? "," : "") + formatNumber(value.items[i]);
  }
  return out;
}

// A map over Coulomb's μs and the system's dashpot, with `change` applied to its request.
Value coulombMap() {
  return object(
      {{"scenario", object({{"law", "coulomb"}})},
       {"x", object({{"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 2}})},
       {"y", object({{"target", "system"}, {"key", "eta"}, {"min", 0}, {"max", 1}, {"count", 2}})}});
}

std::string sweepFieldOf(const Value& value) {
  return refusal([&] { readSweep(value); }).field;
}

}  // namespace

TEST_CASE("Value keeps an object's keys in order and describes what was given", "[reader][value]") {
  Value value = object({{"b", 1}, {"a", "x"}});
  value.set("b", true);
  CHECK(value.keys() == std::vector<std::string>{"b", "a"});
  CHECK(value.find("b")->boolean());
  CHECK(value.find("c") == nullptr);
  CHECK(describeValue(Value()) == "null");
  CHECK(describeValue(Value(2.5)) == "the number 2.5");
  CHECK(describeValue(Value("fast")) == "the string 'fast'");
  CHECK(describeValue(list({1, 2})) == "a list of 2 items");
  CHECK(describeValue(Value::object()) == "an object");
  CHECK_THROWS_AS(Value("x").number(), std::logic_error);  // a reader's own mistake, not the caller's
}

TEST_CASE("A scenario is read whole: subject, params, system with start and velocity steps, options",
          "[reader]") {
  const Scenario s = readScenario(object({
      {"law", "coulomb"},
      {"params", object({{"mu_s", 0.6}, {"mu_k", 0.4}})},
      {"system", object({{"c", 10}, {"v0", list({list({0, 0.1}), list({1, 0.2})})}, {"start", "steady"}})},
      {"integrator", "rk4"},
      {"samples", 500},
      {"tolerance", 1e-8},
  }));
  CHECK(s.law == "coulomb");
  CHECK(s.model.empty());
  REQUIRE(s.params.size() == 2);
  CHECK(s.params[1].first == "mu_k");
  REQUIRE(s.driveSteps.size() == 2);
  CHECK(s.driveSteps[1].t == 1);
  CHECK(s.driveSteps[1].value == 0.2);
  // v0 is the first step's velocity, as the system's checks and defaults see it.
  CHECK(written(s.system) == "c=10 v0=0.1");
  CHECK(s.start == SpringBlockStart::Steady);
  CHECK(s.integrator == "rk4");
  CHECK(s.samples == 500);
  CHECK(s.tolerance == 1e-8);
  const Scenario model = readScenario(object({{"model", "abbott-seed"}, {"params", object({{"c", 3}})}}));
  CHECK(model.model == "abbott-seed");
  CHECK(written(model.params) == "c=3");
}

TEST_CASE("Every field of a scenario refuses a wrong type, named by its path", "[reader][types]") {
  CHECK(fieldOf(Value(3)) == "scenario");
  CHECK(fieldOf(object({{"model", 7}})) == "model");
  CHECK(fieldOf(object({{"law", true}})) == "law");
  CHECK(fieldOf(coulombWith("params", "mu_s")) == "params");
  CHECK(fieldOf(coulombWith("params", object({{"mu_s", "0.5"}}))) == "params.mu_s");
  CHECK(fieldOf(coulombWith("params", object({{"mu_s", Value()}}))) == "params.mu_s");
  CHECK(fieldOf(coulombWith("params", object({{"mu_s", object({})}}))) == "params.mu_s");
  CHECK(fieldOf(object({{"law", "opensees-veldepmultilinear"},
                        {"params", object({{"vel", list({0, "x"})}})}})) == "params.vel[1]");
  CHECK(fieldOf(coulombWith("system", 3)) == "system");
  CHECK(fieldOf(systemWith("c", "stiff")) == "system.c");
  CHECK(fieldOf(systemWith("v0", "fast")) == "system.v0");
  CHECK(fieldOf(systemWith("v0", list({1}))) == "system.v0[0]");
  CHECK(fieldOf(systemWith("v0", list({list({0, 0.1}), list({1, "x"})}))) == "system.v0[1]");
  CHECK(fieldOf(systemWith("v0", list({}))) == "system.v0");
  CHECK(fieldOf(systemWith("start", 1)) == "system.start");
  CHECK(fieldOf(coulombWith("integrator", 3)) == "integrator");
  CHECK(fieldOf(coulombWith("samples", "many")) == "samples");
  CHECK(fieldOf(coulombWith("samples", 2.5)) == "samples");
  CHECK(fieldOf(coulombWith("samples", 1e10)) == "samples");
  CHECK(fieldOf(coulombWith("tolerance", "fine")) == "tolerance");
  CHECK(fieldOf(coulombWith("kick", list({}))) == "kick");
  // The message says what was expected and what was given.
  CHECK(scenarioRefusal(coulombWith("params", object({{"mu_s", "0.5"}}))).message ==
        "Parameter 'mu_s' must be a number; got the string '0.5'.");
  CHECK_THAT(scenarioRefusal(systemWith("v0", "fast")).message,
             Contains("system.v0 must be a number (m/s) or a list of [t (s), v0 (m/s)]") &&
                 Contains("the string 'fast'"));
  CHECK_THAT(scenarioRefusal(coulombWith("samples", 2.5)).message,
             Contains("whole number") && Contains("got 2.5"));
}

TEST_CASE("Unknown keys are refused at every level, by their path", "[reader][keys]") {
  CHECK(fieldOf(coulombWith("sytem", object({}))) == "sytem");
  CHECK_THAT(scenarioRefusal(coulombWith("sytem", object({}))).message,
             Contains("Unknown key 'sytem' in the scenario; its keys are: model, law, params, system"));
  CHECK(fieldOf(systemWith("mass", 1)) == "system.mass");
  CHECK(fieldOf(coulombWith("params", object({{"mass", 1}}))) == "params.mass");
  CHECK(fieldOf(object({{"model", "abbott-seed"}, {"params", object({{"mass", 1}})}})) == "params.mass");
  // A law's options mean nothing to a seed model: refused rather than ignored.
  CHECK(fieldOf(object({{"model", "abbott-seed"}, {"integrator", "rk4"}})) == "integrator");
  CHECK(fieldOf(object({{"model", "abbott-seed"}, {"system", object({})}})) == "system");
  CHECK(fieldOf(object({{"model", "abbott-seed"}, {"law", "coulomb"}})) == "law");
  Value map = coulombMap();
  map.set("z", 1);
  CHECK(sweepFieldOf(map) == "z");
  map = coulombMap();
  map.set("scenario", object({{"law", "coulomb"}, {"sytem", object({})}}));
  CHECK(sweepFieldOf(map) == "scenario.sytem");
  map = coulombMap();
  map.set("x", object({{"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 2}, {"logarithmic", true}}));
  CHECK(sweepFieldOf(map) == "x.logarithmic");
}

TEST_CASE("An empty key names the object it stands in and says a name must not be empty (fuzz)",
          "[reader][keys]") {
  // Found by fuzzing: this gave "Parameter '' must be a number" with no field at all.
  const Refusal params =
      scenarioRefusal(object({{"model", "state-variable"},
                              {"params", object({{"m", 0}, {"Fn", 10}, {"", "mus"}, {"duration", 30}})}}));
  CHECK(params.field == "params");
  CHECK_THAT(params.message, Contains("A parameter name must not be empty"));
  CHECK(fieldOf(coulombWith("", 1)) == "scenario");
  CHECK(fieldOf(systemWith("", 1)) == "system");
  CHECK_THAT(scenarioRefusal(systemWith("", 1)).message, Contains("must not be empty"));
  Value map = coulombMap();
  map.set("", 0);
  CHECK(sweepFieldOf(map) == "sweep");
  map = coulombMap();
  map.set("x", object({{"", "params"}, {"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 2}}));
  CHECK(sweepFieldOf(map) == "x");
  map = coulombMap();
  map.set("scenario", object({{"law", "coulomb"}, {"params", object({{"", 1}})}}));
  CHECK(sweepFieldOf(map) == "scenario.params");
  CHECK(refusal([] { readLawParams(object({{"", 1}})); }).field == "params");
  CHECK(refusal([] { readLawInputs(object({{"", 1}})); }).field == "inputs");
}

TEST_CASE("A law's v0 and the system's are told apart by their paths; the catalog's message is kept",
          "[reader][paths]") {
  const Refusal law = scenarioRefusal(object({{"law", "abbott-theta"}, {"params", object({{"v0", 50}})}}));
  CHECK(law.field == "params.v0");
  CHECK_THAT(law.message, Contains("Reference velocity (v0)"));
  const Refusal system =
      scenarioRefusal(object({{"law", "abbott-theta"}, {"system", object({{"v0", 500}})}}));
  CHECK(system.field == "system.v0");
  // 0 is the drive at rest (issue 28), and the gap up to 1e-12 m/s is refused: the message says both.
  CHECK(
      system.message ==
      "Drive velocity (v0) must be 0 m/s (the drive at rest) or between 1e-12 m/s and 100 m/s; got 500 m/s.");
  // A cross-parameter rule of the law, a drive step, the integrator, the options and the kick.
  CHECK(fieldOf(coulombWith("params", object({{"mu_s", 0.3}, {"mu_k", 0.5}}))) == "params.mu_k");
  CHECK(fieldOf(systemWith("v0", list({list({1, 0.1})}))) == "system.v0[0]");
  CHECK(fieldOf(systemWith("v0", list({list({0, 0.1}), list({2, 0.2}), list({1, 0.3})}))) == "system.v0[2]");
  CHECK(fieldOf(systemWith("start", "moving")) == "system.start");
  CHECK(fieldOf(coulombWith("integrator", "leapfrog")) == "integrator");
  CHECK(fieldOf(coulombWith("samples", 1)) == "samples");
  CHECK(fieldOf(coulombWith("tolerance", 0.1)) == "tolerance");
  CHECK(fieldOf(coulombWith("kick", 0.01)) == "kick");  // a kick needs a steady start
  CHECK(fieldOf(object({{"model", "abbott-seed"}, {"params", object({{"c", -1}})}})) == "params.c");
  CHECK(fieldOf(object({{"law", "nope"}})) == "law");
  CHECK(fieldOf(object({{"model", ""}})) == "model");
  CHECK(fieldOf(object({{"params", object({})}})) == "model");
}

TEST_CASE(
    "A RunSpec names paths for a scenario built in code, what only a law on its system can refuse included",
    "[reader][run]") {
  Scenario theta;
  theta.law = "abbott-theta";
  theta.params = {{"v0", 50}};
  CHECK(refusal([&] { RunSpec{theta}; }).field == "params.v0");
  theta.params = {};
  theta.system = {{"v0", 500}};
  CHECK(refusal([&] { RunSpec{theta}; }).field == "system.v0");
  // A law that carries its force between steps runs in its origin's stepped loop, which has no steady start.
  Scenario stepped;
  stepped.law = "radioss-coulomb";
  stepped.params = {{"Iform", 2}};
  stepped.start = SpringBlockStart::Steady;
  stepped.system = {{"duration", 0.1}};
  CHECK(refusal([&] { RunSpec{stepped}; }).field == "system.start");
  // And a scenario that is fine runs as the law or the model it names, on exactly the rows asked for.
  const SimulationResult law =
      run(RunSpec::read(object({{"law", "coulomb"}, {"system", object({{"duration", 1}})}})));
  CHECK(law.trace.size() == 2000);
  const SimulationResult seed = run(RunSpec::read(object({{"model", "abbott-seed"}})));
  CHECK(seed.summary.model == "abbott-seed");
}

TEST_CASE("A map's request is read with paths: its scenario's fields, its axes, its cells",
          "[reader][sweep]") {
  CHECK_NOTHROW(readSweep(coulombMap()));
  auto withAxis = [](const std::string& name, const Value& axis) {
    Value map = coulombMap();
    map.set(name, axis);
    return sweepFieldOf(map);
  };
  CHECK(withAxis("x", 3) == "x");
  CHECK(withAxis("x", object({{"min", 0.5}, {"max", 1}, {"count", 2}})) == "x.key");
  CHECK(withAxis("x", object({{"key", "mu_s"}, {"max", 1}, {"count", 2}})) == "x.min");
  CHECK(withAxis("x", object({{"key", "mu_s"}, {"min", 0.5}, {"max", "1"}, {"count", 2}})) == "x.max");
  CHECK(withAxis("x", object({{"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 2.5}})) == "x.count");
  CHECK(withAxis("x", object({{"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 100001}})) == "x.count");
  CHECK(withAxis("x", object({{"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 2}, {"log", "yes"}})) ==
        "x.log");
  CHECK(withAxis("x", object({{"key", "mu_s"}, {"min", 0.5}, {"max", 50}, {"count", 2}})) == "x.max");
  CHECK(withAxis("x", object({{"key", "mu_s"}, {"min", -1}, {"max", 1}, {"count", 2}})) == "x.min");
  CHECK(withAxis("x", object({{"key", "mass"}, {"min", 0.5}, {"max", 1}, {"count", 2}})) == "x.key");
  CHECK(
      withAxis("x", object({{"target", "both"}, {"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 2}})) ==
      "x.target");
  CHECK(withAxis("y", object({{"key", "mu_s"}, {"min", 0.5}, {"max", 1}, {"count", 2}})) == "y.key");
  auto withScenario = [](const Value& scenario) {
    Value map = coulombMap();
    map.set("scenario", scenario);
    return sweepFieldOf(map);
  };
  CHECK(withScenario(object({{"law", "coulomb"}, {"params", object({{"mu_k", 5}})}})) ==
        "scenario.params.mu_k");
  CHECK(withScenario(object({{"law", "coulomb"}, {"system", object({{"c", -1}})}})) == "scenario.system.c");
  CHECK(withScenario(object({{"law", "coulomb"}, {"system", object({{"v0", list({list({0, 0.1})})}})}})) ==
        "scenario.system.v0");
  CHECK(withScenario(object({{"law", "nope"}})) == "scenario.law");
  CHECK(withScenario(object({{"law", "coulomb"}, {"integrator", "leapfrog"}})) == "scenario.integrator");
  CHECK(withScenario(object({{"law", "coulomb"}, {"kick", 0.01}})) == "scenario.kick");
  CHECK(withScenario(object({{"law", "coulomb"}, {"samples", "many"}})) == "scenario.samples");
  Value map = coulombMap();
  map.set("cells", list({0, 1, 1}));
  CHECK(refusal([&] { readSweepCells(map); }).field == "cells");
  map.set("cells", list({0, "1"}));
  CHECK(refusal([&] { readSweepCells(map); }).field == "cells[1]");
  map.set("cells", list({0, 5}));
  CHECK(refusal([&] { readSweepCells(map); }).field == "cells");
  map.set("cells", list({1, 1, 0, 0}));
  CHECK(readSweepCells(map).cells == std::vector<std::pair<int, int>>{{1, 1}, {0, 0}});
}

TEST_CASE("The law API's readers name a field from the root of its argument or request", "[reader][laws]") {
  CHECK(refusal([] { readLawId(Value(3)); }).field == "law");
  CHECK(refusal([] { readLawInputs(object({{"v", "fast"}})); }).field == "v");
  CHECK(refusal([] { readLawInputs(object({{"speed", 1}})); }).field == "speed");
  CHECK(refusal([] { readLawInputs(object({{"n", list({0, 1})}})); }).field == "n");
  CHECK(refusal([] { readCurveRequest(object({{"scale", "cubic"}})); }).field == "scale");
  CHECK(refusal([] { readCurveRequest(object({{"count", 2.5}})); }).field == "count");
  CHECK(refusal([] { readLawState(object({{"segment", -1}})); }).field == "state.segment");
  CHECK(refusal([] { readImposedVelocityRun(object({{"law", "lugre"}})); }).field == "velocity");
  CHECK(refusal([] {
          readImposedVelocityRun(object(
              {{"law", "lugre"}, {"velocity", list({list({0, 1})})}, {"params", object({{"sigma0", -1}})}}));
        }).field == "params.sigma0");
  CHECK(refusal([] { readAppliedForceRun(object({{"law", "lugre"}, {"force", "push"}})); }).field == "force");
  const PreslidingRun slow =
      readPreslidingRun(object({{"law", "lugre"}, {"protocol", object({{"rate", 1e-4}})}}));
  CHECK(refusal([&] { runPresliding(slow); }).field == "protocol.rate");
  const PreslidingRun unknown =
      readPreslidingRun(object({{"law", "lugre"}, {"protocol", object({{"speed", 1}})}}));
  CHECK(refusal([&] { runPresliding(unknown); }).field == "protocol.speed");
  CHECK(refusal([] { readPreslidingProtocol(object({{"amplitude", -1}})); }).field == "amplitude");
}
