// The friction laws against their origins' source code: every value is computed by hand from the
// formula of the origin system's source (the arithmetic is written in the comment or in the expected
// expression itself), never copied from the engine's output. The sources read and the hand checks:
// docs/validation.md ("The solvers' formulas, worked by hand"); what each law keeps of its origin:
// docs/reference/models.md ("Friction laws of the seeds").

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "friction/laws.h"

using namespace friction;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

constexpr double kPi = 3.14159265358979323846;

double mu(std::string_view id, const ParamList& params, double v, double N = 1, double p = 0,
          double theta = -1) {
  LawInputs in;
  in.v = v;
  in.N = N;
  in.p = p;
  in.theta = theta;
  return frictionCoefficient(id, params, in);
}

Vec3 force(std::string_view id, const ParamList& params, Vec3 vt, Vec3 n, double Fn, Vec3 Fe = {}) {
  LawInputs in;
  in.vt = vt;
  in.n = n;
  in.Fn = Fn;
  in.Fe = Fe;
  return frictionForce(id, params, in);
}

// One Radioss contact step: slip velocity vt, normal n, normal force Fn, time step dt.
LawStep radiossStep(std::string_view id, const ParamList& params, const LawState& state, Vec3 vt, double Fn,
                    double dt, Vec3 n = {0, 0, 1}) {
  LawInputs in;
  in.vt = vt;
  in.n = n;
  in.Fn = Fn;
  in.dt = dt;
  return stepLaw(id, params, state, in);
}

// One OpenSees setTrial(N, vel).
LawStep openSeesStep(std::string_view id, const ParamList& params, const LawState& state, double v,
                     double N) {
  LawInputs in;
  in.v = v;
  in.N = N;
  return stepLaw(id, params, state, in);
}

// The field of the InputError that `call` throws, or a marker if it throws none.
std::string errorField(const std::function<void()>& call) {
  try {
    call();
  } catch (const InputError& error) {
    return error.field();
  }
  return "<no InputError>";
}

void checkVec(const Vec3& actual, const Vec3& expected, double tolerance) {
  for (int i = 0; i < 3; ++i) {
    INFO("component " << i << ": got " << actual[i] << ", expected " << expected[i]);
    CHECK_THAT(actual[i], WithinAbs(expected[i], tolerance));
  }
}

double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// Drake's step5 (multibody/plant/multibody_plant.cc), in the order Drake evaluates it.
double step5(double x) { return x * x * x * (10 + x * (6 * x - 15)); }

// The hand checks' parameter sets.
const ParamList kDrake08 = {
    {"static_friction", 0.8}, {"dynamic_friction", 0.5}, {"stiction_tolerance", 1e-4}};
const ParamList kRenard = {{"C1", 0.15}, {"C2", 0.12}, {"C3", 0.20}, {"C4", 0.10}, {"C5", 0.5}, {"C6", 2.0}};
const ParamList kGeneralizedViscous = {{"Fric", 0.1}, {"C1", 0.01},   {"C2", 0.02},
                                       {"C3", 0.001}, {"C4", 0.0005}, {"C5", 0.003}};
// K = 1e5 N/m and M = 0.01 kg: C = VISF·√(2KM) = √2000 for VISF = 1 (i7for3.F's Iform 1).
const double kViscousC = std::sqrt(2 * 1e5 * 0.01);

ParamList with(ParamList base, const ParamList& extra) {
  base.insert(base.end(), extra.begin(), extra.end());
  return base;
}

const std::vector<double> kVel = {0, 2, 8, 10};  // the hand checks' VelDepMultiLinear points
const std::vector<double> kFrn = {0.085, 0.150, 0.163, 0.163};
ParamList multiLinear() { return {{"vel", kVel}, {"frn", kFrn}}; }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Catalog

TEST_CASE("The law catalog holds every law of the issue, each with origin, citation and capabilities",
          "[laws][catalog]") {
  const std::set<std::string_view> expected = {"coulomb",
                                               "abbott-theta",
                                               "ratel-coulomb",
                                               "ratel-threlfall",
                                               "drake-stribeck",
                                               "radioss-coulomb",
                                               "radioss-generalized-viscous",
                                               "radioss-darmstad",
                                               "radioss-renard",
                                               "radioss-exponential",
                                               "opensees-coulomb",
                                               "opensees-veldependent",
                                               "opensees-velpressuredep",
                                               "opensees-veldepmultilinear",
                                               "opensees-velnormalfrcdep",
                                               "lugre",
                                               "dahl",
                                               "rate-state",
                                               "elasto-plastic",
                                               "state-variable",
                                               "rsf"};
  std::set<std::string_view> ids;
  const std::set<std::string_view> origins = {"Textbook",    "Abbott app", "Ratel",     "Drake",
                                              "OpenRadioss", "OpenSees",   "Literature"};
  const std::set<std::string_view> inputNames = {"v", "N", "p", "theta", "vt", "n", "Fn", "Fe", "dt"};
  for (const LawSpec& law : lawCatalog()) {
    INFO("law " << law.spec.id);
    CHECK(ids.insert(law.spec.id).second);
    CHECK(!law.spec.name.empty());
    CHECK(!law.spec.description.empty());
    CHECK(!law.spec.citation.empty());
    CHECK(origins.count(law.origin) == 1);
    // Every law of the seeds has a μ; the dynamic laws of the literature have state variables instead
    // (rate-and-state has both).
    CHECK((law.can.coefficient || law.can.dynamic));
    CHECK(law.can.dynamic == !law.state.empty());
    CHECK(!law.inputs.empty());
    for (std::string_view input : law.inputs) CHECK(inputNames.count(input) == 1);
    std::set<std::string_view> keys;
    for (const ParamSpec& spec : law.spec.params) {
      INFO("parameter " << spec.key);
      CHECK(keys.insert(spec.key).second);
      CHECK(!spec.help.empty());
      CHECK(spec.min <= spec.max);
      if (spec.kind == ParamKind::List) {
        CHECK(spec.defaultList.size() >= kMinListItems);
        for (double item : spec.defaultList) CHECK((item >= spec.min && item <= spec.max));
      } else {
        CHECK(spec.defaultValue >= spec.min);
        CHECK(spec.defaultValue <= spec.max);
      }
    }
    CHECK(&findLaw(law.spec.id) == &law);
  }
  CHECK(ids == expected);
}

TEST_CASE("Each law carries its origin system's parameter names and the issue's defaults",
          "[laws][catalog]") {
  auto keysOf = [](std::string_view id) {
    std::vector<std::string_view> keys;
    for (const ParamSpec& spec : findLaw(id).spec.params) keys.push_back(spec.key);
    return keys;
  };
  using Keys = std::vector<std::string_view>;
  CHECK(keysOf("coulomb") == Keys{"mu_s", "mu_k"});
  CHECK(keysOf("abbott-theta") == Keys{"mus", "muk", "va", "vb", "v0", "tau", "D"});
  CHECK(keysOf("ratel-coulomb") == Keys{"kinetic", "viscous"});
  CHECK(keysOf("ratel-threlfall") == Keys{"kinetic", "viscous", "tolerance_velocity"});
  CHECK(keysOf("drake-stribeck") == Keys{"static_friction", "dynamic_friction", "stiction_tolerance"});
  CHECK(keysOf("opensees-coulomb") == Keys{"mu"});
  CHECK(keysOf("opensees-veldependent") == Keys{"muSlow", "muFast", "transRate"});
  CHECK(keysOf("opensees-velpressuredep") == Keys{"muSlow", "muFast0", "A", "deltaMu", "alpha", "transRate"});
  CHECK(keysOf("opensees-veldepmultilinear") == Keys{"vel", "frn"});
  CHECK(keysOf("opensees-velnormalfrcdep") ==
        Keys{"aSlow", "nSlow", "aFast", "nFast", "alpha0", "alpha1", "alpha2", "maxMuFact"});
  // Radioss: the law's own coefficients plus the contact parameters of /INTER/TYPE7.
  const std::set<std::string_view> contact = {"Iform", "VISF", "K", "M", "Ifiltr", "Xfreq"};
  auto radioss = [&](std::string_view id, std::set<std::string_view> own) {
    const Keys keys = keysOf(id);
    own.insert(contact.begin(), contact.end());
    CHECK(std::set<std::string_view>(keys.begin(), keys.end()) == own);
  };
  radioss("radioss-coulomb", {"Fric"});
  radioss("radioss-generalized-viscous", {"Fric", "C1", "C2", "C3", "C4", "C5"});
  radioss("radioss-darmstad", {"Fric", "C1", "C2", "C3", "C4", "C5", "C6"});
  radioss("radioss-renard", {"C1", "C2", "C3", "C4", "C5", "C6"});
  radioss("radioss-exponential", {"Fric", "C1", "C2"});

  auto param = [](std::string_view id, std::string_view key) -> const ParamSpec& {
    const ParamSpec* spec = findLaw(id).spec.findParam(key);
    REQUIRE(spec != nullptr);
    return *spec;
  };
  CHECK(param("coulomb", "mu_s").defaultValue == 0.6);
  CHECK(param("coulomb", "mu_k").defaultValue == 0.4);
  // Ratel (seed 000): kinetic 0.1, viscous 0 N·s/m, tolerance velocity 0.05 m/s (not m/s²).
  CHECK(param("ratel-coulomb", "kinetic").defaultValue == 0.1);
  CHECK(param("ratel-coulomb", "viscous").defaultValue == 0.0);
  CHECK(param("ratel-threlfall", "tolerance_velocity").defaultValue == 0.05);
  CHECK(param("ratel-threlfall", "tolerance_velocity").unit == "m/s");
  // Drake: MultibodyPlantConfig::stiction_tolerance = 1e-4 m/s; CompliantMaterial μs 0.9, μd 0.5.
  CHECK(param("drake-stribeck", "static_friction").defaultValue == 0.9);
  CHECK(param("drake-stribeck", "dynamic_friction").defaultValue == 0.5);
  CHECK(param("drake-stribeck", "stiction_tolerance").defaultValue == 1e-4);
  // Radioss contact parameters.
  for (std::string_view id : {"radioss-coulomb", "radioss-renard"}) {
    INFO(id);
    CHECK(param(id, "Iform").defaultValue == 1);
    CHECK(param(id, "Iform").kind == ParamKind::Integer);
    CHECK(param(id, "Ifiltr").defaultValue == 0);
    CHECK(param(id, "Ifiltr").kind == ParamKind::Integer);
    CHECK(param(id, "VISF").defaultValue == 0);
    CHECK(param(id, "K").defaultValue == 1e5);
    CHECK(param(id, "M").defaultValue == 0.01);
    CHECK(param(id, "Xfreq").defaultValue == 0);
  }
  CHECK(param("opensees-veldepmultilinear", "vel").kind == ParamKind::List);
  CHECK(param("opensees-veldepmultilinear", "frn").kind == ParamKind::List);
}

TEST_CASE("Laws state what they can compute: vector force, state, or coefficient only", "[laws][catalog]") {
  const std::set<std::string_view> force = {"ratel-coulomb",
                                            "ratel-threlfall",
                                            "drake-stribeck",
                                            "radioss-coulomb",
                                            "radioss-generalized-viscous",
                                            "radioss-darmstad",
                                            "radioss-renard",
                                            "radioss-exponential"};
  const std::set<std::string_view> stateful = {"radioss-coulomb",     "radioss-generalized-viscous",
                                               "radioss-darmstad",    "radioss-renard",
                                               "radioss-exponential", "opensees-veldepmultilinear"};
  for (const LawSpec& law : lawCatalog()) {
    INFO("law " << law.spec.id);
    CHECK(law.can.force == (force.count(law.spec.id) == 1));
    CHECK(law.can.stateful == (stateful.count(law.spec.id) == 1));
  }
  CHECK(findLaw("radioss-renard").origin == "OpenRadioss");
  CHECK(findLaw("opensees-coulomb").origin == "OpenSees");
  CHECK(findLaw("drake-stribeck").origin == "Drake");
  CHECK(findLaw("ratel-threlfall").origin == "Ratel");
}

