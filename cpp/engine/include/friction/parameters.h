#pragma once
// Turning a caller's partial parameter list into a complete, validated set, and binding that set
// to a model's parameter struct.

#include <array>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "friction/catalog.h"

namespace friction {

/// One value as a caller gives it: a number, or a list of numbers for a List parameter.
struct ParamValue {
  std::vector<double> items;
  bool isList = false;
  ParamValue(double number) : items{number} {}  // NOLINT: implicit, so {"m", 2} reads naturally
  ParamValue(std::vector<double> list) : items(std::move(list)), isList(true) {}  // NOLINT
};

/// Parameter values as a caller gives them: any subset of a model's keys, in any order.
using ParamList = std::vector<std::pair<std::string, ParamValue>>;

/// A complete parameter set for one model: one value per catalog entry, in catalog order.
/// A List parameter's items are in `lists` (its entry in `values` is unused).
struct ResolvedParams {
  const ModelSpec* model = nullptr;
  std::vector<double> values;
  std::vector<std::vector<double>> lists;

  /// The value of parameter `key`. Throws std::out_of_range if the model has no such key.
  double get(std::string_view key) const;
  /// The items of List parameter `key`.
  const std::vector<double>& list(std::string_view key) const;
};

/// Fills in defaults (derived defaults after the parameters they follow) and checks every value
/// against the catalog. Throws InputError naming the first bad parameter, its unit, the allowed
/// range and the value given: an unknown key, a repeated key, NaN or ±Inf, or a value out of range.
ResolvedParams resolveParams(const ModelSpec& model, const ParamList& given);

/// The sentence used when `value` lies outside `spec`'s range (or is not finite).
std::string outOfRangeMessage(const ParamSpec& spec, double value);

/// The accepted range in words, with its unit: "between 0 kg and 1 kg", "greater than 0 m²",
/// "at least 0 s/m", "at most 1", "any finite number".
std::string describeRange(const ParamSpec& spec);

/// "Mass (m)", or just "c" when the label is the key: how messages name a parameter.
std::string describeParam(const ParamSpec& spec);

/// `value` with its unit, e.g. "0.01 kg", or bare when dimensionless.
std::string withUnit(double value, std::string_view unit);

/// Sets the TeX symbols (ParamSpec::texSymbol) of `model`'s parameters by key. Throws
/// std::logic_error for a key the model lacks: a typo in a catalog, caught when it is first built.
void setTexSymbols(ModelSpec& model,
                   std::initializer_list<std::pair<std::string_view, std::string_view>> symbols);

/// Formats a number for messages: up to 10 significant digits, no trailing noise.
std::string formatNumber(double value);

/// A number rounded to `digits` significant digits, for estimates in messages (e.g. "1.242e-05").
std::string formatSignificant(double value, int digits);

/// Links one field of a model's parameter struct to its catalog entry. A model declares a
/// `std::array<ParamField<Params>, N>` once; the catalog entries and the binding both come from it.
/// (List parameters are read with ResolvedParams::list instead.)
template <class Params>
struct ParamField {
  double Params::*member;
  ParamSpec spec;
};

/// The catalog entries of a field table, in order.
template <class Params, std::size_t N>
std::vector<ParamSpec> specsOf(const std::array<ParamField<Params>, N>& fields) {
  std::vector<ParamSpec> specs;
  specs.reserve(N);
  for (const auto& field : fields) specs.push_back(field.spec);
  return specs;
}

/// The parameter struct for a resolved set (which must come from the same field table).
template <class Params, std::size_t N>
Params bindParams(const std::array<ParamField<Params>, N>& fields, const ResolvedParams& resolved) {
  // One bounds check, not one per field: this runs at every evaluation of a law, in the integrators' loops.
  if (resolved.values.size() < N) throw std::out_of_range("bindParams: fewer resolved values than fields");
  Params params{};
  for (std::size_t i = 0; i < N; ++i) params.*(fields[i].member) = resolved.values[i];
  return params;
}

}  // namespace friction
