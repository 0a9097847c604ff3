// The output units of the unit-agnostic targets, the numbers as written, and the header every
// export starts with. The catalog is SI (m, N, s, kg, Pa); mm–N–s is the consistent set of mm, N, s,
// tonne and MPa (N/mm²) that Abaqus, LS-DYNA, Ansys, Radioss and OpenSees models often use.

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string_view>
#include <utility>

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

double speedFactor(ExportUnits units) { return units == ExportUnits::SI ? 1.0 : 1e3; }

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

namespace {

/// The text in ASCII: solvers' input files (APDL, keyword decks, Tcl) are read as bytes, and some
/// readers stop at the first one above 127 even in a comment.
std::string ascii(const std::string& text) {
  static const std::pair<std::string_view, std::string_view> kPlain[] = {
      {"μ", "mu"},   {"·", "*"},   {"≤", "<="}, {"≥", ">="}, {"−", "-"},     {"→", "->"},    {"²", "^2"},
      {"√", "sqrt"}, {"…", "..."}, {"–", "-"},  {"—", "-"},  {"θ", "theta"}, {"σ", "sigma"}, {"ε", "eps"}};
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [from, to] : kPlain) {
      if (text.compare(i, from.size(), from) != 0) continue;
      out += to;
      i += from.size();
      replaced = true;
      break;
    }
    if (replaced) continue;
    const auto byte = static_cast<unsigned char>(text[i]);
    out += byte < 128 ? text[i] : '?';
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;  // the rest of it
  }
  return out;
}

/// The line saying how the target's law stands to the chosen law: exact, approximate (fitted) or rounded.
std::vector<std::string> standingLines(const Mapping& m) {
  const ExportDeviation& d = m.deviation;
  const std::string range = formatSignificant(m.vMin, 6) + " to " + formatSignificant(m.vMax, 6) +
                            " m/s at N = " + formatSignificant(m.N, 6) + " N (" + std::to_string(d.points) +
                            " speeds)";
  const std::string largest = "Largest deviation: |dF| = " + formatSignificant(d.force, 4) +
                              " N (|dmu| = " + formatSignificant(d.force / m.N, 4) +
                              ") at v = " + formatSignificant(d.atVelocity, 4) + " m/s; at most " +
                              formatSignificant(100 * d.relative, 3) + " % of the law's force.";
  if (m.exact)
    return {"Exact: " + m.targetLaw + "'s own equation with these values equals " + m.sourceLaw +
            "'s steady friction force to 1e-12 over v = " + range + "."};
  if (m.fitted)
    return {"Approximate: " + m.targetLaw + " fitted to " + m.sourceLaw +
                "'s steady friction force over v = " + range + ".",
            largest};
  return {"Not exact: " + m.targetLaw + " with " + m.sourceLaw + "'s own values, " + m.rounding +
              ", over v = " + range + ".",
          largest};
}

}  // namespace

std::vector<std::string> headerLines(const Mapping& m, const std::string& formatSource) {
  std::vector<std::string> lines;
  if (!m.warnings.empty())
    lines.push_back("WARNING: " + std::to_string(m.warnings.size()) + " caveat" +
                    (m.warnings.size() > 1 ? "s" : "") + " below (Warning:) - read before use. " +
                    m.warnings.front());
  lines.push_back("Friction Lab export of " + m.sourceLaw + " as " + m.targetLaw + ".");
  lines.push_back("Units: " + unitsLabel(m.units) + ".");
  for (const std::string& line : standingLines(m)) lines.push_back(line);
  if (!m.rounding.empty() && m.exact) lines.push_back("Rounded: " + m.rounding + ".");
  for (const std::string& warning : m.warnings) lines.push_back("Warning: " + warning);
  for (const std::string& note : m.notes) lines.push_back("Note: " + note);
  lines.push_back("Format: " + formatSource);
  for (std::string& line : lines) line = ascii(line);
  return lines;
}

}  // namespace friction::exporting