TEST_CASE("Every law evaluates with its defaults alone", "[laws][catalog]") {
  // Radioss-renard's defaults are the hand checks' set: μ(V = 0.25) = 0.15 + 0.05·0.5·1.5 = 0.1875.
  CHECK_THAT(mu("radioss-renard", {}, 0.25), WithinRel(0.1875, 1e-14));
  // Generalized viscous defaults (the hand checks' set): 0.26575 at p = 10, V = 0.5.
  CHECK_THAT(mu("radioss-generalized-viscous", {}, 0.5, 1, 10), WithinRel(0.26575, 1e-13));
  for (const LawSpec& law : lawCatalog()) {
    INFO("law " << law.spec.id);
    if (!law.can.coefficient) continue;  // LuGre, Dahl, elasto-plastic: forces, not coefficients
    const double value = mu(law.spec.id, {}, 0.01, 10, 10);
    CHECK(std::isfinite(value));
  }
}

TEST_CASE("An unknown law is refused naming the field 'law' and the known ids", "[laws][validation]") {
  CHECK(errorField([] { findLaw("amontons"); }) == "law");
  CHECK(errorField([] { mu("amontons", {}, 1); }) == "law");
  CHECK(errorField([] { force("amontons", {}, {1, 0, 0}, {0, 0, 1}, 1); }) == "law");
  CHECK(errorField([] { stepLaw("amontons", {}, LawState{}, LawInputs{}); }) == "law");
  CHECK_THROWS_WITH(findLaw("amontons"),
                    Catch::Contains("drake-stribeck") && Catch::Contains("opensees-coulomb"));
}

TEST_CASE("An unknown or out-of-range parameter is refused naming its key", "[laws][validation]") {
  CHECK(errorField([] { mu("drake-stribeck", {{"mu_static", 0.5}}, 1); }) == "mu_static");
  CHECK(errorField([] { mu("ratel-coulomb", {{"kinetic", -0.1}}, 1, 1); }) == "kinetic");
  CHECK(errorField([] { mu("ratel-coulomb", {{"viscous", -1}}, 1, 1); }) == "viscous");
  CHECK(errorField([] { mu("ratel-threlfall", {{"tolerance_velocity", 0}}, 1, 1); }) == "tolerance_velocity");
  CHECK(errorField([] { mu("coulomb", {{"mu_s", std::nan("")}}, 1); }) == "mu_s");
  // A list where a number is expected, and the reverse.
  CHECK(errorField([] { mu("coulomb", {{"mu_s", std::vector<double>{0.5, 0.6}}}, 1); }) == "mu_s");
  CHECK(errorField([] { mu("opensees-veldepmultilinear", {{"vel", 1.0}, {"frn", kFrn}}, 1); }) == "vel");
}

TEST_CASE("A law asked for what it cannot compute is refused", "[laws][validation]") {
  LawInputs in;
  in.vt = {1, 0, 0};
  in.Fn = 1;
  in.dt = 1e-3;
  in.v = 1;
  in.N = 1;
  CHECK_THROWS_AS(frictionForce("opensees-coulomb", {}, in), InputError);
  CHECK_THROWS_AS(frictionForce("opensees-veldepmultilinear", {}, in), InputError);
  CHECK_THROWS_AS(stepLaw("coulomb", {}, LawState{}, in), InputError);
  CHECK_THROWS_AS(stepLaw("drake-stribeck", {}, LawState{}, in), InputError);
  CHECK_THROWS_AS(stepLaw("ratel-coulomb", {}, LawState{}, in), InputError);
  CHECK_THROWS_AS(stepLaw("opensees-veldependent", {}, LawState{}, in), InputError);
  // Radioss's stateless vector force exists only for Iform 1 without a filter.
  CHECK_THROWS_AS(frictionForce("radioss-coulomb", {{"Fric", 0.3}, {"Iform", 2}}, in), InputError);
  CHECK_THROWS_AS(frictionForce("radioss-coulomb", {{"Fric", 0.3}, {"Ifiltr", 1}, {"Xfreq", 0.25}}, in),
                  InputError);
}

TEST_CASE("Non-finite inputs, a normal that is not a unit vector and a non-positive dt are refused by name",
          "[laws][validation]") {
  const double nan = std::nan(""), inf = INFINITY;
  CHECK(errorField([&] { mu("drake-stribeck", {}, nan); }) == "v");
  CHECK(errorField([&] { mu("drake-stribeck", {}, inf); }) == "v");
  CHECK(errorField([&] { mu("opensees-velnormalfrcdep", {}, 0.1, nan); }) == "N");
  CHECK(errorField([&] { mu("opensees-velnormalfrcdep", {}, 0.1, -inf); }) == "N");
  CHECK(errorField([&] { mu("radioss-generalized-viscous", kGeneralizedViscous, 0.1, 1, nan); }) == "p");
  CHECK(errorField([&] { force("ratel-coulomb", {}, {nan, 0, 0}, {0, 0, 1}, 1); }) == "vt");
  CHECK(errorField([&] { force("ratel-coulomb", {}, {1, 0, 0}, {0, 0, 1}, nan); }) == "Fn");
  CHECK(errorField([&] { force("ratel-coulomb", {}, {0, 0, 0}, {0, 0, 1}, 1, {inf, 0, 0}); }) == "Fe");
  CHECK(errorField([&] { force("drake-stribeck", {}, {1, 0, 0}, {0, 0, 2}, 1); }) == "n");
  CHECK(errorField([&] { force("drake-stribeck", {}, {1, 0, 0}, {0, 0, 0}, 1); }) == "n");
  CHECK(errorField([&] { force("radioss-coulomb", {{"Fric", 0.3}}, {1, 0, 0}, {0.5, 0, 0.5}, 1); }) == "n");
  const ParamList iform2 = {{"Fric", 0.3}, {"Iform", 2}};
  CHECK(errorField([&] { radiossStep("radioss-coulomb", iform2, {}, {1, 0, 0}, 100, 0); }) == "dt");
  CHECK(errorField([&] { radiossStep("radioss-coulomb", iform2, {}, {1, 0, 0}, 100, -1e-3); }) == "dt");
  CHECK(errorField([&] { radiossStep("radioss-coulomb", iform2, {}, {1, 0, 0}, 100, nan); }) == "dt");
  CHECK(errorField([&] {
          radiossStep("radioss-coulomb", iform2, {}, {1, 0, 0}, 100, 1e-4, {0, 0, 3});
        }) == "n");
  CHECK(errorField([&] { openSeesStep("opensees-veldepmultilinear", multiLinear(), {}, nan, 100); }) == "v");
}

// ---------------------------------------------------------------------------------------------
// Textbook Coulomb

TEST_CASE("Coulomb gives mu_k while sliding either way and the static limit mu_s at rest",
          "[laws][coulomb]") {
  const ParamList p = {{"mu_s", 0.6}, {"mu_k", 0.4}};
  CHECK(mu("coulomb", p, 0.3) == 0.4);
  CHECK(mu("coulomb", p, -0.3) == 0.4);
  CHECK(mu("coulomb", p, 1e-300) == 0.4);  // any v ≠ 0 slides
  CHECK(mu("coulomb", p, 0) == 0.6);
  CHECK(mu("coulomb", {}, 0) == 0.6);  // defaults μs = 0.6, μk = 0.4
  CHECK(mu("coulomb", {}, 2) == 0.4);
}

TEST_CASE("Coulomb refuses mu_k above mu_s and accepts equal coefficients", "[laws][coulomb][validation]") {
  CHECK(errorField([] { mu("coulomb", {{"mu_s", 0.6}, {"mu_k", 0.7}}, 1); }) == "mu_k");
  CHECK(mu("coulomb", {{"mu_s", 0.5}, {"mu_k", 0.5}}, 1) == 0.5);
}

// ---------------------------------------------------------------------------------------------
// The seed app's θ law

TEST_CASE("Abbott θ law at steady state: Fk(v) + (mus − Fk)(1 − τ|v|/D) by hand", "[laws][abbott-theta]") {
  const ParamList p = {{"mus", 0.6}, {"muk", 0.4}, {"va", 0.5}, {"vb", 2},
                       {"v0", 0.1},  {"tau", 0.1}, {"D", 0.01}};
  // v = 0.03: Fk = 0.4·(1 + 0.5·0.03 + 2·(0.03 − 0.1)²) = 0.4·(1 + 0.015 + 0.0098) = 0.40992;
  // θ = 1 − 0.1·0.03/0.01 = 0.7; μ = 0.40992 + (0.6 − 0.40992)·0.7 = 0.40992 + 0.133056 = 0.542976.
  CHECK_THAT(mu("abbott-theta", p, 0.03), WithinRel(0.542976, 1e-12));
  // Any negative θ means the steady state, not just the default −1.
  CHECK(mu("abbott-theta", p, 0.03, 1, 0, -0.5) == mu("abbott-theta", p, 0.03));
  // v = 0: θ = 1, μ = mus.
  CHECK_THAT(mu("abbott-theta", p, 0), WithinAbs(0.6, 1e-15));
  // v = 0.3: θ = 1 − 0.1·0.3/0.01 = −2, clamped to 0: μ = Fk = 0.4·(1 + 0.15 + 2·0.04) = 0.492.
  CHECK_THAT(mu("abbott-theta", p, 0.3), WithinRel(0.492, 1e-12));
}

TEST_CASE("Abbott θ law with a given θ blends Fk and mus linearly", "[laws][abbott-theta]") {
  const ParamList p = {{"mus", 0.6}, {"muk", 0.4}, {"va", 0.5}, {"vb", 2},
                       {"v0", 0.1},  {"tau", 0.1}, {"D", 0.01}};
  // v = 0.2: Fk = 0.4·(1 + 0.1 + 2·0.01) = 0.448.
  CHECK_THAT(mu("abbott-theta", p, 0.2, 1, 0, 0), WithinRel(0.448, 1e-12));
  CHECK_THAT(mu("abbott-theta", p, 0.2, 1, 0, 1), WithinRel(0.6, 1e-12));
  // θ = 0.25: 0.448 + (0.6 − 0.448)·0.25 = 0.448 + 0.038 = 0.486.
  CHECK_THAT(mu("abbott-theta", p, 0.2, 1, 0, 0.25), WithinRel(0.486, 1e-12));
}

TEST_CASE("Abbott θ law with θ = 0 is the seed's Fk(v) to the last bit, given or at steady state",
          "[laws][abbott-theta]") {
  // Fk + (mus − Fk)·0 = Fk exactly: μ is the seed's muk·(1 + va|v| + vb(v − v0)²), in its order, at
  // θ = 0 given and wherever the steady θ = 1 − τ|v|/D clamps to 0 (|v| ≥ D/τ = 0.1 m/s here).
  const ParamList p = {{"mus", 0.6}, {"muk", 0.4}, {"va", 0.5}, {"vb", 2},
                       {"v0", 0.1},  {"tau", 0.1}, {"D", 0.01}};
  auto kinetic = [](double v) { return 0.4 * (1 + 0.5 * std::fabs(v) + 2 * ((v - 0.1) * (v - 0.1))); };
  for (double v : {0.1, 0.1234567, 0.3, 2.5, -0.7, 1e3}) {
    CHECK(mu("abbott-theta", p, v) == kinetic(v));
    CHECK(mu("abbott-theta", p, v, 1, 0, 0) == kinetic(v));
  }
  CHECK(mu("abbott-theta", p, 0.02, 1, 0, 0) == kinetic(0.02));
}

