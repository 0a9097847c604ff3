#pragma once
// The catalog: every model and every parameter, declared once.
//
// Each parameter is declared exactly once, in its model's source file, with its symbol, unit,
// default, range, step and help text. Validation (parameters.h), the wasm bindings and the page's
// controls all read it from here; nothing else lists parameters.

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
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

/// A List parameter's default items: a view of a constant array, e.g. `static constexpr double
/// kDefault[] = {0.0, 2.0}; … ListDefault(kDefault)`. A view, not a std::vector, so that a ParamSpec
/// is a literal type: the catalogs' tables of parameters are then constant data, initialised before
/// the program starts, instead of code that builds them at start-up (in the wasm module that code was
/// about 36 KB).
class ListDefault {
 public:
  constexpr ListDefault() = default;
  template <std::size_t N>
  constexpr ListDefault(const double (&items)[N]) : items_(items), count_(N) {}  // NOLINT: implicit by design
  constexpr const double* begin() const { return items_; }
  constexpr const double* end() const { return items_ + count_; }
  constexpr std::size_t size() const { return count_; }
  constexpr bool empty() const { return count_ == 0; }
  std::vector<double> toVector() const { return std::vector<double>(begin(), end()); }

 private:
  const double* items_ = nullptr;
  std::size_t count_ = 0;
};

/// A default that follows another parameter of the same model: value = factor × (that parameter).
/// Example: the normal force Fn defaults to m·g. An empty `key` means "no derived default".
struct DerivedDefault {
  std::string_view key;      ///< the parameter followed, e.g. "m"
  double factor = 0.0;       ///< e.g. g = 9.80665 m/s²
  std::string_view formula;  ///< shown to users, e.g. "m·g"
};

/// What a law's parameter is in the vocabulary every friction law shares, so that one set of values
/// (μs, μk, a stiction speed v_s and the normal force N) can drive several laws at once: the law
/// explorer's "common coefficients". A role is declared (setRoles) only where the law's own definition
/// makes the parameter exactly that quantity; a parameter with no such equivalent has None, and the
/// law's `unmapped` note says which common values it cannot take, and why.
enum class ParamRole {
  None,
  StaticCoefficient,     ///< μs: the coefficient at rest or at the break-away peak [dimensionless]
  KineticCoefficient,    ///< μk: the coefficient in sliding, past the static-to-kinetic transition
                         ///< [dimensionless]
  StaticForce,           ///< a static (stiction) force, μs·N [N] (LuGre's Fs)
  KineticForce,          ///< a kinetic (Coulomb) force, μk·N [N] (LuGre's and Dahl's Fc)
  StictionSpeed,         ///< v_s: the law's speed scale of the transition from sticking to sliding [m/s]
  InverseStictionSpeed,  ///< 1/v_s: the same scale written as a rate [s/m] (OpenSees's transRate)
  NormalForce,           ///< N: a normal force that is a parameter of the law [N]
};

/// The role's stable name, as the bindings give it ("static-coefficient", …); "" for None.
constexpr std::string_view roleName(ParamRole role) {
  switch (role) {
    case ParamRole::StaticCoefficient:
      return "static-coefficient";
    case ParamRole::KineticCoefficient:
      return "kinetic-coefficient";
    case ParamRole::StaticForce:
      return "static-force";
    case ParamRole::KineticForce:
      return "kinetic-force";
    case ParamRole::StictionSpeed:
      return "stiction-speed";
    case ParamRole::InverseStictionSpeed:
      return "inverse-stiction-speed";
    case ParamRole::NormalForce:
      return "normal-force";
    case ParamRole::None:
      break;
  }
  return "";
}

/// One parameter of one model. Units are SI unless the model is a documented port of a
/// non-SI original (the seed app), in which case `unit` says what the original uses; a port of a
/// unit-agnostic original (OpenSees) says so in its help and takes values in the user's units.
///
/// Two ranges: [min, max] is what the engine accepts (validation, the bindings' min/max, the CLI, a
/// map's axes); it may be unbounded (±infinity) where the origin sets no limit, and `minExclusive`
/// refuses min itself, as OpenSees's "> 0" checks do. [sliderMin, sliderMax] is the friendly span a
/// page's slider offers around the default; unset (NaN) it is the accepted range. A typed value may
/// use the whole accepted range. Set both at once with accepting().
struct ParamSpec {
  std::string_view key;     ///< stable machine name, as the origin names it ("mus", "eta")
  std::string_view symbol;  ///< typeset symbol ("μs", "η")
  std::string_view label;   ///< short human label ("μStatic", "Mass")
  std::string_view unit;    ///< "" for dimensionless
  double defaultValue;      ///< used when the caller gives no value
  double min;               ///< the least value accepted: inclusive unless minExclusive; may be -infinity
  double max;               ///< the largest value accepted, inclusive; may be +infinity
  double step;              ///< control granularity (linear scale); a hint, not a constraint
  Scale scale;              ///< how a slider should map its position
  std::string_view help;    ///< one or two sentences: meaning, effect, origin
  DerivedDefault defaultFrom = {};
  ParamKind kind = ParamKind::Number;
  ListDefault defaultList = {};  ///< the default of a List parameter
  /// The symbol as the model's equations write it in TeX (\mu_s, \eta, \mathrm{Iform}), so that a
  /// page can pair each symbol of an equation with this parameter's meaning and unit. Set with
  /// setTexSymbols() where the model's catalog entry is built.
  std::string_view texSymbol = {};
  /// What the parameter is in the shared vocabulary of friction laws (ParamRole); None if it has no
  /// equivalent there. Set with setRoles() where the law's catalog entry is built.
  ParamRole role = ParamRole::None;
  /// min itself is refused: the accepted range is (min, max].
  bool minExclusive = false;
  /// The slider's friendly span, within the accepted range; NaN: the accepted range itself.
  double sliderMin = std::numeric_limits<double>::quiet_NaN();
  double sliderMax = std::numeric_limits<double>::quiet_NaN();

