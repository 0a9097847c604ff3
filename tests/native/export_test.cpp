// Export to solvers (friction/export.h): each target's text read back by a small reader of that
// target's grammar, written here from its documentation (not from the writer): OpenSees Tcl and
// Python frictionModel, Radioss /FRICTION's fixed fields, Abaqus keyword + data line, LS-DYNA's
// 10-character card, Ansys TB/TBDATA/RMODIF, Drake's constructor calls, Ratel's options, Simscape's
// and Modelica's parameter lists. Exact mappings give back the law's own parameters; approximate
// ones report the largest deviation that the test measures itself from the target's equation (as
// its documentation states it) and the chosen law on the fit's grid.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "friction/export.h"
#include "friction/laws.h"

using namespace friction;
using Catch::Matchers::Contains;

namespace {

ExportResult exported(const std::string& law, const ParamList& params, const std::string& to, double N = 1,
                      ExportUnits units = ExportUnits::SI) {
  ExportRequest request;
  request.law = law;
  request.params = params;
  request.target = to;
  request.N = N;
  request.units = units;
  return exportLaw(request);
}

/// The lines of `text` that are not comments (comment lines start with `marker`).
std::vector<std::string> codeLines(const std::string& text, const std::string& marker) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line.rfind(marker, 0) != 0) lines.push_back(line);
  return lines;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

/// OpenSees Tcl: `frictionModel TYPE tag args…` with VelDepMultiLinear's `-vel v… -frn f…` back
/// to a law id and its parameters (the manual's argument order).
std::pair<std::string, ParamList> readTcl(const std::string& text) {
  const std::vector<std::string> lines = codeLines(text, "#");
  REQUIRE(lines.size() == 1);
  const std::vector<std::string> w = words(lines[0]);
  REQUIRE(w.size() >= 3);
  REQUIRE(w[0] == "frictionModel");
  CHECK(w[2] == "1");
  const std::map<std::string, std::pair<std::string, std::vector<std::string>>> kLaws = {
      {"Coulomb", {"opensees-coulomb", {"mu"}}},
      {"VelDependent", {"opensees-veldependent", {"muSlow", "muFast", "transRate"}}},
      {"VelPressureDep",
       {"opensees-velpressuredep", {"muSlow", "muFast0", "A", "deltaMu", "alpha", "transRate"}}},
      {"VelNormalFrcDep",
       {"opensees-velnormalfrcdep",
        {"aSlow", "nSlow", "aFast", "nFast", "alpha0", "alpha1", "alpha2", "maxMuFact"}}},
      {"VelDepMultiLinear", {"opensees-veldepmultilinear", {}}}};
  const auto& [law, keys] = kLaws.at(w[1]);
  ParamList params;
  if (w[1] == "VelDepMultiLinear") {
    std::vector<double>* into = nullptr;
    std::vector<double> vel, frn;
    for (std::size_t i = 3; i < w.size(); ++i) {
      if (w[i] == "-vel")
        into = &vel;
      else if (w[i] == "-frn")
        into = &frn;
      else
        into->push_back(std::stod(w[i]));
    }
    params = {{"vel", vel}, {"frn", frn}};
  } else {
    REQUIRE(w.size() == 3 + keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) params.emplace_back(keys[i], std::stod(w[3 + i]));
  }
  return {law, params};
}

/// The same law evaluated from both parameter sets agrees at every speed, and the values are equal.
void requireSameParameters(const std::string& law, const ParamList& given, const ParamList& readBack) {
  const LawEvaluator a(law, given), b(law, readBack);
  CHECK(a.resolved().values == b.resolved().values);
  CHECK(a.resolved().lists == b.resolved().lists);
}

/// The numbers of a fixed-width line, `widths` characters each.
std::vector<double> fixedFields(const std::string& line, const std::vector<int>& widths) {
  std::vector<double> out;
  std::size_t at = 0;
  for (int width : widths) {
    REQUIRE(line.size() >= at + width);
    const std::string cell = line.substr(at, width);
    CHECK(cell.front() == ' ');  // fields never touch
    out.push_back(std::stod(cell));
    at += width;
  }
  CHECK(line.size() == at);
  return out;
}

