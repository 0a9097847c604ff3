#pragma once
// The export's inner steps (friction/export.h): a law mapped onto a target's own parameters
// (export_map.cpp), the units of the output (export_units.cpp), the target's own equation evaluated
// from what the text holds, its constraints and the caveats (export_check.cpp), and one writer per
// target (export_writers.cpp). Internal to cpp/engine/src/export.

#include <string>
#include <vector>

#include "friction/export.h"

namespace friction::exporting {

/// One value as the target takes it: its key in the target's vocabulary, its value(s) and SI unit.
struct Quantity {
  std::string key;
  std::vector<double> items;
  std::string unit;  ///< SI; converted by outputUnits
  bool isList = false;
  double value() const { return items.front(); }
};

/// The family of the target's law: which equation the target computes from the values.
enum class Family {
  OpenSees,          ///< frictionModel TYPE (targetLaw), force μN for N > 0
  Drake,             ///< CoulombFriction + stiction tolerance, the continuous plant's Stribeck curve
  Radioss,           ///< /FRICTION Ifric 0–4, μ(V)·N at p = 0
  Ratel,             ///< coulomb or threlfall
  ExponentialDecay,  ///< Abaqus, LS-DYNA: μk + (μs − μk)e^(−dc·v)
  Ansys,             ///< MU·(1 + (FACT − 1)e^(−DC·v))
  Simscape,          ///< Translational Friction
  Modelica,          ///< MassWithStopAndFriction, sliding forward
};

/// The chosen law on the target's side: the target's law, its values, and how close the mapping is.
struct Mapping {
  std::string target;     ///< the target's id ("ls-dyna")
  std::string sourceLaw;  ///< the catalog id chosen
  std::string targetLaw;  ///< the target's name of its law ("VelDependent", "EXPONENTIAL DECAY")
  Family family = Family::OpenSees;
  std::vector<Quantity> values;
  bool fitted = false;  ///< the target's law was fitted (else its values are the law's own, or derived)
  bool exact = true;    ///< set by checkMapping: the target's equation equals the law over the range
  ExportDeviation deviation;
  double N = 1, vMin = 0, vMax = 0;
  ExportUnits units = ExportUnits::SI;
  std::vector<std::string> warnings;  ///< caveats: the fit's warnings, values beyond the law's range …
  std::vector<std::string> notes;     ///< what the user must know or set elsewhere (the contact's part)
  std::string rounding;               ///< where the text rounds a value (LS-DYNA's fields), in words

  double get(const std::string& key) const;
  bool has(const std::string& key) const;
  const Quantity& quantity(const std::string& key) const;
  void set(const std::string& key, double value);
};

/// The target families: each maps a law onto its own law, exactly or by a fit.
Mapping mapOpenSees(const ExportRequest& request);
Mapping mapRadioss(const ExportRequest& request);
Mapping mapDrake(const ExportRequest& request);
Mapping mapRatel(const ExportRequest& request);
Mapping mapExponentialDecay(const ExportRequest& request);  ///< Abaqus, LS-DYNA
Mapping mapAnsys(const ExportRequest& request);
Mapping mapSimscape(const ExportRequest& request);
Mapping mapModelica(const ExportRequest& request);

/// The fit's speeds: 200, log-spaced from vMin to vMax when vMax/vMin ≥ 100, else linear (as convertLaw
/// spaces them), in portable arithmetic.
std::vector<double> speedGrid(double vMin, double vMax);

/// The mapping with every value in the requested units (mm–N–s: mm, N, s, tonne, MPa).
Mapping outputUnits(Mapping mapping);
/// The factor from m/s to the output units' speed (1 or 1000).
double speedFactor(ExportUnits units);
/// The unit as written in the output units ("s/m" → "s/mm" in mm–N–s).
std::string unitName(const std::string& siUnit, ExportUnits units);
/// "SI (m, N, s, kg, Pa)" or "mm–N–s (mm, N, s, tonne, MPa)".
std::string unitsLabel(ExportUnits units);

/// The mapping's values as LS-DYNA's fields hold them, with `rounding` saying where they moved.
Mapping roundToLsDynaFields(Mapping mapping);
/// The same for Radioss's 20-column real fields.
Mapping roundToRadiossFields(Mapping mapping);

/// The target's own equation at speed v ≥ 0 (in the output units' speed) from the mapping's values
/// (in the output units), as the target computes it: the friction force [N] at the mapping's N.
double targetForce(const Mapping& mapping, double v);

/// The notes and the unverified points of the mapping's target (export_notes.cpp): what belongs to the
/// contact and must be set there, where the values go, what this text does not verify.
void addTargetNotes(Mapping& mapping, const ExportRequest& request);

/// Measures the target's equation against the law's steady force over the range (exact: within 1e-12
/// relative at every speed), checks the values against what the target accepts (refusing what it
/// would reject or misread, InputError field "to"), and adds the caveats (warnings, notes).
void checkMapping(Mapping& mapping, const ExportRequest& request);

/// The comment lines every text starts with (without the comment marker): a warning first if there
/// are caveats, what was exported, in which units, exact or approximate with its range and largest
/// deviation, every warning and note, and the format's source.
std::vector<std::string> headerLines(const Mapping& mapping, const std::string& formatSource);
/// A number with the fewest significant digits (≤ 17) that read back to the same double.
std::string roundTrip(double value);

std::string writeOpenSeesTcl(const Mapping& mapping);
std::string writeOpenSeesPy(const Mapping& mapping);
std::string writeDrakeCpp(const Mapping& mapping);
std::string writeDrakePy(const Mapping& mapping);
std::string writeRadioss(const Mapping& mapping);
std::string writeRatel(const Mapping& mapping);
std::string writeAbaqus(const Mapping& mapping);
std::string writeLsDyna(const Mapping& mapping);
std::string writeAnsys(const Mapping& mapping);
std::string writeSimscape(const Mapping& mapping);
std::string writeModelica(const Mapping& mapping);

}  // namespace friction::exporting
