#pragma once
// Named scenarios: the page's presets, declared once here (the page reads them through the
// bindings, each as its scenario's one written form). Each sets a view and the scenario it runs, with
// one line on what to look at, and, where one exists, the closed form to compare with.

#include <string_view>
#include <utility>
#include <vector>

#include "friction/parameters.h"
#include "friction/scenario.h"

namespace friction {

struct Preset {
  std::string_view id;
  std::string_view name;
  std::string_view look;  ///< one line: what to look at
  std::string_view view;  ///< "spring" or "presliding"
  /// What it runs: a seed model, or a law on the spring-block with its system and drive (the presliding
  /// view's: the law and its values).
  Scenario scenario;
  ParamList presliding = {};  ///< the presliding experiment's values (the presliding view)
  /// Closed-form figures to show beside the results, by summary key (e.g. {"period", 5.0926…}).
  std::vector<std::pair<std::string_view, double>> expected = {};
};

/// Every preset, in menu order; the first is the seed app's defaults.
const std::vector<Preset>& presetCatalog();

}  // namespace friction