TEST_CASE("Abbott θ law uses |v| in the linear term but the signed v in (v − v0)², as the seed does",
          "[laws][abbott-theta]") {
  const ParamList p = {{"mus", 0.6}, {"muk", 0.4}, {"va", 0.5}, {"vb", 2},
                       {"v0", 0.1},  {"tau", 0.1}, {"D", 0.01}};
  // θ = 0 given. v = +0.2: Fk = 0.4·(1 + 0.1 + 2·0.01) = 0.448.
  // v = −0.2: Fk = 0.4·(1 + 0.1 + 2·(−0.3)²) = 0.4·1.28 = 0.512.
  CHECK_THAT(mu("abbott-theta", p, -0.2, 1, 0, 0), WithinRel(0.512, 1e-12));
  // Steady state uses |v|: θ = 1 − 0.1·0.02/0.01 = 0.8 for v = ±0.02.
  // v = −0.02: Fk = 0.4·(1 + 0.01 + 2·0.0144) = 0.41552; μ = 0.41552 + 0.18448·0.8 = 0.563104.
  CHECK_THAT(mu("abbott-theta", p, -0.02), WithinRel(0.563104, 1e-12));
}

TEST_CASE("Abbott θ law floors the kinetic friction Fk at zero", "[laws][abbott-theta]") {
  // va = −5, v = 1: 1 + (−5)·1 = −4 < 0, so Fk = 0 and μ = mus·θ = 0.6·0.5.
  const ParamList p = {{"mus", 0.6}, {"muk", 0.4}, {"va", -5}, {"vb", 0},
                       {"v0", 0.1},  {"tau", 0.1}, {"D", 0.01}};
  CHECK_THAT(mu("abbott-theta", p, 1, 1, 0, 0.5), WithinRel(0.3, 1e-12));
  CHECK(mu("abbott-theta", p, 1, 1, 0, 0) == 0);
}

TEST_CASE("Abbott θ law refuses θ above 1", "[laws][abbott-theta][validation]") {
  CHECK(errorField([] { mu("abbott-theta", {}, 0.1, 1, 0, 1.5); }) == "theta");
}

