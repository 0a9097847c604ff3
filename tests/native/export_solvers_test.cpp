// Every export read as its solver reads it, and that solver's own equation evaluated from what was read
// (issue 27). Each reader follows its solver's grammar as its source or documentation states it: OpenSees's
// frictionModel parsers (Tcl words, OpenSeesPy's positional arguments), OpenRadioss's /FRICTION fixed cells
// (cut at the first blank, D→E and "1.5-5" → "1.5E-5", then %lg), LS-DYNA's 10-column card, Abaqus's keyword
// and comma-separated data line, Ansys's APDL parameters and commands, Drake's constructor calls, Ratel's
// options, and Simscape's and Modelica's parameter lists. The equations are written here from the solvers'
// sources (cited), not from the engine's writers or checks. Then: `exact` is true exactly where the
// equation equals the law's steady force to 1e-12 relative over the range, and otherwise the reported
// deviation is the one measured here; and each issue's case gives what the solver needs.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "friction/export.h"
#include "friction/laws.h"

using namespace friction;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

/// A text read: the friction force [N] its solver computes at a slip speed v ≥ 0 [m/s].
using Force = std::function<double(double v)>;

ExportResult exported(const std::string& law, const ParamList& params, const std::string& to, double N,
                      double vMin = 1e-4, double vMax = 1, ExportUnits units = ExportUnits::SI) {
  ExportRequest request;
  request.law = law;
  request.params = params;
  request.target = to;
  request.N = N;
  request.vMin = vMin;
  request.vMax = vMax;
  request.units = units;
  return exportLaw(request);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

/// The lines of `text` that are not comments (comment lines start with `marker`) or blank.
std::vector<std::string> codeLines(const std::string& text, const std::string& marker) {
  std::vector<std::string> out;
  for (const std::string& line : lines(text))
    if (line.find_first_not_of(' ') != std::string::npos && line.rfind(marker, 0) != 0) out.push_back(line);
  return out;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

/// A whole word as a C double (strtod consumes all of it and the value is finite): Tcl_GetDouble,
/// Python's float literals and C++'s floating literals all read what this accepts the same way.
double number(const std::string& word) {
  char* end = nullptr;
  const double value = std::strtod(word.c_str(), &end);
  INFO("'" << word << "'");
  REQUIRE(!word.empty());
  REQUIRE(end == word.c_str() + word.size());
  REQUIRE(std::isfinite(value));
  return value;
}

/// The friction force of μ(v) at normal force N, for the solvers whose force is μN for N > 0.
Force ofMu(std::function<double(double)> mu, double N) {
  return [mu, N](double v) { return N > 0 ? mu(v) * N : 0.0; };
}

// ---- OpenSees (SRC/element/frictionBearing/frictionModel/*.cpp at OpenSees/OpenSees @ 2890cb36f59b) ----

/// μ = fast − (fast − slow)·e^(−rate·|v|) (VelDependent.cpp:121-122, VelPressureDep.cpp:131-139).
double blend(double slow, double fast, double rate, double v) {
  return fast - (fast - slow) * std::exp(-rate * v);
}

/// frictionModel's arguments after the type (tag first) as OpenSees's parsers take them, checked as their
/// constructors check them (each exits the process on a bad value), and μ(v) at normal force N.
Force openSeesModel(const std::string& type, const std::vector<std::string>& args, double N) {
  REQUIRE(args.size() >= 2);
  CHECK(args[0].find_first_not_of("0123456789") == std::string::npos);  // the tag: Tcl_GetInt / a Python int
  std::vector<double> p;
  if (type == "VelDepMultiLinear" || type == "VDependentMultiLinear") {
    // argc = 2n + 3 (tag, -vel, n values, -frn, n values); n = (argc − 3)/2 (VelDepMultiLinear.cpp:47-66).
    const std::size_t n = (args.size() - 3) / 2;
    REQUIRE(args.size() == 2 * n + 3);
    REQUIRE(n >= 2);
    REQUIRE(n <= 64);
    REQUIRE(args[1] == "-vel");
    REQUIRE(args[2 + n] == "-frn");
    std::vector<double> vel, frn;
    for (std::size_t i = 0; i < n; ++i) vel.push_back(number(args[2 + i]));
    for (std::size_t i = 0; i < n; ++i) frn.push_back(number(args[3 + n + i]));
    for (std::size_t i = 0; i < n; ++i) REQUIRE((vel[i] >= 0 && frn[i] >= 0));  // :136
    for (std::size_t i = 1; i < n; ++i) REQUIRE(vel[i] > vel[i - 1]);           // :145
    // A fresh model searches from segment 0 upwards (:163-194) and extrapolates both end segments.
    return ofMu(
        [vel, frn](double v) {
          std::size_t id = 0;
          while (id + 2 < vel.size() && v >= vel[id + 1]) ++id;
          return frn[id] + (frn[id + 1] - frn[id]) / (vel[id + 1] - vel[id]) * (v - vel[id]);
        },
        N);
  }
  for (std::size_t i = 1; i < args.size(); ++i) p.push_back(number(args[i]));
  if (type == "Coulomb" || type == "Constant") {
    REQUIRE(p.size() >= 1);
    REQUIRE(p[0] > 0);  // Coulomb.cpp:88
    return ofMu([mu = p[0]](double) { return mu; }, N);
  }
  if (type == "VelDependent" || type == "VDependent") {
    REQUIRE(p.size() >= 3);
    REQUIRE((p[0] > 0 && p[1] > 0 && p[2] >= 0));  // VelDependent.cpp:92, :98
    return ofMu([p](double v) { return blend(p[0], p[1], p[2], v); }, N);
  }
  if (type == "VelPressureDep" || type == "VPDependent") {
    REQUIRE(p.size() >= 6);  // muSlow muFast0 A deltaMu alpha transRate
    REQUIRE((p[0] > 0 && p[1] > 0 && p[2] > 0 && p[5] >= 0));
    const double fast = N > 0 ? p[1] - p[3] * std::tanh(p[4] * N / p[2]) : p[1];
    return ofMu([p, fast](double v) { return blend(p[0], fast, p[5], v); }, N);
  }
  REQUIRE((type == "VelNormalFrcDep" || type == "VNDependent"));
  REQUIRE(p.size() >= 8);  // aSlow nSlow aFast nFast alpha0 alpha1 alpha2 maxMuFact
  REQUIRE((p[0] > 0 && p[2] > 0 && p[1] <= 1 && p[3] <= 1));  // VelNormalFrcDep.cpp:97, :103
  return ofMu(
      [p, N](double v) {
        const double slow = p[0] * std::pow(N, p[1] - 1), fast = p[2] * std::pow(N, p[3] - 1);
        const double mu = blend(slow, fast, p[4] + p[5] * N + p[6] * N * N, v);
        return mu > p[7] * fast || N <= 0 ? p[7] * fast : mu;  // VelNormalFrcDep.cpp:126-137
      },
      N);
}

/// Tcl: `frictionModel TYPE tag args…`, one command, words split at blanks (no braces or quotes written).
Force readTcl(const std::string& text, double N) {
  const std::vector<std::string> code = codeLines(text, "#");
  REQUIRE(code.size() == 1);
  std::vector<std::string> w = words(code[0]);
  REQUIRE(w.size() >= 3);
  REQUIRE(w[0] == "frictionModel");
  return openSeesModel(w[1], {w.begin() + 2, w.end()}, N);
}

/// OpenSeesPy: `ops.frictionModel('TYPE', tag, args…)`: a str, then ints or floats (PythonModule.cpp).
Force readOpenSeesPy(const std::string& text, double N) {
  const std::vector<std::string> code = codeLines(text, "#");
  REQUIRE(code.size() == 2);
  CHECK(code[0] == "import openseespy.opensees as ops");
  std::string call = code[1];
  REQUIRE(call.rfind("ops.frictionModel(", 0) == 0);
  REQUIRE(call.back() == ')');
  call = call.substr(18, call.size() - 19);
  std::vector<std::string> args;
  std::istringstream in(call);
  for (std::string arg; std::getline(in, arg, ',');) {
    arg.erase(0, arg.find_first_not_of(' '));
    arg.erase(arg.find_last_not_of(' ') + 1);
    args.push_back(arg);
  }
  REQUIRE(args.size() >= 3);
  REQUIRE(args[0].front() == '\'');  // the type, a str
  for (std::string& arg : args)
    if (arg.front() == '\'') {
      REQUIRE(arg.back() == '\'');
      arg = arg.substr(1, arg.size() - 2);
    }
  return openSeesModel(args[0], {args.begin() + 1, args.end()}, N);
}

// ---- Drake (multibody_plant.cc StribeckModel, coulomb_friction.cc; RobotLocomotion/drake @ be259df724b3)
// ----

/// The continuous plant: μ(s), s = |v|/v_s: μs·step5(s) below 1, μs − (μs − μd)·step5((s − 1)/2) to 3, μd
/// above; the force μ·fn above a slip of 1e-14 m/s. CoulombFriction throws unless 0 ≤ μd ≤ μs.
Force drakeModel(double mus, double mud, double vs, double N) {
  REQUIRE((mud >= 0 && mus >= mud));
  REQUIRE(vs > 0);  // set_stiction_tolerance throws unless > 0
  auto step5 = [](double x) { return x * x * x * (10 + x * (6 * x - 15)); };
  return [=](double v) {
    if (!(v > 1e-14) || !(N > 0)) return 0.0;
    const double s = v / vs;
    const double mu = s >= 3 ? mud : s >= 1 ? mus - (mus - mud) * step5((s - 1) / 2) : mus * step5(s);
    return mu * N;
  };
}

/// The numbers between `open` and the next `close` in `line`, split at commas; "name=" prefixes dropped.
std::vector<double> callArguments(const std::string& line, const std::string& open) {
  const auto from = line.find(open);
  REQUIRE(from != std::string::npos);
  const auto to = line.find(')', from);
  std::istringstream in(line.substr(from + open.size(), to - from - open.size()));
  std::vector<double> out;
  for (std::string arg; std::getline(in, arg, ',');) {
    if (const auto equals = arg.find('='); equals != std::string::npos) arg = arg.substr(equals + 1);
    arg.erase(0, arg.find_first_not_of(' '));
    arg.erase(arg.find_last_not_of(' ') + 1);
    out.push_back(number(arg));
  }
  return out;
}

Force readDrakeCpp(const std::string& text, double N) {
  const std::vector<std::string> code = codeLines(text, "//");
  REQUIRE(code.size() == 2);
  REQUIRE(code[0].rfind("const drake::multibody::CoulombFriction<double> friction(", 0) == 0);
  const std::vector<double> friction = callArguments(code[0], "friction(");
  const std::vector<double> tolerance = callArguments(code[1], "plant.set_stiction_tolerance(");
  REQUIRE(friction.size() == 2);
  REQUIRE(tolerance.size() == 1);
  return drakeModel(friction[0], friction[1], tolerance[0], N);
}

Force readDrakePy(const std::string& text, double N) {
  const std::vector<std::string> code = codeLines(text, "#");
  REQUIRE(code.size() == 3);
  CHECK(code[0] == "from pydrake.multibody.plant import CoulombFriction");
  REQUIRE(code[1].find("CoulombFriction(static_friction=") != std::string::npos);
  REQUIRE(code[1].find(", dynamic_friction=") != std::string::npos);
  const std::vector<double> friction = callArguments(code[1], "CoulombFriction(");
  const std::vector<double> tolerance = callArguments(code[2], "plant.set_stiction_tolerance(");
  return drakeModel(friction[0], friction[1], tolerance[0], N);
}

// ---- OpenRadioss (/FRICTION: friction.cfg; cells as meci_data_reader.cpp and str_utils.cpp read them) ----

/// A fixed cell: blanks skipped, read to the first blank, D → E, a sign inside a number without an E
/// expanded ("1.5-5" → "1.5E-5"), then %lg; a blank cell is 0 (hc_scan_double, is_empty_field).
double radiossCell(const std::string& line, std::size_t at, std::size_t width) {
  std::string cell = at < line.size() ? line.substr(at, width) : "";
  cell.erase(0, cell.find_first_not_of(' '));
  if (cell.empty()) return 0;
  cell = cell.substr(0, cell.find(' '));
  for (char& c : cell)
    if (c == 'D' || c == 'd') c = 'E';
  if (cell.find_first_of("eE") == std::string::npos)
    if (const auto sign = cell.find_first_of("+-", 1); sign != std::string::npos) cell.insert(sign, "E");
  return number(cell);
}

/// i7for3.F:1860-1953 at p = 0, V = √max(1e-30, v²): μ by Ifric, floored at 1e-30 but for Ifric 0.
double radiossMu(int ifric, const std::vector<double>& C, double fric, double v) {
  const double V = std::sqrt(std::max(1e-30, v * v));
  double mu = 0;
  if (ifric == 0) return fric;
  if (ifric == 1) mu = fric + C[2] * V + C[5] * v * v;  // the p, p², p·V terms are 0
  if (ifric == 2) mu = fric + C[5] * std::exp(C[6] * V);
  if (ifric == 3) {
    if (V <= C[5]) {
      const double x = V / C[5];
      mu = C[1] + (C[3] - C[1]) * x * (2 - x);
    } else if (V < C[6]) {
      const double x = (V - C[5]) / (C[6] - C[5]);
      mu = C[3] + (C[4] - C[3]) * (3 - 2 * x) * x * x;
    } else {
      const double D = C[2] - C[4];
      mu = C[2] - D / (1 + D * (V - C[6]) * (V - C[6]));
    }
  }
  if (ifric == 4) mu = C[1] + (fric - C[1]) * std::exp(-C[2] * V);
  return std::max(mu, 1e-30);
}

struct RadiossCard {
  int ifric, ifiltr, iform;
  double xfreq, fric, visF;
  std::vector<double> C;  ///< C[1] … C[6]
};

RadiossCard readRadiossCard(const std::string& text) {
  const std::vector<std::string> code = codeLines(text, "#");
  REQUIRE(code.size() == 5);
  CHECK(code[0] == "/FRICTION/1");
  CHECK(code[1].size() <= 100);                                      // the title, %-100s
  for (std::size_t i = 2; i < 5; ++i) CHECK(code[i].size() <= 100);  // the reader's 100 columns
  RadiossCard card{};
  card.ifric = static_cast<int>(radiossCell(code[2], 0, 10));
  card.ifiltr = static_cast<int>(radiossCell(code[2], 10, 10));
  card.xfreq = radiossCell(code[2], 20, 20);
  card.iform = static_cast<int>(radiossCell(code[2], 40, 10));
  card.C.assign(7, 0.0);
  for (int i = 0; i < 5; ++i)
    card.C[static_cast<std::size_t>(i) + 1] = radiossCell(code[3], 20 * static_cast<std::size_t>(i), 20);
  card.C[6] = radiossCell(code[4], 0, 20);
  card.fric = radiossCell(code[4], 20, 20);
  card.visF = radiossCell(code[4], 40, 20);
  REQUIRE((card.ifric >= 0 && card.ifric <= 4));
  REQUIRE((card.iform >= 0 && card.iform <= 2));
  return card;
}

Force readRadioss(const std::string& text, double N) {
  const RadiossCard card = readRadiossCard(text);
  return [card, N](double v) { return radiossMu(card.ifric, card.C, card.fric, v) * N; };
}

// ---- Abaqus, LS-DYNA, Ansys: the exponential decay ----

/// Abaqus: `*FRICTION, EXPONENTIAL DECAY` then a data line μs, μk, dc (comma-separated, blanks allowed);
/// μ = μk + (μs − μk)·e^(−dc·γ̇) (abqpy's ContactTangentialBehavior, the EXPONENTIAL DECAY table).
Force readAbaqus(const std::string& text, double N) {
  const std::vector<std::string> code = codeLines(text, "**");
  REQUIRE(code.size() == 2);
  CHECK(code[0] == "*FRICTION, EXPONENTIAL DECAY");
  CHECK(code[1].size() <= 256);
  std::vector<double> p;
  std::istringstream in(code[1]);
  for (std::string item; std::getline(in, item, ',');) p.push_back(number(words(item).at(0)));
  REQUIRE(p.size() == 3);
  return ofMu([p](double v) { return p[1] + (p[0] - p[1]) * std::exp(-p[2] * v); }, N);
}

/// LS-DYNA card 2: FS FD DC VC in 10 columns each (AutomaticGeneral.cfg "%10lg"); μ = FD + (FS − FD)·
/// e^(−DC·|v|), FS alone with DC = 0 (Ansys FAQ); FS must be > 0 and ≠ 2 to be a coefficient.
Force readLsDyna(const std::string& text, double N) {
  const std::vector<std::string> code = codeLines(text, "$");
  REQUIRE(code.size() == 1);
  REQUIRE(code[0].size() == 40);
  std::vector<double> f;
  for (std::size_t i = 0; i < 4; ++i) {
    const std::vector<std::string> cell = words(code[0].substr(10 * i, 10));
    REQUIRE(cell.size() <= 1);
    f.push_back(cell.empty() ? 0.0 : number(cell[0]));
  }
  REQUIRE((f[0] >= 0 && f[0] != 2));
  CHECK(f[3] == 0);
  return ofMu([f](double v) { return f[2] == 0 ? f[0] : f[1] + (f[0] - f[1]) * std::exp(-f[2] * v); }, N);
}

/// Ansys APDL: `NAME=value` parameters, commands split at commas, '!' starts a comment; MU from TBDATA
/// (a number or a parameter), FACT and DC from the parameters the commented RMODIF lines name.
Force readAnsys(const std::string& text, double N) {
  std::map<std::string, double> parameters;
  std::string mu;
  bool tb = false;
  for (std::string line : lines(text)) {
    line = line.substr(0, line.find('!'));
    if (line.find_first_not_of(' ') == std::string::npos) continue;
    if (const auto equals = line.find('='); equals != std::string::npos) {
      const std::string name = line.substr(0, equals);
      REQUIRE(name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789") == std::string::npos);
      REQUIRE(name.size() <= 32);
      parameters[name] = number(line.substr(equals + 1));
      continue;
    }
    if (line == "TB,FRIC,1,,,ISO") tb = true;
    if (line.rfind("TBDATA,1,", 0) == 0) mu = line.substr(9);
  }
  REQUIRE(tb);
  const double MU = parameters.count(mu) ? parameters.at(mu) : number(mu);
  CHECK_THAT(text, Contains("RMODIF,cid,21,FL_FACT") && Contains("RMODIF,cid,22,FL_DC"));
  const double FACT = parameters.at("FL_FACT"), DC = parameters.at("FL_DC");
  REQUIRE(MU > 0);
  return ofMu([=](double v) { return MU * (1 + (FACT - 1) * std::exp(-DC * v)); }, N);
}

// ---- Simscape, Modelica, Ratel ----

/// `name = value;` assignments (MATLAB; `%` starts a comment), or `name=value` modifiers in parentheses.
std::map<std::string, double> assignments(const std::string& text, const std::string& marker,
                                          char separator) {
  std::map<std::string, double> out;
  std::string body;
  for (const std::string& line : codeLines(text, marker)) body += line.substr(0, line.find('%')) + "\n";
  if (separator == ',') body = body.substr(body.find('(') + 1, body.rfind(')') - body.find('(') - 1);
  for (char& c : body)
    if (c == separator || c == ';') c = '\n';
  std::istringstream in(body);
  for (std::string line; std::getline(in, line);) {
    const auto equals = line.find('=');
    if (equals == std::string::npos) continue;
    out[words(line.substr(0, equals)).at(0)] = number(words(line.substr(equals + 1)).at(0));
  }
  return out;
}

/// Simscape Translational Friction (MathWorks block reference): F = √(2e)(F_brk − F_C)e^(−(v/v_St)²)v/v_St
/// + F_C tanh(v/v_Coul) + f·v, v_St = √2·v_brk, v_Coul = v_brk/10; F_brk ≥ F_C required.
Force readSimscape(const std::string& text) {
  const std::map<std::string, double> p = assignments(text, "%", '\n');
  REQUIRE(p.size() == 4);
  const double Fbrk = p.at("breakaway_force"), Fc = p.at("coulomb_force"), vBrk = p.at("breakaway_velocity"),
               f = p.at("viscous_coefficient");
  REQUIRE(Fbrk >= Fc);
  REQUIRE(vBrk > 0);
  return [=](double v) {
    const double vSt = std::sqrt(2.0) * vBrk, vCoul = vBrk / 10;
    return std::sqrt(2 * std::exp(1.0)) * (Fbrk - Fc) * std::exp(-(v / vSt) * (v / vSt)) * v / vSt +
           Fc * std::tanh(v / vCoul) + f * v;
  };
}

/// MassWithStopAndFriction.mo: sliding forward, F = F_prop·v + F_Coulomb + F_Stribeck·e^(−fexp·v);
/// F_prop and fexp carry `final min=0`.
Force readModelica(const std::string& text) {
  const std::vector<std::string> code = codeLines(text, "//");
  REQUIRE(code.size() == 1);
  REQUIRE(code[0].rfind("Modelica.Mechanics.Translational.Components.MassWithStopAndFriction mass(", 0) == 0);
  REQUIRE(code[0].substr(code[0].size() - 2) == ");");
  const std::map<std::string, double> p = assignments(text, "//", ',');
  REQUIRE(p.size() == 4);
  REQUIRE((p.at("F_prop") >= 0 && p.at("fexp") >= 0));
  return [p](double v) {
    return p.at("F_prop") * v + p.at("F_Coulomb") + p.at("F_Stribeck") * std::exp(-p.at("fexp") * v);
  };
}

/// Ratel's options `-bc_platen_NAME_friction_KEY VALUE`: Coulomb F_C + Fv·v, Threlfall's ramp
/// F_C(1 − e^(−3v/v0))/(1 − e^(−3)) to v0, then F_C + Fv(v − v0); F_C = μk·|Fn| (Ratel documentation).
Force readRatel(const std::string& text, double N) {
  std::map<std::string, std::string> options;
  for (const std::string& line : codeLines(text, "#")) {
    const std::vector<std::string> w = words(line);
    REQUIRE(w.size() == 2);
    REQUIRE(w[0].rfind("-bc_platen_NAME_friction_", 0) == 0);
    options[w[0].substr(25)] = w[1];
  }
  const std::string type = options.at("type");
  REQUIRE((type == "coulomb" || type == "threlfall"));
  const double FC = number(options.at("kinetic")) * N, Fv = number(options.at("viscous"));
  const double v0 = type == "threlfall" ? number(options.at("tolerance_velocity")) : 0.0;
  return [=](double v) {
    if (!(v > 0)) return 0.0;
    if (type == "coulomb") return FC + Fv * v;
    return v <= v0 ? FC * (1 - std::exp(-3 * v / v0)) / (1 - std::exp(-3.0)) : FC + Fv * (v - v0);
  };
}

/// The text read by its target's reader.
Force readText(const std::string& target, const std::string& text, double N) {
  if (target == "opensees-tcl") return readTcl(text, N);
  if (target == "opensees-py") return readOpenSeesPy(text, N);
  if (target == "drake-cpp") return readDrakeCpp(text, N);
  if (target == "drake-py") return readDrakePy(text, N);
  if (target == "radioss") return readRadioss(text, N);
  if (target == "ratel") return readRatel(text, N);
  if (target == "abaqus") return readAbaqus(text, N);
  if (target == "ls-dyna") return readLsDyna(text, N);
  if (target == "ansys") return readAnsys(text, N);
  if (target == "simscape") return readSimscape(text);
  return readModelica(text);
}

/// The law's steady friction force: forceMagnitude, or μ(V)·N for the OpenRadioss laws (their
/// forceMagnitude holds the contact's Iform penalty, which the exports leave to the contact).
double lawForce(const LawEvaluator& law, double v, double N) {
  if (law.spec().origin != "OpenRadioss") return law.forceMagnitude(v, N);
  LawInputs inputs;
  inputs.v = v;
  inputs.N = N;
  return law.coefficient(inputs) * N;
}

/// The fit's grid (export.h): 200 speeds, log-spaced from vMin to vMax (ratio ≥ 100).
std::vector<double> grid(double vMin, double vMax) {
  std::vector<double> v;
  for (int i = 0; i < 200; ++i) v.push_back(vMin * std::pow(vMax / vMin, i / 199.0));
  return v;
}

/// What the text's solver computes against the law, over the grid: the largest relative deviation.
double measuredRelative(const Force& solver, const std::string& law, const ParamList& params, double N,
                        double vMin, double vMax, double speedUnit = 1) {
  const LawEvaluator evaluator(law, params);
  double relative = 0;
  for (double v : grid(vMin, vMax)) {
    const double expected = lawForce(evaluator, v, N), got = solver(v * speedUnit);
    relative = std::max(relative,
                        expected != 0 ? std::fabs(got - expected) / std::fabs(expected) : std::fabs(got) / N);
  }
  return relative;
}

/// The header's promise kept: a first line WARNING exactly when there are warnings, each warning and note
/// a line of it.
void checkHeader(const ExportResult& result, const std::string& marker) {
  const std::vector<std::string> all = lines(result.text);
  REQUIRE_FALSE(all.empty());
  if (result.warnings.empty()) {
    CHECK_THAT(all[0], StartsWith(marker + " Friction Lab export of "));
  } else {
    CHECK_THAT(all[0], StartsWith(marker + " WARNING: "));
  }
  std::size_t warnings = 0;
  for (const std::string& line : all)
    if (line.rfind(marker + " Warning: ", 0) == 0) ++warnings;
  CHECK(warnings == result.warnings.size());
  for (const std::string& line : all)
    for (char c : line) CHECK(static_cast<unsigned char>(c) < 128);  // ASCII, for every solver's reader
}

std::string commentMarker(const std::string& target) {
  if (target == "drake-cpp" || target == "modelica") return "//";
  if (target == "abaqus") return "**";
  if (target == "ls-dyna") return "$";
  if (target == "ansys") return "!";
  if (target == "simscape") return "%";
  return "#";
}

}  // namespace

TEST_CASE(
    "Every law to every target: read as the solver reads it, exact exactly where its equation is the law",
    "[export][solvers]") {
  const double N = 2, vMin = 1e-4, vMax = 1;
  int exact = 0, approximate = 0;
  for (const LawSpec& law : lawCatalog())
    for (const std::string& target : exportTargets()) {
      const std::string id(law.spec.id);
      INFO(id << " -> " << target);
      ExportResult result;
      try {
        result = exported(id, {}, target, N, vMin, vMax);
      } catch (const InputError& error) {
        CHECK(error.field() == "to");  // refused only for what the target cannot take, by its field
        continue;
      }
      checkHeader(result, commentMarker(target));
      const Force solver = readText(target, result.text, N);
      const double relative = measuredRelative(solver, id, {}, N, vMin, vMax);
      INFO("measured " << relative << ", reported " << result.deviation.relative);
      if (result.exact) {
        CHECK(relative <= 1e-12);
        ++exact;
      } else {
        CHECK(relative > 0.5e-12);
        CHECK(result.deviation.relative == Approx(relative).epsilon(1e-6).margin(1e-15));
        ++approximate;
      }
    }
  CHECK(exact >= 30);
  CHECK(approximate >= 100);
}

TEST_CASE("The unit-agnostic targets in mm-N-s: the same law with speeds in mm/s", "[export][solvers]") {
  const ParamList velPressure = {{"muSlow", 0.2},   {"muFast0", 0.1}, {"A", 0.3},
                                 {"deltaMu", 0.02}, {"alpha", 3e-7},  {"transRate", 5}};
  const std::vector<std::pair<std::string, ParamList>> cases = {
      {"opensees-velpressuredep", velPressure}, {"radioss-exponential", {}}, {"lugre", {}}};
  for (const auto& [law, params] : cases)
    for (const std::string target : {"opensees-tcl", "radioss", "abaqus", "ls-dyna", "ansys"}) {
      INFO(law << " -> " << target);
      const ExportResult result =
          exported(law, params, target, 2, 1e-4, 1, ExportUnits::MillimetreNewtonSecond);
      const Force solver = readText(target, result.text, 2);
      const double relative = measuredRelative(solver, law, params, 2, 1e-4, 1, 1e3);
      if (result.exact)
        CHECK(relative <= 1e-12);
      else
        CHECK(result.deviation.relative == Approx(relative).epsilon(1e-6).margin(1e-15));
    }
}

TEST_CASE("Radioss's contact regularisation stays with the contact: its laws export their friction law",
          "[export][solvers]") {
  SECTION("radioss-coulomb to OpenSees: Coulomb with Fric, exact (not muSlow = 7.8e-19)") {
    const ExportResult result = exported("radioss-coulomb", {{"Fric", 0.1}}, "opensees-tcl", 1);
    CHECK(result.exact);
    CHECK(codeLines(result.text, "#").at(0) == "frictionModel Coulomb 1 0.1");
  }
  SECTION("radioss-darmstad to LS-DYNA: FS = Fric + C5, FD = Fric, DC = −C6, exact") {
    const ExportResult result = exported("radioss-darmstad", {}, "ls-dyna", 1);
    CHECK(result.exact);
    const double relative = measuredRelative(readLsDyna(result.text, 1), "radioss-darmstad", {}, 1, 1e-4, 1);
    CHECK(relative <= 1e-12);
  }
  SECTION(
      "radioss-exponential to Abaqus, LS-DYNA, Ansys and Modelica: exact, with the penalty's speed noted") {
    for (const std::string target : {"abaqus", "ls-dyna", "ansys", "modelica"}) {
      INFO(target);
      const ExportResult result = exported("radioss-exponential", {}, target, 1);
      CHECK(result.exact);
    }
    // In Radioss itself, the Iform 1 penalty caps F at C·V below V* = μN/C: said in its own text.
    const ExportResult radioss = exported("radioss-exponential", {}, "radioss", 1);
    CHECK_THAT(radioss.text, Contains("Iform 1") && Contains("V* = ") && Contains("VIS_F = VISF^2"));
  }
  SECTION(
      "Iform and VIS_F are written into /FRICTION as the law has them: VIS_F = VISF² (/FRICTION's form)") {
    const RadiossCard card =
        readRadiossCard(exported("radioss-exponential", {{"VISF", 0.5}}, "radioss", 1).text);
    CHECK(card.iform == 1);
    CHECK(card.visF == 0.25);
    CHECK(readRadiossCard(exported("radioss-exponential", {{"Iform", 2}}, "radioss", 1).text).visF == 0);
    // Another law gets Iform 2: its steady sliding force is μ|Fn| in Radioss, with no mesh-dependent ramp.
    CHECK(readRadiossCard(exported("opensees-veldependent", {}, "radioss", 1).text).iform == 2);
  }
}

TEST_CASE("Degenerate and approximate exports say so in their first line", "[export][solvers]") {
  SECTION("VelDependent to Drake: static_friction is not identifiable, so it is set to dynamic_friction") {
    const ExportResult result = exported("opensees-veldependent", {}, "drake-py", 1);
    REQUIRE_FALSE(result.warnings.empty());
    CHECK_THAT(lines(result.text).at(0), StartsWith("# WARNING: "));
    const std::vector<double> friction = callArguments(codeLines(result.text, "#").at(1), "CoulombFriction(");
    CHECK(friction[0] == friction[1]);
  }
  SECTION("LuGre over 0.01 to 0.5 m/s at 3 N to OpenSees: a far-away muFast is flagged") {
    const ExportResult result = exported("lugre", {}, "opensees-tcl", 3, 0.01, 0.5);
    CHECK_THAT(lines(result.text).at(0), StartsWith("# WARNING: "));
  }
  SECTION("VelDepMultiLinear to Radioss and Abaqus: written (no catalog range of ours refuses it), flagged") {
    for (const std::string target : {"radioss", "abaqus"}) {
      const ExportResult result = exported("opensees-veldepmultilinear", {}, target, 1);
      CHECK_FALSE(result.warnings.empty());
    }
  }
}

TEST_CASE("LS-DYNA writes the most digits its 10 columns hold and says where it rounded",
          "[export][solvers]") {
  const ParamList params = {
      {"muSlow", 0.0851235123456}, {"muFast", 0.163987654321}, {"transRate", 1.23456789e-5}};
  const ExportResult result = exported("opensees-veldependent", params, "ls-dyna", 1);
  const std::string card = codeLines(result.text, "$").at(0);
  CHECK(card.substr(0, 10) == "0.08512351");  // 7 significant digits: all 10 columns
  CHECK(card.substr(10, 10) == "0.16398765");
  CHECK(card.substr(20, 10) == "1.23457E-5");  // 6 significant digits, the exponent without + or a zero
  CHECK_FALSE(result.exact);
  CHECK_THAT(result.text, Contains("rounded to LS-DYNA's 10-column fields"));
  CHECK(result.deviation.relative < 5e-8);
}

TEST_CASE("Ansys: real constants as named parameters; μk = 0 refused, FACT < 1 flagged",
          "[export][solvers]") {
  CHECK_THROWS_WITH(exported("coulomb", {{"mu_s", 0.3}, {"mu_k", 0}}, "ansys", 1),
                    Contains("μk > 0") && Contains("FACT"));
  const ExportResult rising =
      exported("opensees-veldependent", {{"muSlow", 0.1}, {"muFast", 0.2}}, "ansys", 1);
  CHECK(rising.exact);
  CHECK_THAT(lines(rising.text).at(0), StartsWith("! WARNING: "));
  CHECK_THAT(rising.text, Contains("FACT < 1") || Contains("below 1"));
}

TEST_CASE("Modelica takes μs < μk exactly (F_Stribeck has no minimum)", "[export][solvers]") {
  const ParamList rising = {{"muSlow", 0.1}, {"muFast", 0.2}, {"transRate", 3}};
  const ExportResult result = exported("opensees-veldependent", rising, "modelica", 2);
  CHECK(result.exact);
  CHECK(measuredRelative(readModelica(result.text), "opensees-veldependent", rising, 2, 1e-4, 1) <= 1e-12);
}
