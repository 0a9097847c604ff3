// The writers' shared pieces (writing.h).

#include "scenario/writing.h"

#include <cmath>

#include "friction/catalog.h"

namespace friction::writing {

Value number(double x) { return std::isfinite(x) ? Value(x) : Value(); }

Value numbers(const std::vector<double>& items) {
  Value out = Value::list();
  for (double item : items) out.push(number(item));
  return out;
}

Value breakpoints(const std::vector<Breakpoint>& points) {
  Value out = Value::list();
  for (const Breakpoint& point : points) out.push(numbers({point.t, point.value}));
  return out;
}

Value paramList(const ParamList& params) {
  Value out = Value::object();
  for (const auto& [key, value] : params)
    out.set(key, value.isList ? numbers(value.items) : number(value.items.at(0)));
  return out;
}

Value resolved(const ResolvedParams& params) {
  Value out = Value::object();
  if (params.model == nullptr) return out;
  const std::vector<ParamSpec>& specs = params.model->params;
  for (std::size_t i = 0; i < specs.size(); ++i)
    out.set(std::string(specs[i].key),
            specs[i].kind == ParamKind::List ? numbers(params.lists[i]) : number(params.values[i]));
  return out;
}

}  // namespace friction::writing