TEST_CASE("A law's sliding force bound for a run is forceMagnitude bit for bit, refusals included",
          "[laws][catalog]") {
  // The fixed-step loops call SlidingForce each step instead of forceMagnitude: the same number to the
  // last bit (abbott-theta through its own 1-D rule, the others through the generic path), and the
  // same refusal of a non-finite v. The seed's case and a steep one (a, b ≠ 0, θ clamped at both ends).
  const std::vector<std::pair<std::string, ParamList>> cases = {
      {"abbott-theta", {{"mus", 0.6}, {"muk", 0.4}, {"tau", 0.2}, {"D", 0.001}}},
      {"abbott-theta",
       {{"mus", 0.6}, {"muk", 0.4}, {"va", -5}, {"vb", 20}, {"v0", 0.1}, {"tau", 0.1}, {"D", 0.01}}},
      {"coulomb", {}},
      {"radioss-renard", {}}};
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& [id, params] : cases) {
    const LawEvaluator law(id, params);
    for (double N : {1.0, 9.81, 0.0}) {
      const SlidingForce friction = law.slidingForce(N);
      for (double v : {0.0, -0.0, 1e-300, 1e-9, 3e-4, 0.005, 0.0123456789, 0.1, 0.31, 2.0, -0.02, -1.5}) {
        INFO(id << " N " << N << " v " << v);
        const double direct = friction(v), generic = law.forceMagnitude(v, N);
        CHECK(std::memcmp(&direct, &generic, sizeof direct) == 0);
      }
      for (double v : {nan, inf, -inf}) {
        INFO(id << " v " << v);
        CHECK(errorField([&] { friction(v); }) == "v");
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Ratel (seed 000: Ratel's friction documentation)

TEST_CASE("Ratel Coulomb force is F_C = μk·Fn opposing the slip direction", "[laws][ratel]") {
  // vt = (0.3, 0.4, 0), |vt| = 0.5, sgn = (0.6, 0.8, 0); F_C = 0.2·10 = 2 → F = −2·(0.6, 0.8, 0).
  checkVec(force("ratel-coulomb", {{"kinetic", 0.2}}, {0.3, 0.4, 0}, {0, 0, 1}, 10), {-1.2, -1.6, 0}, 1e-14);
  // Negative slip: the force flips.
  checkVec(force("ratel-coulomb", {{"kinetic", 0.2}}, {-0.3, -0.4, 0}, {0, 0, 1}, 10), {1.2, 1.6, 0}, 1e-14);
}

TEST_CASE("Ratel Coulomb + viscous adds Fv·vt: (F_C + Fv|vt|) opposing vt", "[laws][ratel]") {
  // F_C = 2, Fv = 3, |vt| = 0.5: magnitude 2 + 1.5 = 3.5 along −(0.6, 0.8, 0).
  checkVec(force("ratel-coulomb", {{"kinetic", 0.2}, {"viscous", 3}}, {0.3, 0.4, 0}, {0, 0, 1}, 10),
           {-3.5 * 0.6, -3.5 * 0.8, 0}, 1e-14);
  // Zero normal force: F_C = 0, only the damping Fv·vt remains: −3·(0.5, 0, 0).
  checkVec(force("ratel-coulomb", {{"kinetic", 0.2}, {"viscous", 3}}, {0.5, 0, 0}, {0, 0, 1}, 0),
           {-1.5, 0, 0}, 1e-14);
  // Zero normal force and no damping: no force.
  checkVec(force("ratel-coulomb", {{"kinetic", 0.2}}, {0.5, 0, 0}, {0, 0, 1}, 0), {0, 0, 0}, 0);
}

TEST_CASE("Ratel projects the slip onto the tangent plane of a tilted unit normal", "[laws][ratel]") {
  // n = (0, 0.6, 0.8), v = (1, 1, 1): v·n = 1.4, vt = v − 1.4 n = (1, 0.16, −0.12), |vt| = √1.04.
  const Vec3 n = {0, 0.6, 0.8};
  const double norm = std::sqrt(1.04);
  const Vec3 f = force("ratel-coulomb", {{"kinetic", 0.5}}, {1, 1, 1}, n, 4);
  // F_C = 0.5·4 = 2 along −vt/|vt|.
  checkVec(f, {-2 * 1 / norm, -2 * 0.16 / norm, -2 * -0.12 / norm}, 1e-12);
  CHECK_THAT(dot(f, n), WithinAbs(0, 1e-12));
}

TEST_CASE("Ratel Coulomb at null velocity gives min(F_C, |Fe|) opposing the external force",
          "[laws][ratel]") {
  const ParamList p = {{"kinetic", 0.2}, {"viscous", 3}};
  // F_C = 2. |Fe| = |(3, 4, 0)| = 5 > 2: the limit 2 against Fe, −2·(0.6, 0.8, 0).
  checkVec(force("ratel-coulomb", p, {0, 0, 0}, {0, 0, 1}, 10, {3, 4, 0}), {-1.2, -1.6, 0}, 1e-14);
  // |Fe| = 0.5 < 2: friction balances Fe exactly (the body stays stuck).
  checkVec(force("ratel-coulomb", p, {0, 0, 0}, {0, 0, 1}, 10, {0.3, 0.4, 0}), {-0.3, -0.4, 0}, 1e-14);
  // No external force: sgn(0) = 0, no friction.
  checkVec(force("ratel-coulomb", p, {0, 0, 0}, {0, 0, 1}, 10, {0, 0, 0}), {0, 0, 0}, 0);
  // A slip velocity whose only component is normal is a null tangential velocity.
  checkVec(force("ratel-coulomb", p, {0, 0, 2}, {0, 0, 1}, 10, {0, -3, 0}), {0, 2, 0}, 1e-14);
}

TEST_CASE("Ratel Threlfall ramps as (1 − e^(−3|vt|/v0))/(1 − e^(−3)) up to v0, then is Coulomb",
          "[laws][ratel]") {
  const ParamList p = {{"kinetic", 0.3}, {"tolerance_velocity", 0.05}};
  // |vt| = 0.025 = v0/2: F = 3·(1 − e^(−1.5))/(1 − e^(−3)), F_C = 0.3·10 = 3.
  const double ramp = 3 * (1 - std::exp(-1.5)) / (1 - std::exp(-3.0));
  checkVec(force("ratel-threlfall", p, {0.025, 0, 0}, {0, 0, 1}, 10), {-ramp, 0, 0}, 1e-13);
  // Above v0 (viscous = 0): F_C, along −y.
  checkVec(force("ratel-threlfall", p, {0, 0.2, 0}, {0, 0, 1}, 10), {0, -3, 0}, 1e-14);
  // At vt = 0 the formula gives 0; Threlfall has no null-velocity rule, whatever Fe is.
  checkVec(force("ratel-threlfall", p, {0, 0, 0}, {0, 0, 1}, 10, {5, 0, 0}), {0, 0, 0}, 0);
}

TEST_CASE("Ratel Threlfall is continuous at v0 thanks to the 1/(1 − e^(−3)) normalization", "[laws][ratel]") {
  const ParamList p = {{"kinetic", 0.3}, {"tolerance_velocity", 0.05}};
  // At v0 the ramp is exactly (1 − e^(−3))/(1 − e^(−3)) = 1: F = F_C = 3.
  CHECK_THAT(force("ratel-threlfall", p, {0.05, 0, 0}, {0, 0, 1}, 10)[0], WithinAbs(-3, 1e-14));
  const double below = force("ratel-threlfall", p, {0.05 * (1 - 1e-9), 0, 0}, {0, 0, 1}, 10)[0];
  const double above = force("ratel-threlfall", p, {0.05 * (1 + 1e-9), 0, 0}, {0, 0, 1}, 10)[0];
  // dF/dv just below v0 is 3·F_C/v0·e^(−3)/(1 − e^(−3)) ≈ 9.4 N·s/m: over 5e-11 m/s, < 1e-9 N.
  CHECK_THAT(below, WithinAbs(-3, 1e-9));
  CHECK_THAT(above, WithinAbs(-3, 1e-14));
}

TEST_CASE("Ratel Threlfall + viscous damps Fv·(|vt| − v0) above v0 only (the seed's missing Fv restored)",
          "[laws][ratel]") {
  const ParamList p = {{"kinetic", 0.3}, {"viscous", 2}, {"tolerance_velocity", 0.05}};
  // |vt| = 0.15: 3 + 2·(0.15 − 0.05) = 3.2, along −y.
  checkVec(force("ratel-threlfall", p, {0, 0.15, 0}, {0, 0, 1}, 10), {0, -3.2, 0}, 1e-13);
  // Below v0 the viscous term is inactive: the same ramp as without damping, 3·(1 − e^(−2.4))/(1 − e^(−3)).
  const double ramp = 3 * (1 - std::exp(-3 * 0.04 / 0.05)) / (1 - std::exp(-3.0));
  checkVec(force("ratel-threlfall", p, {0.04, 0, 0}, {0, 0, 1}, 10), {-ramp, 0, 0}, 1e-13);
}

TEST_CASE("Ratel's coefficient is the effective μ = |F|/N of a 1-D slip, the same for ±v", "[laws][ratel]") {
  // Coulomb + viscous: 0.3 + 2·0.5/10 = 0.4; at v = 0 the kinetic coefficient.
  const ParamList c = {{"kinetic", 0.3}, {"viscous", 2}};
  CHECK_THAT(mu("ratel-coulomb", c, 0.5, 10), WithinRel(0.4, 1e-14));
  CHECK_THAT(mu("ratel-coulomb", c, -0.5, 10), WithinRel(0.4, 1e-14));
  CHECK(mu("ratel-coulomb", c, 0, 10) == 0.3);
  CHECK(mu("ratel-coulomb", {}, 1, 10) == 0.1);  // default kinetic 0.1, viscous 0
  // Threlfall: ramp at v0/2, 0 at rest, kinetic + Fv(|v| − v0)/N above v0.
  const ParamList t = {{"kinetic", 0.3}, {"viscous", 2}, {"tolerance_velocity", 0.05}};
  CHECK_THAT(mu("ratel-threlfall", t, -0.025, 10),
             WithinRel(0.3 * (1 - std::exp(-1.5)) / (1 - std::exp(-3.0)), 1e-13));
  CHECK(mu("ratel-threlfall", t, 0, 10) == 0);
  // 0.3 + 2·(0.15 − 0.05)/10 = 0.32.
  CHECK_THAT(mu("ratel-threlfall", t, 0.15, 10), WithinRel(0.32, 1e-13));
}

TEST_CASE("Ratel's effective coefficient needs a positive normal force", "[laws][ratel][validation]") {
  // With damping, |F|/N is undefined at N = 0 (Fv|v|/0).
  CHECK(errorField([] { mu("ratel-coulomb", {{"kinetic", 0.3}, {"viscous", 2}}, 0.5, 0); }) == "N");
}

// ---------------------------------------------------------------------------------------------
// Drake Stribeck (multibody/plant/multibody_plant.cc, coulomb_friction.cc)

TEST_CASE("Drake Stribeck μ matches the hand checks (μs = 0.8, μd = 0.5)", "[laws][drake]") {
  const double vs = 1e-4;
  // step5(0.25) = 0.15625 − 0.05859375 + 0.005859375 = 0.103515625; μ = 0.8·0.103515625 = 0.0828125.
  CHECK_THAT(mu("drake-stribeck", kDrake08, 0.25 * vs), WithinRel(0.0828125, 1e-14));
  // 1.25 vs: x = 0.125, step5 = 0.01605224609375, μ = 0.8 − 0.3·0.01605224609375 = 0.795184326171875.
  CHECK_THAT(mu("drake-stribeck", kDrake08, 1.25 * vs), WithinRel(0.795184326171875, 1e-14));
  // 0.5 vs: step5(0.5) = 0.5 → 0.4; 2 vs: x = 0.5, 0.8 − 0.3·0.5 = 0.65.
  CHECK_THAT(mu("drake-stribeck", kDrake08, 0.5 * vs), WithinRel(0.4, 1e-14));
  CHECK_THAT(mu("drake-stribeck", kDrake08, 2 * vs), WithinRel(0.65, 1e-14));
  // Default set (0.9, 0.5, 1e-4): μ(0.5 vs) = 0.9·0.5.
  CHECK_THAT(mu("drake-stribeck", {}, 0.5e-4), WithinRel(0.45, 1e-14));
}

TEST_CASE("Drake Stribeck is 0 at rest (creep, not stiction), μs at 1·vs and μd from 3·vs on",
          "[laws][drake]") {
  const double vs = 1e-4;
  CHECK(mu("drake-stribeck", kDrake08, 0) == 0);
  CHECK_THAT(mu("drake-stribeck", kDrake08, 1 * vs), WithinAbs(0.8, 1e-15));
  CHECK_THAT(mu("drake-stribeck", kDrake08, 3 * vs), WithinAbs(0.5, 1e-15));
  CHECK(mu("drake-stribeck", kDrake08, 3 * vs * (1 + 1e-12)) == 0.5);
  CHECK(mu("drake-stribeck", kDrake08, 10) == 0.5);
  // Both joints are C²: the values on each side of 1·vs and 3·vs meet.
  CHECK_THAT(mu("drake-stribeck", kDrake08, vs * (1 - 1e-9)), WithinAbs(0.8, 1e-12));
  CHECK_THAT(mu("drake-stribeck", kDrake08, vs * (1 + 1e-9)), WithinAbs(0.8, 1e-12));
  CHECK_THAT(mu("drake-stribeck", kDrake08, 3 * vs * (1 - 1e-9)), WithinAbs(0.5, 1e-12));
  // Equal coefficients: flat μd above vs, ramp below.
  CHECK(mu("drake-stribeck", {{"static_friction", 0.5}, {"dynamic_friction", 0.5}}, 2e-4) == 0.5);
}

TEST_CASE("Drake Stribeck keeps step5's rounding just below vs (μ slightly above μs)", "[laws][drake]") {
  // As Drake evaluates it, with s·(1/vs) and x³(10 + x(6x − 15)), μ(0.999999 vs) = 0.8000000000000015
  // for μs = 0.8.
  const double vs = 1e-4;
  const double s = 0.999999 * vs;
  CHECK(mu("drake-stribeck", kDrake08, s) == 0.8 * step5(s * (1 / vs)));
  CHECK(mu("drake-stribeck", kDrake08, s) == 0.8000000000000015);
}

TEST_CASE("Drake Stribeck uses the slip speed: μ(−v) = μ(v)", "[laws][drake]") {
  for (double s : {0.25e-4, 1.25e-4, 2e-4, 5e-4}) {
    INFO("s = " << s);
    CHECK(mu("drake-stribeck", kDrake08, -s) == mu("drake-stribeck", kDrake08, s));
  }
}

TEST_CASE("Drake point-contact force is μ(|vt|)·fn against the slip, zero for |vt| ≤ 1e-14 m/s or fn ≤ 0",
          "[laws][drake]") {
  // |vt| = 2 vs along y: μ = 0.65, fn = 10: −6.5 along y.
  checkVec(force("drake-stribeck", kDrake08, {0, 2e-4, 0}, {0, 0, 1}, 10), {0, -6.5, 0}, 1e-13);
  // Direction rule: ‖vt‖ ≤ 1e-14 gives exactly zero; 2e-14 gives a (tiny) force opposing it:
  // μ = 0.8·step5(2e-10) ≈ 0.8·10·(2e-10)³ = 6.4e-29.
  checkVec(force("drake-stribeck", kDrake08, {0.5e-14, 0, 0}, {0, 0, 1}, 10), {0, 0, 0}, 0);
  checkVec(force("drake-stribeck", kDrake08, {0, 0, 0}, {0, 0, 1}, 10), {0, 0, 0}, 0);
  const Vec3 creep = force("drake-stribeck", kDrake08, {2e-14, 0, 0}, {0, 0, 1}, 1);
  CHECK(creep[0] < 0);
  CHECK_THAT(creep[0], WithinRel(-0.8 * step5(2e-14 * (1 / 1e-4)), 1e-9));
  // fn ≤ 0: friction is computed only if fn > 0.
  checkVec(force("drake-stribeck", kDrake08, {1, 0, 0}, {0, 0, 1}, 0), {0, 0, 0}, 0);
  checkVec(force("drake-stribeck", kDrake08, {1, 0, 0}, {0, 0, 1}, -5), {0, 0, 0}, 0);
}

TEST_CASE("Drake point-contact force lies in the tangent plane of a tilted normal", "[laws][drake]") {
  // n = (0.6, 0, 0.8), tangent t = (0.8, 0, −0.6). v = 1e-3·t + 5·n: the tangential slip 1e-3 ≥ 3 vs
  // gives μd = 0.5, fn = 10: F = −5·t = (−4, 0, 3).
  const Vec3 n = {0.6, 0, 0.8};
  const Vec3 v = {1e-3 * 0.8 + 5 * 0.6, 0, 1e-3 * -0.6 + 5 * 0.8};
  const Vec3 f = force("drake-stribeck", kDrake08, v, n, 10);
  checkVec(f, {-4, 0, 3}, 1e-9);
  CHECK_THAT(dot(f, n), WithinAbs(0, 1e-9));
}

TEST_CASE("Drake refuses dynamic above static, negative coefficients and a non-positive stiction tolerance",
          "[laws][drake][validation]") {
  CHECK(errorField([] {
          mu("drake-stribeck", {{"static_friction", 0.5}, {"dynamic_friction", 0.9}}, 1);
        }) == "dynamic_friction");
  CHECK(errorField([] {
          mu("drake-stribeck", {{"static_friction", -0.1}, {"dynamic_friction", 0}}, 1);
        }) == "static_friction");
  CHECK(errorField([] { mu("drake-stribeck", {{"dynamic_friction", -0.1}}, 1); }) == "dynamic_friction");
  CHECK(errorField([] { mu("drake-stribeck", {{"stiction_tolerance", 0}}, 1); }) == "stiction_tolerance");
  CHECK(errorField([] { mu("drake-stribeck", {{"stiction_tolerance", -1e-4}}, 1); }) == "stiction_tolerance");
}

// ---------------------------------------------------------------------------------------------
// OpenRadioss μ laws (engine/source/interfaces/int07/i7for3.F)

TEST_CASE("Radioss Coulomb (Ifric 0) is Fric, with no floor", "[laws][radioss]") {
  CHECK(mu("radioss-coulomb", {{"Fric", 0.3}}, 2) == 0.3);
  CHECK(mu("radioss-coulomb", {{"Fric", 0.3}}, -2) == 0.3);
  CHECK(mu("radioss-coulomb", {{"Fric", 0.3}}, 0) == 0.3);
  CHECK(mu("radioss-coulomb", {{"Fric", 0}}, 1) == 0);  // Ifric 0 has no 1e-30 floor
}

TEST_CASE("Radioss generalized viscous (Ifric 1) matches the hand check and is even in v",
          "[laws][radioss]") {
  // p = 10, V = 0.5: 0.1 + 0.01·10 + 0.02·0.5 + 0.001·10·0.5 + 0.0005·100 + 0.003·0.25
  //                = 0.1 + 0.1 + 0.01 + 0.005 + 0.05 + 0.00075 = 0.26575.
  CHECK_THAT(mu("radioss-generalized-viscous", kGeneralizedViscous, 0.5, 1, 10), WithinRel(0.26575, 1e-13));
  CHECK_THAT(mu("radioss-generalized-viscous", kGeneralizedViscous, -0.5, 1, 10), WithinRel(0.26575, 1e-13));
  // v = 0: V = √(1e-30) = 1e-15, so only the pressure terms: 0.1 + 0.1 + 0.05 = 0.25 (+3e-17).
  CHECK_THAT(mu("radioss-generalized-viscous", kGeneralizedViscous, 0, 1, 10), WithinAbs(0.25, 1e-15));
  // p = 0: 0.1 + 0.02·2 + 0.003·4 = 0.152.
  CHECK_THAT(mu("radioss-generalized-viscous", kGeneralizedViscous, 2, 1, 0), WithinRel(0.152, 1e-13));
}

TEST_CASE("Radioss laws other than Coulomb floor μ at 1e-30", "[laws][radioss]") {
  // All coefficients zero: μ = 0 → max(0, 1e-30).
  const ParamList zero = {{"Fric", 0}, {"C1", 0}, {"C2", 0}, {"C3", 0}, {"C4", 0}, {"C5", 0}};
  CHECK(mu("radioss-generalized-viscous", zero, 1, 1, 10) == 1e-30);
  CHECK(mu("radioss-exponential", {{"Fric", 0}, {"C1", 0}, {"C2", 1}}, 1) == 1e-30);
  CHECK(mu("radioss-darmstad",
           {{"Fric", 0}, {"C1", 0}, {"C2", 0}, {"C3", 0}, {"C4", 0}, {"C5", 0}, {"C6", 0}}, 1, 1,
           10) == 1e-30);
  // Renard with C2 < C4 has a pole at V = C6 + 1/√(C4 − C2) = 2 + √20 ≈ 6.47; past it μ < 0.
  // C2 = 0.05, C4 = 0.10, V = 7: D = −0.05, μ = 0.05 + 0.05/(1 − 0.05·25) = 0.05 − 0.2 = −0.15 → 1e-30.
  const ParamList pole = {{"C1", 0.15}, {"C2", 0.05}, {"C3", 0.20}, {"C4", 0.10}, {"C5", 0.5}, {"C6", 2.0}};
  CHECK(mu("radioss-renard", pole, 7) == 1e-30);
  // Before the pole the branch is unfloored: V = 4, μ = 0.05 + 0.05/(1 − 0.05·4) = 0.05 + 0.0625 = 0.1125.
  CHECK_THAT(mu("radioss-renard", pole, 4), WithinRel(0.1125, 1e-13));
}

TEST_CASE("Radioss Darmstad (Ifric 2) by hand", "[laws][radioss]") {
  const ParamList p = {{"Fric", 0.1}, {"C1", 1e-4}, {"C2", -0.5}, {"C3", 0.002},
                       {"C4", -1},    {"C5", 0.05}, {"C6", -2}};
  // p = 10, V = 1: 0.1 + 1e-4·e^(−0.5)·100 + 0.002·e^(−1)·10 + 0.05·e^(−2).
  const double expected =
      0.1 + 1e-4 * std::exp(-0.5) * 100 + 0.002 * std::exp(-1.0) * 10 + 0.05 * std::exp(-2.0);
  CHECK_THAT(mu("radioss-darmstad", p, 1, 1, 10), WithinRel(expected, 1e-13));
  CHECK_THAT(mu("radioss-darmstad", p, -1, 1, 10), WithinRel(expected, 1e-13));
  // v = 0 (V = 1e-15): every exponential is 1: 0.1 + 0.01 + 0.02 + 0.05 = 0.18.
  CHECK_THAT(mu("radioss-darmstad", p, 0, 1, 10), WithinRel(0.18, 1e-13));
}

TEST_CASE("Radioss Renard (Ifric 3) matches the hand checks in its three branches", "[laws][radioss]") {
  // V = 0.25 ≤ C5: x = 0.5, 0.15 + (0.20 − 0.15)·0.5·1.5 = 0.1875.
  CHECK_THAT(mu("radioss-renard", kRenard, 0.25), WithinRel(0.1875, 1e-14));
  // C5 < V = 1.25 < C6: x = 0.5, 0.20 + (0.10 − 0.20)·(3 − 1)·0.25 = 0.15.
  CHECK_THAT(mu("radioss-renard", kRenard, 1.25), WithinRel(0.15, 1e-14));
  // V = 3 ≥ C6: D = 0.12 − 0.10 = 0.02, 0.12 − 0.02/(1 + 0.02·1²) = 0.12 − 0.02/1.02.
  CHECK_THAT(mu("radioss-renard", kRenard, 3), WithinRel(0.12 - 0.02 / 1.02, 1e-14));
  // Far away μ → C2.
  CHECK_THAT(mu("radioss-renard", kRenard, 1e6), WithinAbs(0.12, 1e-12));
  // Negative velocity: V = √(v²).
  CHECK_THAT(mu("radioss-renard", kRenard, -1.25), WithinRel(0.15, 1e-14));
  CHECK_THAT(mu("radioss-renard", kRenard, -3), WithinRel(0.12 - 0.02 / 1.02, 1e-14));
}

TEST_CASE("Radioss Renard meets C3 at C5 and C4 at C6", "[laws][radioss]") {
  // V = C5 = 0.5 (first branch, x = 1): 0.15 + 0.05·1·1 = 0.20 = C3.
  CHECK_THAT(mu("radioss-renard", kRenard, 0.5), WithinAbs(0.20, 1e-15));
  CHECK_THAT(mu("radioss-renard", kRenard, 0.5 * (1 + 1e-10)), WithinAbs(0.20, 1e-10));
  // V = C6 = 2 (last branch): 0.12 − 0.02/1 = 0.10 = C4; just below, the smooth step ends at C4.
  CHECK_THAT(mu("radioss-renard", kRenard, 2), WithinAbs(0.10, 1e-15));
  CHECK_THAT(mu("radioss-renard", kRenard, 2 * (1 - 1e-10)), WithinAbs(0.10, 1e-10));
}

TEST_CASE("Radioss Renard at rest is C1 + 2e-15·(C3 − C1)/C5, not exactly C1 (V floored at 1e-15)",
          "[laws][radioss]") {
  // x = 1e-15/0.5 = 2e-15: 0.15 + 0.05·2e-15·(2 − 2e-15) = 0.15 + 2e-16 → 0.1500000000000002.
  const double x = 1e-15 / 0.5;
  CHECK(mu("radioss-renard", kRenard, 0) == 0.15 + (0.20 - 0.15) * x * (2 - x));
  CHECK(mu("radioss-renard", kRenard, 0) == 0.1500000000000002);
  CHECK(mu("radioss-renard", kRenard, 0) != 0.15);
}

TEST_CASE("Radioss Renard requires 0 < C5 < C6", "[laws][radioss][validation]") {
  auto renard = [](double C5, double C6) {
    return [=] { mu("radioss-renard", {{"C5", C5}, {"C6", C6}}, 1); };
  };
  const std::set<std::string> fields = {"C5", "C6"};
  CHECK(fields.count(errorField(renard(2.0, 1.0))) == 1);
  CHECK(fields.count(errorField(renard(1.0, 1.0))) == 1);
  CHECK(errorField(renard(0.0, 1.0)) == "C5");
}

TEST_CASE("Radioss exponential decay (Ifric 4) goes from Fric at rest to C1", "[laws][radioss]") {
  const ParamList p = {{"Fric", 0.3}, {"C1", 0.1}, {"C2", 2}};
  // V = 0.5: 0.1 + (0.3 − 0.1)·e^(−2·0.5) = 0.1 + 0.2/e.
  CHECK_THAT(mu("radioss-exponential", p, 0.5), WithinRel(0.1 + 0.2 * std::exp(-1.0), 1e-14));
  CHECK_THAT(mu("radioss-exponential", p, -0.5), WithinRel(0.1 + 0.2 * std::exp(-1.0), 1e-14));
  CHECK_THAT(mu("radioss-exponential", p, 0), WithinAbs(0.3, 1e-15));
  CHECK_THAT(mu("radioss-exponential", p, 100), WithinAbs(0.1, 1e-15));
}

// ---------------------------------------------------------------------------------------------
// OpenRadioss tangential force, Iform 1 (viscous penalty)

TEST_CASE("Radioss viscous penalty: C·Vt in adhesion, capped at μ|Fn|, on the body against Vt",
          "[laws][radioss]") {
  const ParamList p = {{"Fric", 0.3}, {"K", 1e5}, {"M", 0.01}};  // VISF 0 → 1 since Fric ≠ 0
  // V = 0.1: C·V = √2000·0.1 = 4.472… < μ|Fn| = 30: adhesion.
  checkVec(force("radioss-coulomb", p, {0.1, 0, 0}, {0, 0, 1}, 100), {-kViscousC * 0.1, 0, 0}, 1e-12);
  // V = 1: √2000 = 44.7 > 30: capped at 30, along −Vt = −(0.6, 0.8, 0).
  checkVec(force("radioss-coulomb", p, {0.6, 0.8, 0}, {0, 0, 1}, 100), {-18, -24, 0}, 1e-12);
  // |Fn|: a negative normal force caps the same way.
  checkVec(force("radioss-coulomb", p, {0.6, 0.8, 0}, {0, 0, 1}, -100), {-18, -24, 0}, 1e-12);
  // No slip, no force.
  checkVec(force("radioss-coulomb", p, {0, 0, 0}, {0, 0, 1}, 100), {0, 0, 0}, 0);
  // No normal force: the cap μ|Fn| is 0.
  checkVec(force("radioss-coulomb", p, {0.1, 0, 0}, {0, 0, 1}, 0), {0, 0, 0}, 0);
}

TEST_CASE("Radioss viscous penalty scales C with VISF (squared on the TYPE7 path: C = VISF·√(2KM))",
          "[laws][radioss]") {
  // VISF = 0.5: C = 0.5·√2000; V = 0.1: 0.5·4.472… = 2.236…
  const ParamList p = {{"Fric", 0.3}, {"VISF", 0.5}, {"K", 1e5}, {"M", 0.01}};
  checkVec(force("radioss-coulomb", p, {0.1, 0, 0}, {0, 0, 1}, 100), {-0.5 * kViscousC * 0.1, 0, 0}, 1e-12);
  // K = 2e5, M = 0.02, VISF = 1: C = √(2·2e5·0.02) = √8000; V = 0.01 → 0.894…
  const ParamList q = {{"Fric", 0.3}, {"VISF", 1}, {"K", 2e5}, {"M", 0.02}};
  checkVec(force("radioss-coulomb", q, {0, 0.01, 0}, {0, 0, 1}, 100), {0, -std::sqrt(8000.0) * 0.01, 0},
           1e-12);
}

TEST_CASE("Radioss viscous penalty uses μ(|Vt|) of the law and the tangential part of Vt",
          "[laws][radioss]") {
  // Renard at V = 3: μ = 0.12 − 0.02/1.02; Fn = 100 → cap 100μ ≈ 10.04 < C·3 ≈ 134: capped.
  const double capped = 100 * (0.12 - 0.02 / 1.02);
  checkVec(force("radioss-renard", kRenard, {3, 0, 0}, {0, 0, 1}, 100), {-capped, 0, 0}, 1e-12);
  // A normal component of the relative velocity is removed first: Vt = (3, 0, 7) − 7·(0, 0, 1).
  checkVec(force("radioss-renard", kRenard, {3, 0, 7}, {0, 0, 1}, 100), {-capped, 0, 0}, 1e-12);
}

TEST_CASE("Radioss VISF = 0 becomes 1 for Ifric ≠ 0 even without Fric (Renard has none)", "[laws][radioss]") {
  // Renard at V = 0.01: μ = 0.15 + 0.05·0.02·1.98 ≈ 0.152, cap 100μ ≈ 15 ≫ C·V = √2000·0.01 = 0.447: adhesion
  // with C = 1·√(2KM).
  checkVec(force("radioss-renard", kRenard, {0.01, 0, 0}, {0, 0, 1}, 100), {-kViscousC * 0.01, 0, 0}, 1e-12);
  // Ifric 0 with Fric = 0 keeps VISF = 0: no damping (and μ = 0 anyway).
  checkVec(force("radioss-coulomb", {{"Fric", 0}}, {0.01, 0, 0}, {0, 0, 1}, 100), {0, 0, 0}, 0);
}

TEST_CASE("Radioss viscous penalty caps with μ(p): the pressure input reaches the force", "[laws][radioss]") {
  // Generalized viscous, p = 10, V = 0.5: μ = 0.26575 (the hand check); Fn = 10 → cap 2.6575 < C·V = 22.4.
  LawInputs in;
  in.vt = {0.5, 0, 0};
  in.n = {0, 0, 1};
  in.Fn = 10;
  in.p = 10;
  checkVec(frictionForce("radioss-generalized-viscous", kGeneralizedViscous, in), {-2.6575, 0, 0}, 1e-12);
}

TEST_CASE("Radioss viscous penalty keeps the source's tail below F² = 1e-30 (C²|Vt|²/1e-15)",
          "[laws][radioss]") {
  // |Vt| = 1e-17: F2 = 2000·1e-34 = 2e-31 < 1e-30, A2 = F2/1e-30 = 0.2, Ft = √(0.2·2000)·1e-17 = 2e-16
  // (= C²|Vt|²/1e-15), not C|Vt| = 4.47e-16.
  const Vec3 f = force("radioss-coulomb", {{"Fric", 0.3}}, {1e-17, 0, 0}, {0, 0, 1}, 100);
  CHECK_THAT(f[0], WithinRel(-2e-16, 1e-9));
}

TEST_CASE("Radioss Xfreq = 0 means no filter whatever Ifiltr is, so the stateless force is available",
          "[laws][radioss]") {
  const ParamList p = {{"Fric", 0.3}, {"Ifiltr", 1}, {"Xfreq", 0}};
  checkVec(force("radioss-coulomb", p, {0.1, 0, 0}, {0, 0, 1}, 100), {-kViscousC * 0.1, 0, 0}, 1e-12);
}

// ---------------------------------------------------------------------------------------------
// OpenRadioss stateful formulations

TEST_CASE("Radioss Iform 2 loads by K·V·dt, caps at μ|Fn| (β = 0.75) and unloads elastically on reversal",
          "[laws][radioss][stateful]") {
  // K·dt = 1e5·1e-4 = 10 N per m/s; Fric·Fn = 0.3·100 = 30.
  const ParamList p = {{"Fric", 0.3}, {"Iform", 2}, {"K", 1e5}};
  LawState state{};
  // Loading at V = +1: Ft* = 10, 20, 30, then 40 → β = 30/40 = 0.75 → 30.
  for (double expected : {10.0, 20.0, 30.0, 30.0, 30.0}) {
    INFO("loading, expected Ft = " << expected);
    const LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 100, 1e-4);
    checkVec(step.state.force, {expected, 0, 0}, 1e-9);  // Radioss's sign: along +Vt
    checkVec(step.force, {-expected, 0, 0}, 1e-9);       // on the body: against the slip
    CHECK_THAT(step.magnitude, WithinAbs(expected, 1e-9));
    CHECK(step.mu == 0.3);
    state = step.state;
  }
  // Reversal at V = −1: 30 − 10 = 20, 10, 0, −10, … down to −30 and capped there.
  for (double expected : {20.0, 10.0, 0.0, -10.0, -20.0, -30.0, -30.0}) {
    INFO("reversal, expected Ft = " << expected);
    const LawStep step = radiossStep("radioss-coulomb", p, state, {-1, 0, 0}, 100, 1e-4);
    checkVec(step.state.force, {expected, 0, 0}, 1e-9);
    checkVec(step.force, {-expected, 0, 0}, 1e-9);
    state = step.state;
  }
}

TEST_CASE("Radioss Iform 2 caps against the current normal force and keeps the capped history",
          "[laws][radioss][stateful]") {
  const ParamList p = {{"Fric", 0.3}, {"Iform", 2}};
  LawState state{};
  state.force = {25, 0, 0};
  // Fn drops to 50: Ft* = 25 + 10 = 35, β = 15/35, Ft = 15, stored as 15.
  LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 50, 1e-4);
  checkVec(step.state.force, {15, 0, 0}, 1e-9);
  // At rest (V = 0) the stored force is held: Ft* = 15, β = 1.
  step = radiossStep("radioss-coulomb", p, step.state, {0, 0, 0}, 50, 1e-4);
  checkVec(step.state.force, {15, 0, 0}, 1e-9);
}

TEST_CASE("Radioss Iform 2 at zero normal force: β = 0 wipes the history", "[laws][radioss][stateful]") {
  const ParamList p = {{"Fric", 0.3}, {"Iform", 2}};
  LawState state{};
  state.force = {20, 0, 0};
  // Ft* = 20 + 10 = 30, β = min(1, 0.3·0/30) = 0: Ft = 0, stored.
  const LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 0, 1e-4);
  checkVec(step.state.force, {0, 0, 0}, 0);
  checkVec(step.force, {0, 0, 0}, 0);
}

TEST_CASE("Radioss Iform 2 projects the increment and the old force onto the current tangent plane",
          "[laws][radioss][stateful]") {
  const ParamList p = {{"Fric", 0.3}, {"Iform", 2}};
  // V = (1, 0, 0.5), n = z: Ft* = (10, 0, 5) → projected (10, 0, 0).
  LawStep step = radiossStep("radioss-coulomb", p, LawState{}, {1, 0, 0.5}, 100, 1e-4);
  checkVec(step.state.force, {10, 0, 0}, 1e-9);
  // The normal turns to n = (0.6, 0, 0.8), no slip: (10, 0, 0) − (10·0.6)·(0.6, 0, 0.8) = (6.4, 0, −4.8),
  // magnitude 8 (projected, not rotated: a rotation would keep 10).
  step = radiossStep("radioss-coulomb", p, step.state, {0, 0, 0}, 100, 1e-4, {0.6, 0, 0.8});
  checkVec(step.state.force, {6.4, 0, -4.8}, 1e-9);
  CHECK_THAT(step.magnitude, WithinAbs(8, 1e-9));
}

TEST_CASE("Radioss Iform 2 with Ifiltr 1 scales the increment by α = Xfreq", "[laws][radioss][stateful]") {
  // α = 0.5: Ft* = Ft_old + 0.5·10 → 5, 10, 15, …, capped at 30 after six steps.
  const ParamList p = {{"Fric", 0.3}, {"Iform", 2}, {"Ifiltr", 1}, {"Xfreq", 0.5}};
  LawState state{};
  for (double expected : {5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 30.0}) {
    INFO("expected Ft = " << expected);
    const LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 100, 1e-4);
    checkVec(step.state.force, {expected, 0, 0}, 1e-9);
    state = step.state;
  }
}

