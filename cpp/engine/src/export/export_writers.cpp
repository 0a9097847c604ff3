// One writer per target: a Mapping (already in the output units) to the target's own input text,
// each under the header of headerLines in the target's comment syntax. Each writer cites the
// documentation of the syntax it writes.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "export/export_map.h"
#include "friction/parameters.h"

namespace friction::exporting {
namespace {

std::string commented(const Mapping& mapping, const std::string& marker, const std::string& formatSource) {
  std::string text;
  for (const std::string& line : headerLines(mapping, formatSource)) text += marker + " " + line + "\n";
  return text;
}

/// The number's text in at most `width` characters that reads back closest to it: its shortest exact
/// text where that fits, else the fixed or the scientific notation with the most digits that fit (the
/// exponent without '+' or leading zeros, "1.23457E-5", which C's strtod and Fortran read alike).
std::string bestText(double value, int width) {
  std::string best = roundTrip(value);
  if (static_cast<int>(best.size()) <= width) return best;
  double bestError = std::numeric_limits<double>::infinity();
  auto consider = [&](const std::string& text) {
    if (static_cast<int>(text.size()) > width) return;
    const double error = std::fabs(std::strtod(text.c_str(), nullptr) - value);
    if (error < bestError || (error == bestError && text.size() < best.size())) {
      best = text;
      bestError = error;
    }
  };
  std::array<char, 64> buffer{};
  for (int decimals = 0; decimals <= 20; ++decimals) {
    std::snprintf(buffer.data(), buffer.size(), "%.*f", decimals, value);
    consider(buffer.data());
  }
  for (int digits = 0; digits <= 17; ++digits) {
    std::snprintf(buffer.data(), buffer.size(), "%.*e", digits, value);
    const std::string text = buffer.data();
    const auto e = text.find('e');
    consider(text.substr(0, e) + "E" + std::to_string(std::stoi(text.substr(e + 1))));
  }
  return best;
}

/// `value` right-aligned in a fixed-width field of `width` characters with at least one blank before it
/// (Radioss's cells), as bestText writes it in width − 1.
std::string field(double value, int width) {
  const std::string text = bestText(value, width - 1);
  return std::string(static_cast<std::size_t>(std::max(0, width - static_cast<int>(text.size()))), ' ') +
         text;
}

/// LS-DYNA's field: bestText in 10 columns, right-aligned (a full field touches its neighbour, as
/// fixed-format cards allow).
std::string lsDynaText(double value) {
  const std::string text = bestText(value, 10);
  return std::string(10 - text.size(), ' ') + text;
}

std::string integerField(double value, int width) {
  return field(static_cast<double>(static_cast<long>(value)), width);
}

/// The mapping's `keys` as fields of `width` characters hold them (bestText), with the rounding said.
Mapping roundToFields(Mapping mapping, const std::vector<std::string>& keys, int width,
                      const std::string& where) {
  std::string moved;
  for (const std::string& key : keys) {
    if (!mapping.has(key)) continue;
    const double value = mapping.get(key), written = std::strtod(bestText(value, width).c_str(), nullptr);
    if (written == value) continue;
    moved +=
        (moved.empty() ? "" : ", ") + key + " " + bestText(value, width) + " (from " + roundTrip(value) + ")";
    mapping.set(key, written);
  }
  if (!moved.empty()) mapping.rounding = "rounded to " + where + ": " + moved;
  return mapping;
}

/// The frictionModel arguments after the tag, in OpenSees's order (our catalog's order): numbers,
/// or for VelDepMultiLinear the flags -vel and -frn with their points.
std::vector<std::string> openSeesArguments(const Mapping& mapping, bool python) {
  std::vector<std::string> args;
  for (const Quantity& q : mapping.values) {
    if (q.isList) args.push_back(python ? "'-" + q.key + "'" : "-" + q.key);
    for (double item : q.items) args.push_back(roundTrip(item));
  }
  return args;
}

const char* const kOpenSeesSource =
    "OpenSees command manual, frictionModel (Coulomb, VelDependent, VelPressureDep, VelDepMultiLinear, "
    "VelNormalFrcDep); arguments as SRC/element/frictionBearing/frictionModel/*.cpp read them "
    "(OpenSees/OpenSees @ 2890cb36f59b).";

}  // namespace

// OpenSees Tcl: frictionModel TYPE tag args... (tag 1).
std::string writeOpenSeesTcl(const Mapping& mapping) {
  std::string line = "frictionModel " + mapping.targetLaw + " 1";
  for (const std::string& arg : openSeesArguments(mapping, false)) line += " " + arg;
  return commented(mapping, "#", kOpenSeesSource) + line + "\n";
}

// OpenSeesPy: ops.frictionModel('TYPE', tag, *args) (OpenSeesPy documentation, frictionModel).
std::string writeOpenSeesPy(const Mapping& mapping) {
  std::string line = "ops.frictionModel('" + mapping.targetLaw + "', 1";
  for (const std::string& arg : openSeesArguments(mapping, true)) line += ", " + arg;
  return commented(mapping, "#",
                   std::string(kOpenSeesSource) + " OpenSeesPy: ops.frictionModel(frnType, frnTag, *args).") +
         "import openseespy.opensees as ops\n" + line + ")\n";
}

// Drake: CoulombFriction<double>(static_friction, dynamic_friction) (drake/multibody/plant/
// coulomb_friction.h) and MultibodyPlant::set_stiction_tolerance(v_stiction) [m/s]
// (multibody_plant.h); pydrake.multibody.plant.CoulombFriction(static_friction=, dynamic_friction=).
std::string writeDrakeCpp(const Mapping& mapping) {
  const std::string source =
      "drake/multibody/plant/coulomb_friction.h (CoulombFriction(static_friction, dynamic_friction)), "
      "multibody_plant.h (set_stiction_tolerance, m/s).";
  return commented(mapping, "//", source) + "const drake::multibody::CoulombFriction<double> friction(" +
         roundTrip(mapping.get("static_friction")) + ", " + roundTrip(mapping.get("dynamic_friction")) +
         ");\n" + "plant.set_stiction_tolerance(" + roundTrip(mapping.get("stiction_tolerance")) +
         ");  // m/s\n";
}

std::string writeDrakePy(const Mapping& mapping) {
  const std::string source =
      "pydrake.multibody.plant.CoulombFriction(static_friction, dynamic_friction), "
      "MultibodyPlant.set_stiction_tolerance(v_stiction) in m/s.";
  return commented(mapping, "#", source) + "from pydrake.multibody.plant import CoulombFriction\n" +
         "friction = CoulombFriction(static_friction=" + roundTrip(mapping.get("static_friction")) +
         ", dynamic_friction=" + roundTrip(mapping.get("dynamic_friction")) + ")\n" +
         "plant.set_stiction_tolerance(" + roundTrip(mapping.get("stiction_tolerance")) + ")  # m/s\n";
}

// Radioss /FRICTION (OpenRadioss hm_cfg_files/config/CFG/radioss2023/FRICTION/friction.cfg, the
// radioss2020 format; Altair Radioss Reference Guide, Starter input /FRICTION): a title line, then
// Ifric Ifiltr Xfreq Iform, then C1–C5, then C6 Fric VIS_F, integers in 10 columns and reals in 20.
// Laws without a C or Fric leave it 0. VIS_F as mapRadioss computed it (the /INTER form squared).
std::string writeRadioss(const Mapping& mapping) {
  auto value = [&](const std::string& key) { return mapping.has(key) ? mapping.get(key) : 0.0; };
  std::string text = commented(
      mapping, "#",
      "OpenRadioss friction.cfg (radioss2020 format) and the Altair Radioss Reference Guide, Starter "
      "input /FRICTION: Ifric Ifiltr Xfreq Iform; C1..C5; C6 Fric VIS_F (integers 10 columns, reals "
      "20), read by OpenRadioss's starter hm_read_friction.F.");
  text += "/FRICTION/1\nFriction Lab " + mapping.sourceLaw + "\n";
  text += "#    Ifric    Ifiltr               Xfreq     Iform\n";
  text += integerField(value("Ifric"), 10) + integerField(value("Ifiltr"), 10) + field(value("Xfreq"), 20) +
          integerField(value("Iform"), 10) + "\n";
  text +=
      "#                 C1                  C2                  C3                  C4                  "
      "C5\n";
  for (const char* key : {"C1", "C2", "C3", "C4", "C5"}) text += field(value(key), 20);
  text += "\n#                 C6                Fric               VIS_F\n";
  for (const char* key : {"C6", "Fric", "VIS_F"}) text += field(value(key), 20);
  return text + "\n";
}

// Ratel (Ratel documentation, Friction models, Coulomb and Threlfall command-line options):
// -bc_platen_[name]_friction_type coulomb|threlfall, _friction_kinetic, _friction_viscous [N·s/m],
// _friction_tolerance_velocity [m/s] (Threlfall only).
std::string writeRatel(const Mapping& mapping) {
  const std::string prefix = "-bc_platen_NAME_friction_";
  std::string text =
      commented(mapping, "#",
                "Ratel documentation, Friction models: -bc_platen_[platen_name]_friction_* options "
                "(replace NAME with your platen's name).");
  text += prefix + "type " + mapping.targetLaw + "\n";
  text += prefix + "kinetic " + roundTrip(mapping.get("kinetic")) + "\n";
  text += prefix + "viscous " + roundTrip(mapping.get("viscous")) + "\n";
  if (mapping.targetLaw == "threlfall")
    text += prefix + "tolerance_velocity " + roundTrip(mapping.get("tolerance_velocity")) + "\n";
  return text;
}

// Abaqus *FRICTION, EXPONENTIAL DECAY: data line μs, μk, dc, μ = μk + (μs − μk)·e^(−dc·γ̇eq) (the order of
// the EXPONENTIAL DECAY table in Abaqus's scripting reference, as abqpy's ContactTangentialBehavior copies
// it; the Keywords Reference's data lines were not read).
std::string writeAbaqus(const Mapping& mapping) {
  return commented(mapping, "**",
                   "Abaqus *FRICTION, EXPONENTIAL DECAY: data line mu_s, mu_k, d_c (the EXPONENTIAL DECAY "
                   "table of Abaqus's scripting reference, ContactTangentialBehavior). Put it under your "
                   "*SURFACE INTERACTION.") +
         "*FRICTION, EXPONENTIAL DECAY\n" + roundTrip(mapping.get("mu_s")) + ", " +
         roundTrip(mapping.get("mu_k")) + ", " + roundTrip(mapping.get("dc")) + "\n";
}

// LS-DYNA *CONTACT_… card 2: FS FD DC VC in fields of 10 columns (OpenRadioss's LS-DYNA reader schema,
// Keyword971/CONTACT/AutomaticGeneral.cfg, "%10lg" each; pydyna's contact keywords); μ = FD + (FS − FD)·
// e^(−DC·|v_rel|). Each value with the most digits its 10 columns hold (roundToLsDynaFields; the fields
// may touch). VC (the viscous limit of the shear stress) is written 0: no limit.
std::string writeLsDyna(const Mapping& mapping) {
  return commented(mapping, "$",
                   "LS-DYNA *CONTACT card 2: FS FD DC VC, 10 columns each (OpenRadioss's LS-DYNA reader "
                   "schema; pydyna). Paste as card 2 of your *CONTACT_ keyword.") +
         "$#      fs        fd        dc        vc\n" + lsDynaText(mapping.get("mu_s")) +
         lsDynaText(mapping.get("mu_k")) + lsDynaText(mapping.get("dc")) + lsDynaText(0) + "\n";
}

// Ansys Mechanical APDL: MU on TB,FRIC (TBOPT ISO), FACT = μs/μk and DC as named APDL parameters, for the
// contact element's real constants FACT and DC (μ = MU·(1 + (FACT − 1)·e^(−DC·v_rel)), Contact Technology
// Guide as quoted by a third party). Their numbers 21 and 22 come from third-party copies of the CONTA17x
// real-constant table only, so the RMODIF lines are comments to check first.
std::string writeAnsys(const Mapping& mapping) {
  return commented(mapping, "!",
                   "Ansys Mechanical APDL: TB,FRIC (ISO) gives MU; FACT and DC are real constants of the "
                   "CONTA17x contact elements (by name in the element reference's real-constant table).") +
         "FL_MU=" + roundTrip(mapping.get("MU")) + "\nFL_FACT=" + roundTrip(mapping.get("FACT")) +
         "\nFL_DC=" + roundTrip(mapping.get("DC")) + "\nTB,FRIC,1,,,ISO\nTBDATA,1,FL_MU\n" +
         "! RMODIF,cid,21,FL_FACT   ! FACT (21 in third-party copies of the CONTA17x table: check yours)\n" +
         "! RMODIF,cid,22,FL_DC     ! DC (22, likewise); cid = your contact pair's real-constant set\n";
}

// Simscape Translational Friction (MathWorks block reference): Breakaway friction force, Breakaway
// friction velocity, Coulomb friction force, Viscous friction coefficient; SI.
std::string writeSimscape(const Mapping& mapping) {
  return commented(mapping, "%",
                   "MathWorks Simscape, Translational Friction block: F = "
                   "sqrt(2e)(F_brk-F_C)exp(-(v/v_St)^2)v/v_St "
                   "+ F_C tanh(v/v_Coul) + f v, v_St = sqrt(2) v_brk, v_Coul = v_brk/10.") +
         "breakaway_force = " + roundTrip(mapping.get("breakaway_force")) +
         ";  % Breakaway friction force [N]\n" +
         "breakaway_velocity = " + roundTrip(mapping.get("breakaway_velocity")) +
         ";  % Breakaway friction velocity [m/s]\n" +
         "coulomb_force = " + roundTrip(mapping.get("coulomb_force")) + ";  % Coulomb friction force [N]\n" +
         "viscous_coefficient = " + roundTrip(mapping.get("viscous_coefficient")) +
         ";  % Viscous friction coefficient [N/(m/s)]\n";
}

// Modelica.Mechanics.Translational.Components.MassWithStopAndFriction (Modelica Standard Library,
// MassWithStopAndFriction.mo): F_prop [N·s/m], F_Coulomb [N], F_Stribeck [N], fexp [s/m]; SI.
std::string writeModelica(const Mapping& mapping) {
  return commented(mapping, "//",
                   "Modelica Standard Library 4.0, "
                   "Modelica.Mechanics.Translational.Components.MassWithStopAndFriction: "
                   "sliding F = F_prop*v + F_Coulomb + F_Stribeck*exp(-fexp*|v|).") +
         "Modelica.Mechanics.Translational.Components.MassWithStopAndFriction mass(F_prop=" +
         roundTrip(mapping.get("F_prop")) + ", F_Coulomb=" + roundTrip(mapping.get("F_Coulomb")) +
         ", F_Stribeck=" + roundTrip(mapping.get("F_Stribeck")) + ", fexp=" + roundTrip(mapping.get("fexp")) +
         ");\n";
}

Mapping roundToLsDynaFields(Mapping mapping) {
  return roundToFields(std::move(mapping), {"mu_s", "mu_k", "dc"}, 10,
                       "LS-DYNA's 10-column fields (for about 16 digits, LS-DYNA's long format of 20 columns "
                       "takes a keyword ending in '+', per pydyna's deck reader: not written here)");
}

Mapping roundToRadiossFields(Mapping mapping) {
  return roundToFields(std::move(mapping), {"C1", "C2", "C3", "C4", "C5", "C6", "Fric", "VIS_F", "Xfreq"}, 19,
                       "Radioss's 20-column fields");
}

}  // namespace friction::exporting
