#pragma once
// Export of a catalog law to a solver's own input (issue 16): OpenSees (Tcl, Python), Drake (C++,
// Python), Radioss, Ratel, Abaqus, LS-DYNA, Ansys, Simscape and Modelica. Pure text: no I/O.
//
// Where the chosen law is the target's own law (an OpenSees law to OpenSees, a Radioss Ifric to
// Radioss, an exponential decay to Abaqus), the parameters map exactly. Where it is not, the
// target's law is fitted to the chosen law's steady friction force over a speed range (the least
// squares of friction/fit.h), and the text says, in the target's comment syntax, the range and the
// largest deviation.

#include <string>
#include <utility>
#include <vector>

#include "friction/parameters.h"
#include "friction/value.h"

namespace friction {

/// Output units of the unit-agnostic targets (OpenSees, Radioss, Abaqus, LS-DYNA, Ansys): SI (m, N,
/// s, kg, Pa) or mm–N–s (mm, N, s, tonne, MPa). The others (Drake, Ratel, Simscape, Modelica) are SI.
enum class ExportUnits { SI, MillimetreNewtonSecond };

struct ExportRequest {
  std::string law;     ///< a catalog law id
  ParamList params;    ///< its parameters (defaults for those not given)
  std::string target;  ///< one of exportTargets()
  double N = 1;        ///< normal force [N]: μ → force for force targets, and the fit's normal force
  double vMin = 1e-4, vMax = 1;  ///< the speed range [m/s] of an approximate mapping
  ExportUnits units = ExportUnits::SI;
};

/// The largest deviation of an approximate mapping, measured on the fit's speed grid.
struct ExportDeviation {
  double force = 0;       ///< max |F_target − F_law| [N]
  double atVelocity = 0;  ///< where [m/s]
  double relative = 0;    ///< max |F_target − F_law| / F_law over the grid
  int points = 0;         ///< speeds of the grid (log-spaced from vMin to vMax when vMax/vMin ≥ 100)
};

struct ExportResult {
  std::string text;  ///< ready to paste
  /// True only where the target's own equation, evaluated from the values as the text holds them, equals
  /// the law's steady friction force to 1e-12 relative at every speed of the grid over [vMin, vMax].
  bool exact = true;
  std::string targetLaw;      ///< the target's law as written ("VelDependent", "EXPONENTIAL DECAY", ...)
  ExportDeviation deviation;  ///< measured from the text's values, exact or not
  /// Every caveat, each also a "Warning:" line of the text, whose first line then says so: the fit's
  /// warnings (not identifiable, at a bound, not converged), a deviation above 5 % of the law's force, a
  /// fitted coefficient far outside the law's μ over the range, what the target's acceptance of was not
  /// verified (μs < μk in Abaqus, LS-DYNA and Ansys).
  std::vector<std::string> warnings;
  /// What the user must know or set elsewhere (the contact's regularisation, Drake's plant and pair, where
  /// Ansys's real constants go), each also a "Note:" line of the text.
  std::vector<std::string> notes;
};

/// The target ids, in menu order: opensees-tcl, opensees-py, drake-cpp, drake-py, radioss, ratel,
/// abaqus, ls-dyna, ansys, simscape, modelica.
const std::vector<std::string>& exportTargets();
/// [{ id, name, units: "any" | "SI" }], in menu order: what a page's solver menu lists.
Value exportTargetsValue();

/// The text for `request`. Throws InputError naming the field (law, params.KEY, to, N, vMin, vMax, units)
/// with its unit, range and value; and ("to") where the target would refuse or misread the values (an
/// Ansys μk of 0, an LS-DYNA FS of 2, what OpenSees exits on, what Drake throws on).
ExportResult exportLaw(const ExportRequest& request);

/// Reads { "law", "params", "to", "N", "vMin", "vMax", "units": "SI" | "mm-N-s" }: one reader for the
/// CLI and the bindings.
ExportRequest readExportRequest(const Value& value);

/// { text, exact, targetLaw, warnings: [..], notes: [..], deviation: { force, atVelocity, relative, points }
/// | null (exact) }.
Value exportResultValue(const ExportResult& result);

}  // namespace friction