TEST_CASE("Radioss Iform 1 Ifiltr 1 filters Ft = α·Ft_new + (1 − α)·Ft_old with α = Xfreq",
          "[laws][radioss][stateful]") {
  // α = 0.25; V = 1 saturates Ft_new at μ|Fn| = 30, so Ft_k = 30·(1 − 0.75^k).
  const ParamList p = {{"Fric", 0.3}, {"Ifiltr", 1}, {"Xfreq", 0.25}};
  LawState state{};
  for (int k = 1; k <= 4; ++k) {
    INFO("step " << k);
    const LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 100, 1e-3);
    const double expected = 30 * (1 - std::pow(0.75, k));
    checkVec(step.state.force, {expected, 0, 0}, 1e-9);
    checkVec(step.force, {-expected, 0, 0}, 1e-9);
    state = step.state;
  }
}

TEST_CASE("Radioss Iform 1 filtering is not re-capped: a drop of Fn leaves the filtered force above μ|Fn|",
          "[laws][radioss][stateful]") {
  const ParamList p = {{"Fric", 0.3}, {"Ifiltr", 1}, {"Xfreq", 0.25}};
  LawState state{};
  state.force = {30, 0, 0};
  // Fn = 10: Ft_new = min(44.7, 3) = 3; Ft = 0.25·3 + 0.75·30 = 23.25 > 3.
  const LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 10, 1e-3);
  checkVec(step.state.force, {23.25, 0, 0}, 1e-9);
  checkVec(step.force, {-23.25, 0, 0}, 1e-9);
}

