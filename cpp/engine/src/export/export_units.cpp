// The output units of the unit-agnostic targets, the numbers as written, and the header every
// export starts with. The catalog is SI (m, N, s, kg, Pa); mm–N–s is the consistent set of mm, N, s,
// tonne and MPa (N/mm²) that Abaqus, LS-DYNA, Ansys, Radioss and OpenSees models often use.

#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "export/export_map.h"
#include "friction/parameters.h"

namespace friction::exporting {
namespace {

/// A catalog unit in mm–N–s: its name there and the factor from SI (value_mm = factor · value_SI).
/// 1 m = 1e3 mm, 1 kg = 1e-3 t, 1 Pa = 1e-6 MPa; N and s unchanged.
struct UnitChange {
  const char* si;
  const char* mm;
  double factor;
};

constexpr UnitChange kUnits[] = {
    {"", "", 1},
    {"N", "N", 1},
    {"s", "s", 1},
    {"m/s", "mm/s", 1e3},
    {"s/m", "s/mm", 1e-3},
    {"s²/m²", "s²/mm²", 1e-6},
    {"m²", "mm²", 1e6},
    {"1/Pa", "1/MPa", 1e6},
    {"1/Pa²", "1/MPa²", 1e12},
    {"s/(Pa·m)", "s/(MPa·mm)", 1e3},
    {"N·s/m", "N·s/mm", 1e-3},
    {"N/m", "N/mm", 1e-3},
    {"kg", "t", 1e-3},
    {"s/(m·N)", "s/(mm·N)", 1e-3},
    {"s/(m·N²)", "s/(mm·N²)", 1e-3},
    {"N^(1−nSlow)", "N^(1−nSlow)", 1},
    {"N^(1−nFast)", "N^(1−nFast)", 1},
};

const UnitChange& change(const std::string& siUnit) {
  for (const UnitChange& unit : kUnits)
    if (siUnit == unit.si) return unit;
  // A catalog unit this table lacks is our omission, caught by the export tests of every law.
  throw std::logic_error("export: no mm–N–s conversion for the unit '" + siUnit + "'");
}

}  // namespace

std::string unitName(const std::string& siUnit, ExportUnits units) {
  return units == ExportUnits::SI ? siUnit : change(siUnit).mm;
}

std::string unitsLabel(ExportUnits units) {
  return units == ExportUnits::SI ? "SI (m, N, s, kg, Pa)" : "mm-N-s (mm, N, s, tonne, MPa)";
}

Mapping outputUnits(Mapping mapping) {
  if (mapping.units == ExportUnits::SI) return mapping;
  for (Quantity& q : mapping.values) {
    const UnitChange& unit = change(q.unit);
    for (double& item : q.items) item *= unit.factor;
    q.unit = unit.mm;
  }
  return mapping;
}

std::string roundTrip(double value) {
  std::string text;
  for (int digits = 1; digits <= 17; ++digits) {
    text = formatSignificant(value, digits);
    if (std::strtod(text.c_str(), nullptr) == value) break;
  }
  return text;
}

std::vector<std::string> headerLines(const Mapping& mapping, const std::string& formatSource) {
  std::vector<std::string> lines = {
      "Friction Lab export of " + mapping.sourceLaw + " as " + mapping.targetLaw + ".",
      "Units: " + unitsLabel(mapping.units) + "."};
  if (mapping.exact) {
    lines.push_back("Exact: " + mapping.targetLaw +
                    " is the chosen law's own equation; these are its parameters.");
  } else {
    const ExportDeviation& d = mapping.deviation;
    lines.push_back("Approximate: " + mapping.targetLaw + " fitted to " + mapping.sourceLaw +
                    "'s steady friction force over v = " + formatSignificant(mapping.vMin, 6) + " to " +
                    formatSignificant(mapping.vMax, 6) + " m/s at N = " + formatSignificant(mapping.N, 6) +
                    " N (" + std::to_string(d.points) + " speeds).");
    lines.push_back("Largest deviation: |dF| = " + formatSignificant(d.force, 4) +
                    " N (|dmu| = " + formatSignificant(d.force / mapping.N, 4) +
                    ") at v = " + formatSignificant(d.atVelocity, 4) + " m/s; at most " +
                    formatSignificant(100 * d.relative, 3) + " % of the law's force.");
  }
  lines.push_back("Format: " + formatSource);
  return lines;
}

}  // namespace friction::exporting