/// `name = value;  % comment` lines (MATLAB), or `name=value` in a Modelica modifier list: name → value.
/// Comment lines (starting with `marker`) are skipped first.
std::map<std::string, double> assignments(const std::string& text, const std::string& marker,
                                          char separator) {
  std::map<std::string, double> out;
  std::string body;
  for (std::string line : codeLines(text, marker)) body += line.substr(0, line.find('%')) + "\n";
  for (char& c : body)
    if (c == separator || c == '(' || c == ')' || c == ';') c = '\n';
  std::istringstream in(body);
  for (std::string line; std::getline(in, line);) {
    const auto equals = line.find('=');
    if (equals == std::string::npos) continue;
    std::string name = line.substr(0, equals);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    out[name] = std::stod(line.substr(equals + 1));
  }
  return out;
}

/// The fit's grid as export.h states it: 200 speeds, log-spaced from vMin to vMax (ratio ≥ 100).
std::vector<double> grid(double vMin, double vMax) {
  std::vector<double> v;
  for (int i = 0; i < 200; ++i) v.push_back(vMin * std::pow(vMax / vMin, i / 199.0));
  return v;
}

/// max |F_target(v) − F_law(v)| on the grid (and checks the report's velocity and relative value).
void requireDeviation(const ExportResult& result, const std::string& law, const ParamList& params, double N,
                      double (*target)(const std::map<std::string, double>&, double),
                      const std::map<std::string, double>& values) {
  const LawEvaluator source(law, params);
  double largest = 0, at = 0, relative = 0;
  for (double v : grid(1e-4, 1)) {
    const double deviation = std::abs(target(values, v) - source.forceMagnitude(v, N));
    if (deviation > largest) {
      largest = deviation;
      at = v;
    }
    relative = std::max(relative, deviation / source.forceMagnitude(v, N));
  }
  REQUIRE_FALSE(result.exact);
  CHECK(result.deviation.points == 200);
  CHECK(result.deviation.force == Approx(largest).epsilon(1e-9).margin(1e-12));
  CHECK(result.deviation.atVelocity == Approx(at).epsilon(1e-12));
  CHECK(result.deviation.relative == Approx(relative).epsilon(1e-9).margin(1e-12));
  CHECK_THAT(result.text, Contains("Largest deviation"));
}

// The exponential decay of Abaqus, LS-DYNA and Ansys: μ = μk + (μs − μk)·e^(−dc·|v|), force μ·N.
double decayForce(const std::map<std::string, double>& p, double v) {
  return p.at("N") * (p.at("mu_k") + (p.at("mu_s") - p.at("mu_k")) * std::exp(-p.at("dc") * v));
}

// Simscape Translational Friction (MathWorks block reference): F = √(2e)(F_brk − F_C)e^(−(v/v_St)²)v/v_St
// + F_C tanh(v/v_Coul) + f·v, v_St = √2·v_brk, v_Coul = v_brk/10.
double simscape(const std::map<std::string, double>& p, double v) {
  const double vSt = std::sqrt(2.0) * p.at("breakaway_velocity"), vCoul = p.at("breakaway_velocity") / 10;
  return std::sqrt(2 * std::exp(1.0)) * (p.at("breakaway_force") - p.at("coulomb_force")) *
             std::exp(-(v / vSt) * (v / vSt)) * v / vSt +
         p.at("coulomb_force") * std::tanh(v / vCoul) + p.at("viscous_coefficient") * v;
}

// Modelica MassWithStopAndFriction, sliding forward: F = F_prop·v + F_Coulomb + F_Stribeck·e^(−fexp·v).
double modelica(const std::map<std::string, double>& p, double v) {
  return p.at("F_prop") * v + p.at("F_Coulomb") + p.at("F_Stribeck") * std::exp(-p.at("fexp") * v);
}

double coefficientAt(const LawEvaluator& law, double v) {
  LawInputs inputs;
  inputs.v = v;
  inputs.N = 1;
  return law.coefficient(inputs);
}

const ParamList kStribeck = {
    {"static_friction", 0.6}, {"dynamic_friction", 0.4}, {"stiction_tolerance", 1e-3}};

}  // namespace