TEST_CASE("Radioss Iform 1 filtering lags a reversal: the force still points the old way",
          "[laws][radioss][stateful]") {
  const ParamList p = {{"Fric", 0.3}, {"Ifiltr", 1}, {"Xfreq", 0.25}};
  LawState state{};
  state.force = {30, 0, 0};
  // V = −1: Ft_new = −30; Ft = 0.25·(−30) + 0.75·30 = 15 (still along +x); force on body −15 along x.
  const LawStep step = radiossStep("radioss-coulomb", p, state, {-1, 0, 0}, 100, 1e-3);
  checkVec(step.state.force, {15, 0, 0}, 1e-9);
  checkVec(step.force, {-15, 0, 0}, 1e-9);
}

TEST_CASE("Radioss Ifiltr 2 uses α = 2π/Xfreq with no dt", "[laws][radioss][stateful]") {
  // Xfreq = 8π: α = 2π/(8π) = 0.25, the same sequence as Ifiltr 1 with 0.25, for any dt.
  const ParamList p = {{"Fric", 0.3}, {"Ifiltr", 2}, {"Xfreq", 8 * kPi}};
  for (double dt : {1e-3, 0.5}) {
    LawState state{};
    for (int k = 1; k <= 3; ++k) {
      INFO("dt " << dt << " step " << k);
      const LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 100, dt);
      checkVec(step.state.force, {30 * (1 - std::pow(0.75, k)), 0, 0}, 1e-9);
      state = step.state;
    }
  }
}

TEST_CASE("Radioss Ifiltr 3 uses α = MAX(1, 2π·Xfreq·dt): no filtering when 2π·Xfreq·dt ≤ 1",
          "[laws][radioss][stateful]") {
  // Xfreq = 10, dt = 1e-3: 2π·0.01 = 0.063 → α = 1: each step is the unfiltered force.
  const ParamList p = {{"Fric", 0.3}, {"Ifiltr", 3}, {"Xfreq", 10}};
  LawState state{};
  LawStep step = radiossStep("radioss-coulomb", p, state, {1, 0, 0}, 100, 1e-3);
  checkVec(step.state.force, {30, 0, 0}, 1e-9);
  // Then an adhesion step: exactly C·V, no memory of the 30.
  step = radiossStep("radioss-coulomb", p, step.state, {0.1, 0, 0}, 100, 1e-3);
  checkVec(step.state.force, {kViscousC * 0.1, 0, 0}, 1e-9);
  // Iform 2 too: α = 1, the full increment 10.
  const LawStep stiff =
      radiossStep("radioss-coulomb", {{"Fric", 0.3}, {"Iform", 2}, {"Ifiltr", 3}, {"Xfreq", 10}}, LawState{},
                  {1, 0, 0}, 100, 1e-4);
  checkVec(stiff.state.force, {10, 0, 0}, 1e-9);
}

TEST_CASE("Radioss Ifiltr 3 with 2π·Xfreq·dt > 1 extrapolates (α > 1) past μ|Fn|",
          "[laws][radioss][stateful]") {
  // Xfreq = 25, dt = 0.01: α = 2π·25·0.01 = π/2.
  const ParamList p = {{"Fric", 0.3}, {"Ifiltr", 3}, {"Xfreq", 25}};
  const double alpha = 2 * kPi * 25 * 0.01;
  // Step 1 from 0: α·30 = 47.1 > 30 (not re-capped). Step 2: α·30 + (1 − α)·47.1 = 30 + (1 − α)(47.1 − 30).
  const double first = alpha * 30;
  const double second = alpha * 30 + (1 - alpha) * first;
  LawStep step = radiossStep("radioss-coulomb", p, LawState{}, {1, 0, 0}, 100, 0.01);
  checkVec(step.state.force, {first, 0, 0}, 1e-9);
  step = radiossStep("radioss-coulomb", p, step.state, {1, 0, 0}, 100, 0.01);
  checkVec(step.state.force, {second, 0, 0}, 1e-9);
  // Iform 2: α scales the increment. K = 1000, dt = 0.01, V = 1: α·K·V·dt = (π/2)·10 = 15.7 < 30.
  const LawStep stiff =
      radiossStep("radioss-coulomb", with(p, {{"Iform", 2}, {"K", 1000}}), LawState{}, {1, 0, 0}, 100, 0.01);
  checkVec(stiff.state.force, {alpha * 1000 * 1 * 0.01, 0, 0}, 1e-9);
}

