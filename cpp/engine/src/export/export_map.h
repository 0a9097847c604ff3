#pragma once
// The export's inner steps (friction/export.h): a law mapped onto a target's own parameters, the
// units of the output, and one writer per target. Internal to cpp/engine/src/export.

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

/// The chosen law on the target's side: the target's law, its values, and how close the mapping is.
struct Mapping {
  std::string sourceLaw;  ///< the catalog id chosen
  std::string targetLaw;  ///< the target's name of its law ("VelDependent", "EXPONENTIAL DECAY")
  std::vector<Quantity> values;
  bool exact = true;
  ExportDeviation deviation;
  double N = 1, vMin = 0, vMax = 0;
  ExportUnits units = ExportUnits::SI;

  double get(const std::string& key) const;
  const Quantity& quantity(const std::string& key) const;
};

/// The target families: each maps a law onto its own law, exactly or by a fit.
Mapping mapOpenSees(const ExportRequest& request);
Mapping mapRadioss(const ExportRequest& request);
Mapping mapDrake(const ExportRequest& request);
Mapping mapRatel(const ExportRequest& request);
Mapping mapExponentialDecay(const ExportRequest& request);  ///< Abaqus, LS-DYNA, Ansys
Mapping mapSimscape(const ExportRequest& request);
Mapping mapModelica(const ExportRequest& request);

/// The mapping with every value in the requested units (mm–N–s: mm, N, s, tonne, MPa).
Mapping outputUnits(Mapping mapping);
/// The unit as written in the output units ("s/m" → "s/mm" in mm–N–s).
std::string unitName(const std::string& siUnit, ExportUnits units);
/// "SI (m, N, s, kg, Pa)" or "mm–N–s (mm, N, s, tonne, MPa)".
std::string unitsLabel(ExportUnits units);

/// The comment lines every text starts with (without the comment marker): what was exported, in
/// which units, exact or approximate with its range and largest deviation, and the format's source.
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