TEST_CASE("OpenSees Tcl round-trips each of the five OpenSees laws to the same parameters", "[export]") {
  const std::vector<std::pair<std::string, ParamList>> cases = {
      {"opensees-coulomb", {{"mu", 0.123456789}}},
      {"opensees-veldependent", {{"muSlow", 0.31}, {"muFast", 0.07}, {"transRate", 13.7}}},
      {"opensees-velpressuredep",
       {{"muSlow", 0.2}, {"muFast0", 0.1}, {"A", 0.3}, {"deltaMu", 0.02}, {"alpha", 3e-7}, {"transRate", 5}}},
      {"opensees-velnormalfrcdep",
       {{"aSlow", 0.3},
        {"nSlow", 0.7},
        {"aFast", 0.6},
        {"nFast", 0.85},
        {"alpha0", 20},
        {"alpha1", 0.1},
        {"alpha2", 1e-3},
        {"maxMuFact", 3}}},
      {"opensees-veldepmultilinear",
       {{"vel", std::vector<double>{0, 0.1, 2, 10}}, {"frn", std::vector<double>{0.2, 0.08, 0.15, 0.16}}}}};
  for (const auto& [law, params] : cases) {
    INFO(law);
    const ExportResult result = exported(law, params, "opensees-tcl");
    CHECK(result.exact);
    const auto [readLaw, readParams] = readTcl(result.text);
    CHECK(readLaw == law);
    requireSameParameters(law, params, readParams);
  }
}

TEST_CASE("OpenSeesPy: ops.frictionModel('TYPE', tag, args...) with the same numbers as Tcl", "[export]") {
  const ParamList params = {{"muSlow", 0.31}, {"muFast", 0.07}, {"transRate", 13.7}};
  const std::vector<std::string> py =
      codeLines(exported("opensees-veldependent", params, "opensees-py").text, "#");
  REQUIRE(py.size() == 2);
  CHECK(py[0] == "import openseespy.opensees as ops");
  std::string call = py[1];
  REQUIRE(call.rfind("ops.frictionModel(", 0) == 0);
  REQUIRE(call.back() == ')');
  call = call.substr(18, call.size() - 19);
  for (char& c : call)
    if (c == ',' || c == '(') c = ' ';
  const std::vector<std::string> w = words(call);
  REQUIRE(w.size() == 5);
  CHECK(w[0] == "'VelDependent'");
  CHECK(std::stod(w[2]) == 0.31);
  CHECK(std::stod(w[3]) == 0.07);
  CHECK(std::stod(w[4]) == 13.7);
}

TEST_CASE("OpenSees in mm-N-s: A in mm², alpha in 1/MPa, transRate in s/mm; the law is unchanged",
          "[export]") {
  const ParamList params = {{"muSlow", 0.2},   {"muFast0", 0.1}, {"A", 0.3},
                            {"deltaMu", 0.02}, {"alpha", 3e-7},  {"transRate", 5}};
  const auto [law, mm] = readTcl(
      exported("opensees-velpressuredep", params, "opensees-tcl", 1, ExportUnits::MillimetreNewtonSecond)
          .text);
  const std::map<std::string, double> SI = {{"A", 0.3}, {"alpha", 3e-7}, {"transRate", 5}};
  for (const auto& [key, value] : mm) {
    if (key == "A") CHECK(value.items[0] == Approx(0.3 * 1e6));         // 1 m² = 1e6 mm²
    if (key == "alpha") CHECK(value.items[0] == Approx(3e-7 * 1e6));    // 1/Pa = 1e6 /MPa
    if (key == "transRate") CHECK(value.items[0] == Approx(5 * 1e-3));  // s/m = 1e-3 s/mm
  }
  // Same pressure in either system: alpha·N/A is dimensionless, and transRate·v too (v in mm/s).
  CHECK(SI.at("alpha") * 1e3 / SI.at("A") == Approx(3e-7 * 1e6 * 1e3 / (0.3 * 1e6)));
}

