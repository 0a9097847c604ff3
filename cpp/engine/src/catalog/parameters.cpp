#include "friction/parameters.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "friction/errors.h"

namespace friction {

namespace {

std::size_t indexOf(const ModelSpec& model, std::string_view key) {
  for (std::size_t i = 0; i < model.params.size(); ++i)
    if (model.params[i].key == key) return i;
  throw std::out_of_range("no parameter " + std::string(key) + " in " + std::string(model.id));
}

}  // namespace

const ParamSpec* ModelSpec::findParam(std::string_view key) const {
  for (const ParamSpec& spec : params)
    if (spec.key == key) return &spec;
  return nullptr;
}

double ResolvedParams::get(std::string_view key) const { return values.at(indexOf(*model, key)); }

const std::vector<double>& ResolvedParams::list(std::string_view key) const {
  return lists.at(indexOf(*model, key));
}

// printf's %.*g is what an ostream writes for a double at precision(digits) in the default float
// field (libc++ and libstdc++ both format it so), without iostream's code in the wasm module (about
// 100 KB before gzip, locales and all). Floating-point std::to_chars is missing in Emscripten 3.1.6.
std::string formatSignificant(double value, int digits) {
  char text[64];
  const int length = std::snprintf(text, sizeof text, "%.*g", digits, value);
  return std::string(text, length > 0 ? static_cast<std::size_t>(length) : 0);
}

std::string formatNumber(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  // The shortest of 10 or 17 significant digits that reads back as the same double, so a value just
  // outside a range never prints as the bound itself.
  for (int digits : {10, 17}) {
    std::string text = formatSignificant(value, digits);
    // strtod, not stod: stod throws for a subnormal value (ERANGE), which is a value like any other.
    if (digits == 17 || std::strtod(text.c_str(), nullptr) == value) return text;
  }
  return {};
}

std::string withUnit(double value, std::string_view unit) {
  std::string text = formatNumber(value);
  if (!unit.empty()) text += " " + std::string(unit);
  return text;
}

void setTexSymbols(ModelSpec& model,
                   std::initializer_list<std::pair<std::string_view, std::string_view>> symbols) {
  for (const auto& symbol : symbols) {
    const std::string_view key = symbol.first;
    auto spec = std::find_if(model.params.begin(), model.params.end(),
                             [key](const ParamSpec& p) { return p.key == key; });
    if (spec == model.params.end())
      throw std::logic_error("Catalog entry '" + std::string(model.id) + "' has no parameter '" +
                             std::string(key) + "'.");
    spec->texSymbol = symbol.second;
  }
}

std::string describeParam(const ParamSpec& spec) {
  if (spec.label == spec.key) return std::string(spec.key);
  return std::string(spec.label) + " (" + std::string(spec.key) + ")";
}

std::string describeRange(const ParamSpec& spec) {
  const bool low = std::isfinite(spec.min), high = std::isfinite(spec.max);
  // An unbounded side (an origin, such as OpenSees, that sets no limit there) goes unsaid.
  if (low && high && !spec.minExclusive)
    return "between " + withUnit(spec.min, spec.unit) + " and " + withUnit(spec.max, spec.unit);
  std::string text;
  if (low) text = (spec.minExclusive ? "greater than " : "at least ") + withUnit(spec.min, spec.unit);
  if (high) text += (low ? " and at most " : "at most ") + withUnit(spec.max, spec.unit);
  return low || high ? text : "any finite number";
}

std::string outOfRangeMessage(const ParamSpec& spec, double value) {
  const std::string unitNote = spec.unit.empty() ? " (dimensionless)" : "";
  std::string message = describeParam(spec) + " must be ";
  const std::string range = describeRange(spec);
  if (!std::isfinite(value))
    message += range == "any finite number" ? "a finite number" : "a finite number " + range;
  else
    message += range;
  return message + unitNote + "; got " + withUnit(value, spec.unit) + ".";
}

namespace {

// The index of `key` in the model's parameters; an unknown key is refused with the list of known ones.
std::size_t givenIndex(const ModelSpec& model, const std::string& key) {
  const std::size_t count = model.params.size();
  std::size_t index = count;
  for (std::size_t i = 0; i < count; ++i)
    if (model.params[i].key == key) index = i;
  if (index == count) {
    // An empty key names nothing a page could point to: the error names the object it stands in (the
    // caller's prefix: "params"), and nothing else.
    std::string known;
    for (const auto& spec : model.params) known += (known.empty() ? "" : ", ") + std::string(spec.key);
    throw InputError(key, "Unknown parameter '" + key + "' for '" + std::string(model.id) +
                              "'; its parameters are: " + known + ".");
  }
  return index;
}

// Step 1: the given values into their places, each once, a list where the parameter is a list.
void placeGiven(const ModelSpec& model, const ParamList& given, ResolvedParams& resolved,
                std::vector<bool>& isGiven) {
  for (const auto& [key, value] : given) {
    const std::size_t index = givenIndex(model, key);
    if (isGiven[index]) throw InputError(key, "Parameter '" + key + "' is given twice.");
    isGiven[index] = true;
    const ParamSpec& spec = model.params[index];
    const bool wantsList = spec.kind == ParamKind::List;
    if (value.isList != wantsList)
      throw InputError(key, describeParam(spec) +
                                (wantsList ? " must be a list of numbers" : " must be a single number") +
                                "; got " + (value.isList ? "a list." : "a number."));
    if (wantsList)
      resolved.lists[index] = value.items;
    else
      resolved.values[index] = value.items.at(0);
  }
}

// Step 2: the defaults of the others. Plain defaults first, so that derived defaults can read the
// values they follow.
void fillDefaults(const ModelSpec& model, const std::vector<bool>& isGiven, ResolvedParams& resolved) {
  const std::size_t count = model.params.size();
  for (std::size_t i = 0; i < count; ++i) {
    const ParamSpec& spec = model.params[i];
    if (isGiven[i] || !spec.defaultFrom.key.empty()) continue;
    if (spec.kind == ParamKind::List)
      resolved.lists[i] = spec.defaultList.toVector();
    else
      resolved.values[i] = spec.defaultValue;
  }
  for (std::size_t i = 0; i < count; ++i) {
    const DerivedDefault& rule = model.params[i].defaultFrom;
    if (!isGiven[i] && !rule.key.empty()) resolved.values[i] = rule.factor * resolved.get(rule.key);
  }
}

// A list's length, and each item, within the parameter's limits.
void checkList(const ParamSpec& spec, const std::vector<double>& items) {
  const std::string key(spec.key);
  if (items.size() < kMinListItems || items.size() > kMaxListItems)
    throw InputError(key, describeParam(spec) + " must have between " + std::to_string(kMinListItems) +
                              " and " + std::to_string(kMaxListItems) + " items; got " +
                              std::to_string(items.size()) + ".");
  for (std::size_t item = 0; item < items.size(); ++item)
    if (!spec.accepts(items[item]))
      throw InputError(key,
                       "Item " + std::to_string(item + 1) + " of " + outOfRangeMessage(spec, items[item]));
}

// A number within the parameter's range (a whole number for a switch); a derived default that
// falls outside says so.
void checkNumber(const ParamSpec& spec, double value, bool given) {
  const std::string key(spec.key);
  if (!spec.accepts(value)) {  // NaN and ±infinity fail too
    std::string message = outOfRangeMessage(spec, value);
    if (!given)
      message += " (This is its default " + std::string(spec.defaultFrom.formula) + "; give " + key +
                 " explicitly.)";
    throw InputError(key, message);
  }
  if (spec.kind == ParamKind::Integer && value != std::floor(value))
    throw InputError(key, describeParam(spec) + " must be a whole number between " + formatNumber(spec.min) +
                              " and " + formatNumber(spec.max) + "; got " + formatNumber(value) + ".");
}

}  // namespace

ResolvedParams resolveParams(const ModelSpec& model, const ParamList& given) {
  const std::size_t count = model.params.size();
  ResolvedParams resolved{&model, std::vector<double>(count, 0.0), std::vector<std::vector<double>>(count)};
  std::vector<bool> isGiven(count, false);
  placeGiven(model, given, resolved, isGiven);
  fillDefaults(model, isGiven, resolved);
  // Step 3: every value, given or default, within its limits.
  for (std::size_t i = 0; i < count; ++i) {
    const ParamSpec& spec = model.params[i];
    if (spec.kind == ParamKind::List)
      checkList(spec, resolved.lists[i]);
    else
      checkNumber(spec, resolved.values[i], isGiven[i]);
  }
  return resolved;
}

}  // namespace friction
