#pragma once
// Named scenarios: the page's presets, declared once here (the page reads them through the
// bindings). Each sets a view, what drives it and its values, with one line on what to look at,
// and, where one exists, the closed form to compare with.

#include <string_view>
#include <utility>
#include <vector>

#include "friction/parameters.h"
#include "friction/scenario.h"

namespace friction {

struct Preset {
  std::string_view id;
  std::string_view name;
  std::string_view look;        ///< one line: what to look at
  std::string_view view;        ///< "spring" or "presliding"
  std::string_view subject;     ///< a model id or a law id
  ParamList params;             ///< the model's or law's values (others at their defaults)
  ParamList system;             ///< the spring-block system (a law on the spring-block)
  std::string_view integrator;  ///< "auto" or an integrator id (a law on the spring-block)
  ParamList protocol;           ///< the presliding experiment's values (the presliding view)
  /// Closed-form figures to show beside the results, by summary key (e.g. {"period", 5.0926…}).
  std::vector<std::pair<std::string_view, double>> expected;
  /// The research presets' drive (issue 15): the load point's velocity steps, a steady start, the lab
  /// protocol (holds), the log grid and the number of rows (0: the default). Empty for the others.
  std::vector<Breakpoint> driveSteps = {};
  bool steadyStart = false;
  DriveProtocol lab = {};
  bool logGrid = false;
  int samples = 0;
};

/// The scenario a law preset runs (its law, params, system, integrator and drive), as the CLI and the
/// tests run it.
Scenario presetScenario(const Preset& preset);

/// Every preset, in menu order; the first is the seed app's defaults.
const std::vector<Preset>& presetCatalog();

/// Whether a preset's subject is a seed model (else it is a law).
bool runsModel(const Preset& preset);

}  // namespace friction