  /// The slider's span with the accepted range filled in where it is unset.
  double sliderLow() const { return sliderMin == sliderMin ? sliderMin : min; }
  double sliderHigh() const { return sliderMax == sliderMax ? sliderMax : max; }
  /// Whether the engine accepts `value` (finite, and within the accepted range; a list's items each).
  bool accepts(double value) const {
    return std::isfinite(value) && (minExclusive ? value > min : value >= min) && value <= max;
  }
};

/// `spec`, declared with its friendly slider span as [min, max], accepting [min, max] here instead
/// (minExclusive: (min, max]). So a parameter's two ranges are declared together, in one place:
/// `accepting({"mu", …, 0.1, 0.005, 2.0, …}, 0, kUnbounded, kExclusive)` is a slider over 0.005 … 2 that
/// takes any finite μ > 0.
inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();
inline constexpr bool kExclusive = true;
constexpr ParamSpec accepting(ParamSpec spec, double min, double max, bool minExclusive = false) {
  spec.sliderMin = spec.min;
  spec.sliderMax = spec.max;
  spec.min = min;
  spec.max = max;
  spec.minExclusive = minExclusive;
  return spec;
}

/// One line of a model's equations: what the engine computes, in the subset of LaTeX that KaTeX
/// renders (\frac, \operatorname, \left( \right), \text{}, the cases environment, subscripts…), written
/// with the parameters' texSymbol, and one sentence saying what the line is.
struct Equation {
  std::string_view tex;
  std::string_view note;
};

/// A catalog's constant list (an array fixed at compile time, so that no code builds it when the
/// program starts) as the vector a ModelSpec holds.
template <class T, std::size_t N>
std::vector<T> listOf(const T (&items)[N]) {
  return std::vector<T>(items, items + N);
}

/// One model (or law, or system): its identity, its citation and its parameters in display order. How
/// it is computed, in words and TeX, is in its EntryDocs (catalogDocs).
struct ModelSpec {
  std::string_view id;           ///< "abbott-seed", "state-variable"
  std::string_view name;         ///< human name
  std::string_view description;  ///< one paragraph
  std::string_view citation;     ///< the system, file or paper it follows
  std::vector<ParamSpec> params;
  /// For a law: which of the common values (μs, μk, v_s; ParamRole) it cannot take, and why, in one
  /// or two sentences; empty when its roles take all three (or their forces).
  std::string_view unmapped = {};

  /// The parameter called `key`, or nullptr.
  const ParamSpec* findParam(std::string_view key) const;
};

/// How a catalog entry is computed, for its reader ("How it is computed"): its equations, the quirks of
/// its origin that it keeps or corrects, and for a model stepped as its origin steps it (the seed app),
/// that update loop. Kept apart from the ModelSpec: a program that only runs scenarios (the page's
/// start-up module) carries none of this text (issue 29: 6 kB gzipped of its 300 kB).
struct EntryDocs {
  std::vector<Equation> equations;  ///< what the engine computes, in order
  std::vector<std::string_view> quirks =
      {};  ///< the origin's quirks, in our words: kept, flagged or corrected
  /// The origin's per-step update as short pseudo-code, one statement per line, in the origin's
  /// order; empty unless the model reproduces a time-stepping loop.
  std::string_view updateLoop = {};
};

/// Entries' docs by id, in catalog order.
using DocsById = std::vector<std::pair<std::string_view, EntryDocs>>;

/// The docs of the whole catalog: every model and law by id, the spring-block system and the presliding
/// experiment.
struct CatalogDocs {
  DocsById models;
  DocsById laws;
  EntryDocs system;
  EntryDocs presliding;

  /// The docs of model or law `id` (std::out_of_range for an id the catalog lacks).
  const EntryDocs& model(std::string_view id) const;
  const EntryDocs& law(std::string_view id) const;
};

/// The catalog's docs, built once.
const CatalogDocs& catalogDocs();

/// Sets the roles of `model`'s parameters by key, each declared once where the law is built. An
/// unknown key is a programming error (std::logic_error), caught by the catalog tests.
inline void setRoles(ModelSpec& model, std::initializer_list<std::pair<std::string_view, ParamRole>> roles) {
  for (const auto& [key, role] : roles) {
    bool found = false;
    for (ParamSpec& spec : model.params) {
      if (spec.key != key) continue;
      spec.role = role;
      found = true;
    }
    if (!found)
      throw std::logic_error("setRoles: " + std::string(model.id) + " has no parameter " + std::string(key));
  }
}

/// Every model the engine can simulate, in menu order.
const std::vector<ModelSpec>& modelCatalog();

/// The model called `id`. Throws InputError (field "model") naming the known ids.
const ModelSpec& findModel(std::string_view id);

}  // namespace friction
