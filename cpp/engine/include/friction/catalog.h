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
  /// The symbol as the model's equations write it in TeX (\mu_s, \eta, \mathrm{Iform}), so that a
  /// page can pair each symbol of an equation with this parameter's meaning and unit. Set with
  /// setTexSymbols() where the model's catalog entry is built.
  std::string_view texSymbol = {};
};

/// One line of a model's equations: what the engine computes, in the subset of LaTeX that KaTeX
/// renders (\frac, \operatorname, \left( \right), \text{}, the cases environment, subscripts…), written
/// with the parameters' texSymbol, and one sentence saying what the line is.
struct Equation {
  std::string_view tex;
  std::string_view note;
};

/// One model (or law, or system): its identity, its citation, its parameters in display order, and
/// how it is computed: its equations, the quirks of its origin that it keeps or corrects, and for a
/// model that is stepped as its origin steps it (the seed app), that update loop.
struct ModelSpec {
  std::string_view id;           ///< "abbott-seed", "state-variable"
  std::string_view name;         ///< human name
  std::string_view description;  ///< one paragraph
  std::string_view citation;     ///< the system, file or paper it follows
  std::vector<ParamSpec> params;
  std::vector<Equation> equations = {};     ///< what the engine computes, in order
  std::vector<std::string_view> quirks = {};  ///< the origin's quirks, in our words: kept, flagged or corrected
  /// The origin's per-step update as short pseudo-code, one statement per line, in the origin's
  /// order; empty unless the model reproduces a time-stepping loop.
  std::string_view updateLoop = {};

  /// The parameter called `key`, or nullptr.
  const ParamSpec* findParam(std::string_view key) const;
};

/// Every model the engine can simulate, in menu order.
const std::vector<ModelSpec>& modelCatalog();

/// The model called `id`. Throws InputError (field "model") naming the known ids.
const ModelSpec& findModel(std::string_view id);

}  // namespace friction
