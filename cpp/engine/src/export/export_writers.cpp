// One writer per target: a Mapping (already in the output units) to the target's own input text,
// each under the header of headerLines in the target's comment syntax. Each writer cites the
// documentation of the syntax it writes.

#include <algorithm>
#include <cctype>
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

/// `value` right-aligned in `width` characters, with as many significant digits as fit (a fixed-width
/// field of Radioss or LS-DYNA; at least one blank before it, so that fields never touch).
std::string field(double value, int width) {
  std::string text = roundTrip(value);
  for (int digits = 16; static_cast<int>(text.size()) > width - 1 && digits >= 1; --digits) {
    text = formatSignificant(value, digits);
    for (char& c : text)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));  // 1.5E-05, as %G writes it
  }
  return std::string(std::max(0, width - static_cast<int>(text.size())), ' ') + text;
}

std::string integerField(double value, int width) {
  return field(static_cast<double>(static_cast<long>(value)), width);
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

// Radioss /FRICTION (Altair Radioss Reference Guide, Starter input, /FRICTION): a title line, then
// Ifric Ifiltr Xfreq Iform, then C1–C5, then C6 Fric VISF, in fields of 10 characters (integers in
// one, reals in two: 20). Laws without a C or Fric leave it 0. K and M belong to the interface.
std::string writeRadioss(const Mapping& mapping) {
  auto value = [&](const std::string& key) {
    for (const Quantity& q : mapping.values)
      if (q.key == key) return q.value();
    return 0.0;
  };
  std::string text =
      commented(mapping, "#",
                "Altair Radioss Reference Guide, Starter input /FRICTION: Ifric Ifiltr Xfreq Iform; C1..C5; "
                "C6 Fric VISF (10-character fields, reals 20). K and M (Iform's stiffness and mass) belong "
                "to the /INTER card, not here.");
  text += "/FRICTION/1\nFriction Lab " + mapping.sourceLaw + "\n";
  text += "#    Ifric    Ifiltr               Xfreq     Iform\n";
  text += integerField(value("Ifric"), 10) + integerField(value("Ifiltr"), 10) + field(value("Xfreq"), 20) +
          integerField(value("Iform"), 10) + "\n";
  text +=
      "#                 C1                  C2                  C3                  C4                  "
      "C5\n";
  for (const char* key : {"C1", "C2", "C3", "C4", "C5"}) text += field(value(key), 20);
  text += "\n#                 C6                Fric                VISF\n";
  for (const char* key : {"C6", "Fric", "VISF"}) text += field(value(key), 20);
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

// Abaqus *FRICTION, EXPONENTIAL DECAY (Abaqus Keywords Reference, *FRICTION): data line μs, μk, dc;
// μ = μk + (μs − μk)·e^(−dc·γ̇eq).
std::string writeAbaqus(const Mapping& mapping) {
  return commented(mapping, "**",
                   "Abaqus Keywords Reference, *FRICTION, EXPONENTIAL DECAY: data line mu_s, mu_k, d_c.") +
         "*FRICTION, EXPONENTIAL DECAY\n" + roundTrip(mapping.get("mu_s")) + ", " +
         roundTrip(mapping.get("mu_k")) + ", " + roundTrip(mapping.get("dc")) + "\n";
}

// LS-DYNA *CONTACT_… card 2 (LS-DYNA Keyword User's Manual Vol. I, *CONTACT): FS FD DC VC in
// 10-character fields; μ = FD + (FS − FD)·e^(−DC·|v_rel|). VC (the viscous limit of the shear
// stress) is written 0: no limit.
std::string writeLsDyna(const Mapping& mapping) {
  return commented(
             mapping, "$",
             "LS-DYNA Keyword User's Manual Vol. I, *CONTACT card 2: FS FD DC VC (10-character fields). "
             "Paste as card 2 of your *CONTACT_ keyword.") +
         "$#      fs        fd        dc        vc\n" + field(mapping.get("mu_s"), 10) +
         field(mapping.get("mu_k"), 10) + field(mapping.get("dc"), 10) + field(0, 10) + "\n";
}

// Ansys (Mechanical APDL Contact Technology Guide, "Static and dynamic friction coefficients"):
// μ = MU·(1 + (FACT − 1)·e^(−DC·v_rel)), MU from TB,FRIC with TBOPT ISO (the dynamic coefficient),
// FACT = μs/μk and DC the contact element's real constants (CONTA17x: 21 and 22).
std::string writeAnsys(const Mapping& mapping) {
  const double muk = mapping.get("mu_k");
  return commented(mapping, "!",
                   "Ansys Mechanical APDL Contact Technology Guide, static and dynamic friction: "
                   "mu = MU*(1+(FACT-1)*exp(-DC*v)); TB,FRIC (ISO) gives MU; FACT and DC are real constants "
                   "21 and 22 of CONTA17x (material and real-constant set 1 here).") +
         "TB,FRIC,1,,,ISO\nTBDATA,1," + roundTrip(muk) + "\nRMODIF,1,21," +
         roundTrip(mapping.get("mu_s") / muk) + "\nRMODIF,1,22," + roundTrip(mapping.get("dc")) + "\n";
}

// Simscape Translational Friction (MathWorks block reference): Breakaway friction force, Breakaway
// friction velocity, Coulomb friction force, Viscous friction coefficient; SI.
std::string writeSimscape(const Mapping& mapping) {
  const double Fc = mapping.get("coulomb_force");
  return commented(mapping, "%",
                   "MathWorks Simscape, Translational Friction block: F = "
                   "sqrt(2e)(F_brk-F_C)exp(-(v/v_St)^2)v/v_St "
                   "+ F_C tanh(v/v_Coul) + f v, v_St = sqrt(2) v_brk, v_Coul = v_brk/10.") +
         "breakaway_force = " + roundTrip(Fc + mapping.get("breakaway_excess")) +
         ";  % Breakaway friction force [N]\n" +
         "breakaway_velocity = " + roundTrip(mapping.get("breakaway_velocity")) +
         ";  % Breakaway friction velocity [m/s]\n" + "coulomb_force = " + roundTrip(Fc) +
         ";  % Coulomb friction force [N]\n" +
         "viscous_coefficient = " + roundTrip(mapping.get("viscous_coefficient")) +
         ";  % Viscous friction coefficient [N/(m/s)]\n";
}

// Modelica.Mechanics.Translational.Components.MassWithStopAndFriction (Modelica Standard Library 4.0):
// F_prop [N·s/m], F_Coulomb [N], F_Stribeck [N], fexp [s/m]; SI.
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

}  // namespace friction::exporting
