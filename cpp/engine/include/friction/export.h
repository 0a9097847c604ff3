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
  std::string text;       ///< ready to paste
  bool exact = true;      ///< false: the target's law was fitted (see deviation)
  std::string targetLaw;  ///< the target's law as written ("VelDependent", "EXPONENTIAL DECAY", ...)
  ExportDeviation deviation;
};

/// The target ids, in menu order: opensees-tcl, opensees-py, drake-cpp, drake-py, radioss, ratel,
/// abaqus, ls-dyna, ansys, simscape, modelica.
const std::vector<std::string>& exportTargets();

/// The text for `request`. Throws InputError naming the field (law, params.KEY, target, N, vMin,
/// vMax, units) with its unit, range and value.
ExportResult exportLaw(const ExportRequest& request);

/// Reads { "law", "params", "to", "N", "vMin", "vMax", "units": "SI" | "mm-N-s" }: one reader for the
/// CLI and the bindings.
ExportRequest readExportRequest(const Value& value);

/// { text, exact, targetLaw, deviation: { force, atVelocity, relative, points } | null }.
Value exportResultValue(const ExportResult& result);

}  // namespace friction
