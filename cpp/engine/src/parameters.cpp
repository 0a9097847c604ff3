#include "friction/parameters.h"

#include <cmath>
#include <sstream>

#include "friction/errors.h"

namespace friction {

double ResolvedParams::get(std::string_view key) const {
  for (std::size_t i = 0; i < model->params.size(); ++i)
    if (model->params[i].key == key) return values.at(i);
  throw std::out_of_range("no parameter " + std::string(key) + " in model " + std::string(model->id));
}

std::string formatNumber(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  std::ostringstream out;
  out.precision(10);
  out << value;
  return out.str();
}

namespace {

// "0.01 kg" or "0.6" (dimensionless)
std::string withUnit(double value, std::string_view unit) {
  std::string text = formatNumber(value);
  if (!unit.empty()) text += " " + std::string(unit);
  return text;
}

// "Mass (m)", or just "c" when the label is the key itself.
std::string describe(const ParamSpec& spec) {
  if (spec.label == spec.key) return std::string(spec.key);
  return std::string(spec.label) + " (" + std::string(spec.key) + ")";
}

}  // namespace

std::string outOfRangeMessage(const ParamSpec& spec, double value) {
  const std::string unitNote = spec.unit.empty() ? " (dimensionless)" : "";
  std::string message = describe(spec) + " must be ";
  if (!std::isfinite(value)) message += "a finite number ";
  message += "between " + withUnit(spec.min, spec.unit) + " and " + withUnit(spec.max, spec.unit) +
             unitNote + "; got " + withUnit(value, spec.unit) + ".";
  return message;
}

ResolvedParams resolveParams(const ModelSpec& model, const ParamList& given) {
  const std::size_t count = model.params.size();
  ResolvedParams resolved{&model, std::vector<double>(count, 0.0)};
  std::vector<bool> isGiven(count, false);

  for (const auto& [key, value] : given) {
    std::size_t index = count;
    for (std::size_t i = 0; i < count; ++i)
      if (model.params[i].key == key) index = i;
    if (index == count) {
      std::string known;
      for (const auto& spec : model.params) known += (known.empty() ? "" : ", ") + std::string(spec.key);
      throw InputError(key, "Unknown parameter '" + key + "' for model '" + std::string(model.id) +
                                "'; its parameters are: " + known + ".");
    }
    if (isGiven[index])
      throw InputError(key, "Parameter '" + key + "' is given twice.");
    isGiven[index] = true;
    resolved.values[index] = value;
  }

  // Plain defaults first, so that derived defaults can read the values they follow.
  for (std::size_t i = 0; i < count; ++i)
    if (!isGiven[i] && model.params[i].defaultFrom.key.empty())
      resolved.values[i] = model.params[i].defaultValue;
  for (std::size_t i = 0; i < count; ++i) {
    const DerivedDefault& rule = model.params[i].defaultFrom;
    if (!isGiven[i] && !rule.key.empty()) resolved.values[i] = rule.factor * resolved.get(rule.key);
  }

  for (std::size_t i = 0; i < count; ++i) {
    const ParamSpec& spec = model.params[i];
    const double value = resolved.values[i];
    // Written so that NaN fails too.
    if (!(std::isfinite(value) && value >= spec.min && value <= spec.max)) {
      std::string message = outOfRangeMessage(spec, value);
      if (!isGiven[i])
        message += " (This is its default " + std::string(spec.defaultFrom.formula) +
                   "; give " + std::string(spec.key) + " explicitly.)";
      throw InputError(std::string(spec.key), message);
    }
  }
  return resolved;
}

}  // namespace friction