TEST_CASE("Abaqus, LS-DYNA and Ansys give back an exponential decay exactly", "[export]") {
  const ParamList params = {{"muSlow", 0.3}, {"muFast", 0.1}, {"transRate", 12.5}};
  SECTION("Abaqus: *FRICTION, EXPONENTIAL DECAY, then mu_s, mu_k, d_c") {
    const std::vector<std::string> lines =
        codeLines(exported("opensees-veldependent", params, "abaqus").text, "**");
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "*FRICTION, EXPONENTIAL DECAY");
    std::string data = lines[1];
    for (char& c : data)
      if (c == ',') c = ' ';
    const std::vector<std::string> w = words(data);
    REQUIRE(w.size() == 3);
    CHECK(std::abs(std::stod(w[0]) - 0.3) <= 1e-12);
    CHECK(std::abs(std::stod(w[1]) - 0.1) <= 1e-12);
    CHECK(std::abs(std::stod(w[2]) - 12.5) <= 1e-12);
  }
  SECTION("LS-DYNA: FS FD DC VC in 10-character fields; in mm-N-s DC is per mm/s") {
    const std::vector<std::string> lines = codeLines(
        exported("opensees-veldependent", params, "ls-dyna", 1, ExportUnits::MillimetreNewtonSecond).text,
        "$");
    REQUIRE(lines.size() == 1);
    const std::vector<double> f = fixedFields(lines[0], {10, 10, 10, 10});
    CHECK(f[0] == 0.3);
    CHECK(f[1] == 0.1);
    CHECK(f[2] == Approx(0.0125));
    CHECK(f[3] == 0);
  }
  SECTION("Ansys: MU·(1 + (FACT − 1)·e^(−DC·v)) equals the law's μ, FACT and DC as named parameters") {
    const std::vector<std::string> lines =
        codeLines(exported("opensees-veldependent", params, "ansys").text, "!");
    REQUIRE(lines.size() == 5);  // FL_MU=, FL_FACT=, FL_DC=, TB, TBDATA (the RMODIF lines are comments)
    auto valueOf = [&](const std::string& name) {
      for (const std::string& line : lines)
        if (line.rfind(name + "=", 0) == 0) return std::stod(line.substr(name.size() + 1));
      FAIL("no " << name);
      return 0.0;
    };
    CHECK(lines[3] == "TB,FRIC,1,,,ISO");
    CHECK(lines[4] == "TBDATA,1,FL_MU");
    const double MU = valueOf("FL_MU"), FACT = valueOf("FL_FACT"), DC = valueOf("FL_DC");
    const LawEvaluator law("opensees-veldependent", params);
    for (double v : {0.0, 0.01, 0.1, 1.0})
      CHECK(MU * (1 + (FACT - 1) * std::exp(-DC * v)) == Approx(coefficientAt(law, v)).epsilon(1e-12));
  }
}

TEST_CASE("Radioss /FRICTION: the fixed fields read back as the law's Ifric and coefficients", "[export]") {
  const ParamList params = {{"Fric", 0.2},  {"C1", 0.01}, {"C2", 0.5}, {"C3", 0.001},
                            {"C4", 0.0002}, {"C5", 0.03}, {"Iform", 2}};
  const std::vector<std::string> lines =
      codeLines(exported("radioss-generalized-viscous", params, "radioss").text, "#");
  REQUIRE(lines.size() == 5);
  CHECK(lines[0] == "/FRICTION/1");
  const std::vector<double> flags = fixedFields(lines[2], {10, 10, 20, 10});
  CHECK(flags[0] == 1);  // Ifric 1: generalized viscous
  CHECK(flags[3] == 2);  // Iform
  const std::vector<double> c = fixedFields(lines[3], {20, 20, 20, 20, 20});
  CHECK(c == std::vector<double>{0.01, 0.5, 0.001, 0.0002, 0.03});
  const std::vector<double> last = fixedFields(lines[4], {20, 20, 20});
  CHECK(last[0] == 0);
  CHECK(last[1] == 0.2);
}

TEST_CASE("Drake and Ratel: their own laws exactly", "[export]") {
  SECTION("Drake C++ and Python") {
    const std::string cpp = exported("drake-stribeck", kStribeck, "drake-cpp").text;
    CHECK_THAT(cpp, Contains("drake::multibody::CoulombFriction<double> friction(0.6, 0.4);"));
    CHECK_THAT(cpp, Contains("plant.set_stiction_tolerance(0.001);"));
    const std::string py = exported("drake-stribeck", kStribeck, "drake-py").text;
    CHECK_THAT(py, Contains("CoulombFriction(static_friction=0.6, dynamic_friction=0.4)"));
  }
  SECTION("Ratel Threlfall options") {
    const ParamList params = {{"kinetic", 0.25}, {"viscous", 3}, {"tolerance_velocity", 0.02}};
    std::map<std::string, std::string> options;
    for (const std::string& line : codeLines(exported("ratel-threlfall", params, "ratel").text, "#")) {
      const std::vector<std::string> w = words(line);
      REQUIRE(w.size() == 2);
      REQUIRE(w[0].rfind("-bc_platen_NAME_friction_", 0) == 0);
      options[w[0].substr(25)] = w[1];
    }
    CHECK(options.at("type") == "threlfall");
    CHECK(std::stod(options.at("kinetic")) == 0.25);
    CHECK(std::stod(options.at("viscous")) == 3);
    CHECK(std::stod(options.at("tolerance_velocity")) == 0.02);
  }
}

