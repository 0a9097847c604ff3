#pragma once
// The catalog: every model and every parameter, declared once.
//
// Each parameter is declared exactly once, in its model's source file, with its symbol, unit,
// default, range, step and help text. Validation (parameters.h), the wasm bindings and the page's
// controls all read it from here; nothing else lists parameters.

#include <cstddef>
#include <string_view>
#include <vector>

namespace friction {

/// How a control moves through a parameter's range.
enum class Scale { Linear, Log };

/// What a parameter holds: a real number, a whole number (a switch such as Radioss's Iform), or a
/// list of real numbers (such as OpenSees's velocity breakpoints), each item within [min, max].
enum class ParamKind { Number, Integer, List };

/// Smallest and largest length of a List parameter. OpenSees's parser reads at most 64 points.
inline constexpr std::size_t kMinListItems = 2;
inline constexpr std::size_t kMaxListItems = 64;

/// A default that follows another parameter of the same model: value = factor × (that parameter).
/// Example: the normal force Fn defaults to m·g. An empty `key` means "no derived default".
struct DerivedDefault {
  std::string_view key;      ///< the parameter followed, e.g. "m"
  double factor = 0.0;       ///< e.g. g = 9.80665 m/s²
  std::string_view formula;  ///< shown to users, e.g. "m·g"
};

/// One parameter of one model. Units are SI unless the model is a documented port of a
/// non-SI original (the seed app), in which case `unit` says what the original uses.
struct ParamSpec {
  std::string_view key;     ///< stable machine name, as the origin names it ("mus", "eta")
  std::string_view symbol;  ///< typeset symbol ("μs", "η")
  std::string_view label;   ///< short human label ("μStatic", "Mass")
  std::string_view unit;    ///< "" for dimensionless
  double defaultValue;      ///< used when the caller gives no value
  double min;               ///< inclusive
  double max;               ///< inclusive
  double step;              ///< control granularity (linear scale); a hint, not a constraint
  Scale scale;              ///< how a slider should map its position
  std::string_view help;    ///< one or two sentences: meaning, effect, origin
  DerivedDefault defaultFrom = {};
  ParamKind kind = ParamKind::Number;
  std::vector<double> defaultList = {};  ///< the default of a List parameter
};

/// One model: its identity, its citation and its parameters in display order.
struct ModelSpec {
  std::string_view id;           ///< "abbott-seed", "state-variable"
  std::string_view name;         ///< human name
  std::string_view description;  ///< one paragraph
  std::string_view citation;     ///< the system, file or paper it follows
  std::vector<ParamSpec> params;

  /// The parameter called `key`, or nullptr.
  const ParamSpec* findParam(std::string_view key) const;
};

/// Every model the engine can simulate, in menu order.
const std::vector<ModelSpec>& modelCatalog();

/// The model called `id`. Throws InputError (field "model") naming the known ids.
const ModelSpec& findModel(std::string_view id);

}  // namespace friction