TEST_CASE("Radioss starter checks: XFILTR < 0, or > 1 for Ifiltr 1 and 2, is refused (field Xfreq)",
          "[laws][radioss][validation]") {
  auto step = [](const ParamList& p) {
    return [p] {
      radiossStep("radioss-coulomb", with({{"Fric", 0.3}}, p), LawState{}, {1, 0, 0}, 100, 1e-3);
    };
  };
  CHECK(errorField(step({{"Ifiltr", 1}, {"Xfreq", 1.5}})) == "Xfreq");   // XFILTR = 1.5
  CHECK(errorField(step({{"Ifiltr", 2}, {"Xfreq", 6}})) == "Xfreq");     // XFILTR = 2π/6 = 1.047
  CHECK(errorField(step({{"Ifiltr", 1}, {"Xfreq", -0.5}})) == "Xfreq");  // XFILTR < 0
  CHECK(errorField(step({{"Ifiltr", 3}, {"Xfreq", -1}})) == "Xfreq");    // XFILTR = −2π < 0
  CHECK_NOTHROW(step({{"Ifiltr", 3}, {"Xfreq", 25}})());                 // 2π·25 > 1 is allowed
  CHECK_NOTHROW(step({{"Ifiltr", 2}, {"Xfreq", 8 * kPi}})());            // α = 0.25
}

TEST_CASE("Radioss Iform and Ifiltr are whole numbers in their ranges", "[laws][radioss][validation]") {
  CHECK(errorField([] { mu("radioss-coulomb", {{"Iform", 3}}, 1); }) == "Iform");
  CHECK(errorField([] { mu("radioss-coulomb", {{"Iform", 0}}, 1); }) == "Iform");
  CHECK(errorField([] { mu("radioss-coulomb", {{"Iform", 1.5}}, 1); }) == "Iform");
  CHECK(errorField([] { mu("radioss-coulomb", {{"Ifiltr", 4}}, 1); }) == "Ifiltr");
  CHECK(errorField([] { mu("radioss-coulomb", {{"Ifiltr", 0.5}}, 1); }) == "Ifiltr");
  CHECK(errorField([] { mu("radioss-coulomb", {{"K", -1}}, 1); }) == "K");
  CHECK(errorField([] { mu("radioss-coulomb", {{"M", -1}}, 1); }) == "M");
}

// ---------------------------------------------------------------------------------------------
// OpenSees frictionModel (SRC/element/frictionBearing/frictionModel/)

TEST_CASE("OpenSees Coulomb is mu for any velocity and normal force", "[laws][opensees]") {
  for (double v : {-1.0, 0.0, 2.0})
    for (double N : {-5.0, 0.0, 100.0}) CHECK(mu("opensees-coulomb", {{"mu", 0.12}}, v, N) == 0.12);
}

TEST_CASE("OpenSees VelDependent matches the hand check and uses |v|", "[laws][opensees]") {
  const ParamList p = {{"muSlow", 0.085}, {"muFast", 0.163}, {"transRate", 0.77}};
  // v = 1: 0.163 − (0.163 − 0.085)·e^(−0.77) = 0.163 − 0.078·e^(−0.77) = 0.126884980672.
  CHECK_THAT(mu("opensees-veldependent", p, 1, 100), WithinAbs(0.126884980672, 1e-12));
  CHECK_THAT(mu("opensees-veldependent", p, -1, 100), WithinAbs(0.126884980672, 1e-12));
  CHECK_THAT(mu("opensees-veldependent", p, 0, 100), WithinAbs(0.085, 1e-15));
  CHECK_THAT(mu("opensees-veldependent", p, 1e3, 100), WithinAbs(0.163, 1e-15));
  // μ does not depend on N, including N ≤ 0.
  CHECK(mu("opensees-veldependent", p, 1, -3) == mu("opensees-veldependent", p, 1, 100));
}

TEST_CASE("OpenSees VelDependent allows muSlow > muFast (a rising curve)", "[laws][opensees]") {
  // (0.2, 0.1, 1) at v = 1: 0.1 − (0.1 − 0.2)·e^(−1) = 0.1 + 0.1/e.
  CHECK_THAT(mu("opensees-veldependent", {{"muSlow", 0.2}, {"muFast", 0.1}, {"transRate", 1}}, 1),
             WithinRel(0.1 + 0.1 * std::exp(-1.0), 1e-14));
}

TEST_CASE("OpenSees VelPressureDep lowers muFast by deltaMu·tanh(alpha·N/A) when N > 0", "[laws][opensees]") {
  const ParamList p = {{"muSlow", 0.05},  {"muFast0", 0.15}, {"A", 0.01},
                       {"deltaMu", 0.05}, {"alpha", 1e-6},   {"transRate", 1}};
  // N = 5000: p = N/A = 5e5 Pa, alpha·p = 0.5; muFast = 0.15 − 0.05·tanh(0.5);
  // v = 2: μ = muFast − (muFast − 0.05)·e^(−2).
  const double muFast = 0.15 - 0.05 * std::tanh(0.5);
  CHECK_THAT(mu("opensees-velpressuredep", p, 2, 5000),
             WithinRel(muFast - (muFast - 0.05) * std::exp(-2.0), 1e-13));
  CHECK_THAT(mu("opensees-velpressuredep", p, -2, 5000),
             WithinRel(muFast - (muFast - 0.05) * std::exp(-2.0), 1e-13));
  // N ≤ 0: muFast = muFast0 = 0.15: μ = 0.15 − 0.10·e^(−2).
  CHECK_THAT(mu("opensees-velpressuredep", p, 2, 0), WithinRel(0.15 - 0.10 * std::exp(-2.0), 1e-13));
  CHECK_THAT(mu("opensees-velpressuredep", p, 2, -5000), WithinRel(0.15 - 0.10 * std::exp(-2.0), 1e-13));
  // v = 0: μ = muSlow whatever N.
  CHECK_THAT(mu("opensees-velpressuredep", p, 0, 5000), WithinAbs(0.05, 1e-15));
}

TEST_CASE("OpenSees VelDepMultiLinear interpolates the hand checks' points and uses |v|",
          "[laws][opensees]") {
  // |v| = 5 on [2, 8] (0.150 → 0.163): 0.150 + 0.013·3/6 = 0.1565.
  CHECK_THAT(mu("opensees-veldepmultilinear", multiLinear(), 5, 100), WithinRel(0.1565, 1e-13));
  CHECK_THAT(mu("opensees-veldepmultilinear", multiLinear(), -5, 100), WithinRel(0.1565, 1e-13));
  // At the points themselves.
  CHECK_THAT(mu("opensees-veldepmultilinear", multiLinear(), 0, 100), WithinAbs(0.085, 1e-15));
  CHECK_THAT(mu("opensees-veldepmultilinear", multiLinear(), 2, 100), WithinAbs(0.150, 1e-15));
  CHECK_THAT(mu("opensees-veldepmultilinear", multiLinear(), 9, 100), WithinAbs(0.163, 1e-15));
  // |v| = 1 on [0, 2]: 0.085 + 0.065/2 = 0.1175.
  CHECK_THAT(mu("opensees-veldepmultilinear", multiLinear(), 1, 100), WithinRel(0.1175, 1e-13));
}

TEST_CASE("OpenSees VelDepMultiLinear extrapolates its end segments linearly, without clamping",
          "[laws][opensees]") {
  // As VelDepMultiLinear.cpp extrapolates: points (1, 0.1), (2, 0.2) give μ(0) = 0.0, and μ(3) = 0.3 past
  // the last point.
  const ParamList rising = {{"vel", std::vector<double>{1, 2}}, {"frn", std::vector<double>{0.1, 0.2}}};
  CHECK_THAT(mu("opensees-veldepmultilinear", rising, 0, 1), WithinAbs(0.0, 1e-15));
  CHECK_THAT(mu("opensees-veldepmultilinear", rising, 0.5, 1), WithinAbs(0.05, 1e-15));
  CHECK_THAT(mu("opensees-veldepmultilinear", rising, 3, 1), WithinAbs(0.3, 1e-15));
  // A falling last segment goes negative: (0, 0.2), (1, 0.1): μ(3) = 0.2 − 0.1·3 = −0.1.
  const ParamList falling = {{"vel", std::vector<double>{0, 1}}, {"frn", std::vector<double>{0.2, 0.1}}};
  CHECK_THAT(mu("opensees-veldepmultilinear", falling, 3, 1), WithinAbs(-0.1, 1e-15));
}

TEST_CASE("OpenSees VelDepMultiLinear remembers its segment: the slope at |v| = 2 depends on the way there",
          "[laws][opensees][stateful]") {
  const ParamList p = multiLinear();
  const double slopeUp = (0.163 - 0.150) / (8 - 2) * 100;    // segment [2, 8], N = 100: 0.2167
  const double slopeDown = (0.150 - 0.085) / (2 - 0) * 100;  // segment [0, 2]: 3.25
  // From a fresh state (trialID 0) at |v| = 2: search up passes v[1] = 2 → segment 1.
  LawStep step = openSeesStep("opensees-veldepmultilinear", p, LawState{}, 2, 100);
  CHECK(step.state.segment == 1);
  CHECK_THAT(step.slope, WithinRel(slopeUp, 1e-12));
  CHECK_THAT(step.mu, WithinAbs(0.150, 1e-15));
  CHECK_THAT(step.magnitude, WithinAbs(15, 1e-12));  // μN = 0.150·100
  // |v| = 8: search up to segment 2 (id < n − 2 stops it there); flat, slope 0.
  step = openSeesStep("opensees-veldepmultilinear", p, step.state, 8, 100);
  CHECK(step.state.segment == 2);
  CHECK_THAT(step.slope, WithinAbs(0, 1e-12));
  // Back to |v| = 2: search down while |v| ≤ v[id]: 2 ≤ 8 → 1, 2 ≤ 2 → 0. Segment [0, 2].
  step = openSeesStep("opensees-veldepmultilinear", p, step.state, 2, 100);
  CHECK(step.state.segment == 0);
  CHECK_THAT(step.slope, WithinRel(slopeDown, 1e-12));
  CHECK_THAT(step.mu, WithinAbs(0.150, 1e-15));  // μ itself is continuous: same value
}

TEST_CASE("OpenSees VelDepMultiLinear's slope has no sign(v) factor and μN vanishes for N ≤ 0",
          "[laws][opensees][stateful]") {
  const ParamList p = multiLinear();
  // v = −5 on [2, 8]: slope·N = +0.013/6·100, positive as for v = +5.
  LawStep step = openSeesStep("opensees-veldepmultilinear", p, LawState{}, -5, 100);
  CHECK(step.state.segment == 1);
  CHECK_THAT(step.slope, WithinRel(0.013 / 6 * 100, 1e-12));
  CHECK_THAT(step.magnitude, WithinRel(0.1565 * 100, 1e-12));
  // N = 0 and N < 0: getFrictionForce and getDFFrcDVel are 0; μ is still reported.
  for (double N : {0.0, -10.0}) {
    INFO("N = " << N);
    step = openSeesStep("opensees-veldepmultilinear", p, LawState{}, 5, N);
    CHECK(step.magnitude == 0);
    CHECK(step.slope == 0);
    CHECK_THAT(step.mu, WithinRel(0.1565, 1e-13));
  }
}

TEST_CASE("OpenSees VelDepMultiLinear below the first point stays on segment 0 and extrapolates",
          "[laws][opensees][stateful]") {
  const ParamList p = {{"vel", std::vector<double>{1, 2, 3}}, {"frn", std::vector<double>{0.1, 0.2, 0.25}}};
  LawState state{};
  state.segment = 1;
  // |v| = 0.5 < v[1]: search down: 0.5 ≤ v[1] = 2 → 0; stop at 0. μ = 0.1 + 0.1·(0.5 − 1) = 0.05.
  const LawStep step = openSeesStep("opensees-veldepmultilinear", p, state, 0.5, 10);
  CHECK(step.state.segment == 0);
  CHECK_THAT(step.mu, WithinAbs(0.05, 1e-15));
  CHECK_THAT(step.slope, WithinRel(0.1 * 10, 1e-12));
  // Far above the last point: segment n − 2 = 1, slope (0.25 − 0.2)/1·10 = 0.5, μ(5) = 0.25 + 0.05·2 = 0.35.
  const LawStep high = openSeesStep("opensees-veldepmultilinear", p, LawState{}, 5, 10);
  CHECK(high.state.segment == 1);
  CHECK_THAT(high.mu, WithinAbs(0.35, 1e-14));
  CHECK_THAT(high.slope, WithinRel(0.5, 1e-12));
}