TEST_CASE("Modelica: an exponential decay maps exactly to F_Coulomb, F_Stribeck, fexp at N", "[export]") {
  const ParamList params = {{"muSlow", 0.3}, {"muFast", 0.1}, {"transRate", 12.5}};
  const std::map<std::string, double> p =
      assignments(exported("opensees-veldependent", params, "modelica", 50).text, "//", ',');
  CHECK(p.at("F_prop") == 0);
  CHECK(p.at("F_Coulomb") == Approx(0.1 * 50).epsilon(1e-14));
  CHECK(p.at("F_Stribeck") == Approx(0.2 * 50).epsilon(1e-14));
  CHECK(p.at("fexp") == 12.5);
}

TEST_CASE("Approximate mappings report the deviation measured from the target's own equation", "[export]") {
  const double N = 10;
  SECTION("Drake's Stribeck to Abaqus's exponential decay") {
    const ExportResult result = exported("drake-stribeck", kStribeck, "abaqus", N);
    std::string data = codeLines(result.text, "**").at(1);
    for (char& c : data)
      if (c == ',') c = ' ';
    const std::vector<std::string> w = words(data);
    requireDeviation(
        result, "drake-stribeck", kStribeck, N, &decayForce,
        {{"mu_s", std::stod(w[0])}, {"mu_k", std::stod(w[1])}, {"dc", std::stod(w[2])}, {"N", N}});
  }
  SECTION("Drake's Stribeck to Simscape's Translational Friction") {
    const ExportResult result = exported("drake-stribeck", kStribeck, "simscape", N);
    requireDeviation(result, "drake-stribeck", kStribeck, N, &simscape, assignments(result.text, "%", '\n'));
  }
  SECTION("Drake's Stribeck to Modelica") {
    const ExportResult result = exported("drake-stribeck", kStribeck, "modelica", N);
    requireDeviation(result, "drake-stribeck", kStribeck, N, &modelica, assignments(result.text, "//", ','));
  }
  SECTION("a family that contains the law: Ratel Coulomb (no viscosity) is an exponential decay exactly") {
    const ParamList coulomb = {{"kinetic", 0.3}, {"viscous", 0}};
    const ExportResult result = exported("ratel-coulomb", coulomb, "abaqus", N);
    CHECK(result.exact);
    CHECK(result.deviation.force <= 1e-12 * 0.3 * N);
  }
}

TEST_CASE("Export refuses bad requests by field, unit, range and value", "[export]") {
  auto fieldOf = [](const ExportRequest& request) {
    try {
      exportLaw(request);
    } catch (const InputError& error) {
      return error.field() + ": " + error.what();
    }
    return std::string("accepted");
  };
  ExportRequest request;
  request.law = "opensees-veldependent";
  request.target = "abaqus";
  ExportRequest bad = request;
  bad.target = "nastran";
  CHECK_THAT(fieldOf(bad), Contains("to: ") && Contains("nastran") && Contains("ls-dyna"));
  bad = request;
  bad.N = 0;
  CHECK_THAT(fieldOf(bad), Contains("N: ") && Contains("above 0 N"));
  bad = request;
  bad.vMax = 1e-5;
  CHECK_THAT(fieldOf(bad), Contains("vMax: ") && Contains("m/s"));
  bad = request;
  bad.params = {{"transRate", -1}};
  CHECK_THAT(fieldOf(bad), Contains("params.transRate: ") && Contains("-1"));
  bad = request;
  bad.target = "drake-cpp";
  bad.units = ExportUnits::MillimetreNewtonSecond;
  CHECK_THAT(fieldOf(bad), Contains("units: ") && Contains("SI only"));
}

TEST_CASE("Every catalog law exports to every target, or is refused with its field", "[export]") {
  for (const LawSpec& law : lawCatalog())
    for (const std::string& to : exportTargets()) {
      INFO(std::string(law.spec.id) + " → " + to);
      try {
        const ExportResult result = exported(std::string(law.spec.id), {}, to, 10);
        CHECK_FALSE(result.text.empty());
        CHECK(std::isfinite(result.deviation.force));
      } catch (const InputError& error) {
        CHECK_FALSE(error.field().empty());
      }
    }
}