TEST_CASE("OpenSees VelNormalFrcDep matches the hand checks, capped at maxMuFact·muFast",
          "[laws][opensees]") {
  const ParamList p = {{"aSlow", 0.2}, {"nSlow", 0.8}, {"aFast", 0.5}, {"nFast", 0.9}, {"maxMuFact", 2.0}};
  // v = 0, N = 1e-9: μSlow = 0.2·(1e-9)^(−0.2) = 12.6, cap = 2·0.5·(1e-9)^(−0.1) = 7.94: capped.
  CHECK_THAT(mu("opensees-velnormalfrcdep", p, 0, 1e-9), WithinRel(2 * 0.5 * std::pow(1e-9, -0.1), 1e-13));
  // N = 1e-6: μSlow = 0.2·(1e-6)^(−0.2) = 3.17 below the cap 3.98.
  CHECK_THAT(mu("opensees-velnormalfrcdep", p, 0, 1e-6), WithinRel(0.2 * std::pow(1e-6, -0.2), 1e-13));
}

TEST_CASE("OpenSees VelNormalFrcDep by hand at a finite slip: transRate = alpha0 + alpha1·N + alpha2·N²",
          "[laws][opensees]") {
  const ParamList p = {{"aSlow", 0.2}, {"nSlow", 0.8},   {"aFast", 0.5},   {"nFast", 0.9},
                       {"alpha0", 1},  {"alpha1", 0.01}, {"alpha2", 1e-4}, {"maxMuFact", 2.0}};
  // N = 10: μSlow = 0.2·10^(−0.2), μFast = 0.5·10^(−0.1), transRate = 1 + 0.1 + 0.01 = 1.11;
  // v = 0.5: μ = μFast − (μFast − μSlow)·e^(−0.555).
  const double slow = 0.2 * std::pow(10.0, -0.2), fast = 0.5 * std::pow(10.0, -0.1);
  const double expected = fast - (fast - slow) * std::exp(-1.11 * 0.5);
  CHECK_THAT(mu("opensees-velnormalfrcdep", p, 0.5, 10), WithinRel(expected, 1e-13));
  CHECK_THAT(mu("opensees-velnormalfrcdep", p, -0.5, 10), WithinRel(expected, 1e-13));
}

TEST_CASE(
    "OpenSees VelNormalFrcDep at N ≤ 0: μ = inf at 0, NaN below with fractional exponents, as OpenSees "
    "reports",
    "[laws][opensees]") {
  const ParamList p = {{"aSlow", 0.2}, {"nSlow", 0.8}, {"aFast", 0.5}, {"nFast", 0.9}, {"maxMuFact", 2.0}};
  // N = 0: pow(0, −0.1) = inf, the N ≤ 0 branch sets μ = 2·inf.
  const double atZero = mu("opensees-velnormalfrcdep", p, 0.1, 0);
  CHECK(std::isinf(atZero));
  CHECK(atZero > 0);
  // N < 0: pow(−1, −0.1) = NaN.
  CHECK(std::isnan(mu("opensees-velnormalfrcdep", p, 0.1, -1)));
  // nSlow = nFast = 1: pow(N, 0) = 1 for any N ≤ 0, so μ = maxMuFact·aFast = 2·0.5.
  const ParamList linear = {{"aSlow", 0.2}, {"nSlow", 1}, {"aFast", 0.5}, {"nFast", 1}, {"maxMuFact", 2.0}};
  CHECK(mu("opensees-velnormalfrcdep", linear, 0.1, 0) == 1.0);
  CHECK(mu("opensees-velnormalfrcdep", linear, 0.1, -5) == 1.0);
}

TEST_CASE("OpenSees laws give zero friction force for N ≤ 0 (the curve's force column)", "[laws][opensees]") {
  CurveRequest request;
  request.vMin = 0.1;
  request.vMax = 1;
  request.count = 5;
  for (const char* id : {"opensees-coulomb", "opensees-veldependent", "opensees-velnormalfrcdep"}) {
    for (double N : {0.0, -2.0}) {
      INFO(id << " N = " << N);
      request.N = N;
      const LawCurve curve = lawCurve(id, {}, request);
      REQUIRE(curve.force.size() == 5);
      for (double f : curve.force) CHECK(f == 0);
    }
  }
}

TEST_CASE("OpenSees refuses what OpenSees exits on, naming the parameter", "[laws][opensees][validation]") {
  CHECK(errorField([] { mu("opensees-coulomb", {{"mu", 0}}, 1, 1); }) == "mu");
  CHECK(errorField([] { mu("opensees-veldependent", {{"muSlow", 0}}, 1, 1); }) == "muSlow");
  CHECK(errorField([] { mu("opensees-veldependent", {{"muFast", 0}}, 1, 1); }) == "muFast");
  CHECK(errorField([] { mu("opensees-veldependent", {{"transRate", -1}}, 1, 1); }) == "transRate");
  CHECK_NOTHROW(mu("opensees-veldependent", {{"transRate", 0}}, 1, 1));  // ≥ 0 is allowed
  CHECK(errorField([] { mu("opensees-velpressuredep", {{"muSlow", 0}}, 1, 1); }) == "muSlow");
  CHECK(errorField([] { mu("opensees-velpressuredep", {{"muFast0", 0}}, 1, 1); }) == "muFast0");
  CHECK(errorField([] { mu("opensees-velpressuredep", {{"A", 0}}, 1, 1); }) == "A");
  CHECK(errorField([] { mu("opensees-velpressuredep", {{"transRate", -1}}, 1, 1); }) == "transRate");
  CHECK(errorField([] { mu("opensees-velnormalfrcdep", {{"aSlow", 0}}, 1, 1); }) == "aSlow");
  CHECK(errorField([] { mu("opensees-velnormalfrcdep", {{"aFast", 0}}, 1, 1); }) == "aFast");
  CHECK(errorField([] { mu("opensees-velnormalfrcdep", {{"nSlow", 1.5}}, 1, 1); }) == "nSlow");
  CHECK(errorField([] { mu("opensees-velnormalfrcdep", {{"nFast", 1.5}}, 1, 1); }) == "nFast");
}

TEST_CASE("OpenSees VelDepMultiLinear refuses unequal lengths, negative values and non-increasing velocities",
          "[laws][opensees][validation]") {
  using V = std::vector<double>;
  auto lists = [](V vel, V frn) {
    return [=] { mu("opensees-veldepmultilinear", {{"vel", vel}, {"frn", frn}}, 1, 1); };
  };
  const std::set<std::string> either = {"vel", "frn"};
  CHECK(either.count(errorField(lists({0, 2, 8}, {0.1, 0.2}))) == 1);
  CHECK(errorField(lists({0, 2, 2, 10}, {0.1, 0.2, 0.2, 0.3})) == "vel");
  CHECK(errorField(lists({0, 3, 2}, {0.1, 0.2, 0.3})) == "vel");
  CHECK(errorField(lists({-1, 2}, {0.1, 0.2})) == "vel");
  CHECK(errorField(lists({0, 2}, {0.1, -0.2})) == "frn");
  CHECK(errorField(lists({0}, {0.1})) == "vel");  // fewer than two points
}

// ---------------------------------------------------------------------------------------------
// Curves

TEST_CASE("A linear curve has the requested points, plus v = 0 when it lies inside the range",
          "[laws][curve]") {
  CurveRequest request;
  request.vMin = 0.1;
  request.vMax = 1.0;
  request.count = 10;
  request.N = 2;
  LawCurve curve = lawCurve("drake-stribeck", {}, request);
  REQUIRE(curve.v.size() == 10);
  CHECK(curve.mu.size() == 10);
  CHECK(curve.force.size() == 10);
  CHECK(curve.v.front() == 0.1);
  CHECK_THAT(curve.v.back(), WithinAbs(1.0, 1e-15));
  for (std::size_t i = 1; i < curve.v.size(); ++i)
    CHECK_THAT(curve.v[i] - curve.v[i - 1], WithinAbs(0.1, 1e-12));

  // −1 … 2 in 5 points: −1, −0.25, 0.5, 1.25, 2, and 0 inserted in order.
  request.vMin = -1;
  request.vMax = 2;
  request.count = 5;
  curve = lawCurve("drake-stribeck", {}, request);
  REQUIRE(curve.v.size() == 6);
  const std::vector<double> expected = {-1, -0.25, 0, 0.5, 1.25, 2};
  for (std::size_t i = 0; i < 6; ++i) CHECK_THAT(curve.v[i], WithinAbs(expected[i], 1e-12));
  CHECK(curve.mu[2] == 0);  // Drake: μ(0) = 0
}

TEST_CASE("A logarithmic curve is geometric from vMin to vMax and needs vMin > 0", "[laws][curve]") {
  CurveRequest request;
  request.vMin = 1e-6;
  request.vMax = 1;
  request.count = 7;
  request.logarithmic = true;
  const LawCurve curve = lawCurve("radioss-renard", kRenard, request);
  REQUIRE(curve.v.size() == 7);
  for (std::size_t i = 0; i < 7; ++i)
    CHECK_THAT(curve.v[i], WithinRel(std::pow(10.0, -6.0 + double(i)), 1e-12));
  request.vMin = 0;
  CHECK_THROWS_AS(lawCurve("radioss-renard", kRenard, request), InputError);
  request.vMin = -1;
  CHECK_THROWS_AS(lawCurve("radioss-renard", kRenard, request), InputError);
}

TEST_CASE("A curve's μ is the law's coefficient and its force μN is signed like v", "[laws][curve]") {
  CurveRequest request;
  request.vMin = -5e-4;
  request.vMax = 5e-4;
  request.count = 21;
  request.N = 10;
  const LawCurve curve = lawCurve("drake-stribeck", kDrake08, request);
  for (std::size_t i = 0; i < curve.v.size(); ++i) {
    const double v = curve.v[i];
    INFO("v = " << v);
    CHECK(curve.mu[i] == mu("drake-stribeck", kDrake08, v));
    const double sign = v > 0 ? 1.0 : v < 0 ? -1.0 : 0.0;
    CHECK_THAT(curve.force[i], WithinAbs(sign * curve.mu[i] * 10, 1e-12));
  }
  // OpenSees VelDependent, N = 100, v = 1: force = 100·0.126884980672.
  CurveRequest one;
  one.vMin = 1;
  one.vMax = 2;
  one.count = 2;
  one.N = 100;
  const LawCurve os =
      lawCurve("opensees-veldependent", {{"muSlow", 0.085}, {"muFast", 0.163}, {"transRate", 0.77}}, one);
  CHECK_THAT(os.force[0], WithinAbs(12.6884980672, 1e-9));
}

TEST_CASE("Every law draws a curve with its defaults", "[laws][curve]") {
  CurveRequest request;
  request.vMin = 0.001;
  request.vMax = 1;
  request.count = 25;
  request.logarithmic = true;
  request.N = 10;
  request.p = 10;
  for (const LawSpec& law : lawCatalog()) {
    INFO("law " << law.spec.id);
    const LawCurve curve = lawCurve(law.spec.id, {}, request);
    CHECK(curve.v.size() == 25);
    CHECK(curve.mu.size() == 25);
    CHECK(curve.force.size() == 25);
    for (double f : curve.force) CHECK(std::isfinite(f));
    for (double m : curve.mu) CHECK(std::isfinite(m) == law.can.coefficient);
  }
}
