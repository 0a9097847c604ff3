// The writers' shared pieces (writing.h).

#include "scenario/writing.h"

#include <cmath>

#include "friction/catalog.h"

namespace friction::writing {

void paramValue(ValueSink& out, const ParamValue& value) {
  if (value.isList) return numbers(out, value.items);
  number(out, value.items.at(0));
}

void number(ValueSink& out, double x) {
  if (std::isfinite(x)) return out.number(x);
  out.null();
}

void numbers(ValueSink& out, const std::vector<double>& items) {
  out.beginList();
  for (double item : items) number(out, item);
  out.endList();
}

void breakpoints(ValueSink& out, const std::vector<Breakpoint>& points) {
  out.beginList();
  for (const Breakpoint& point : points) numbers(out, {point.t, point.value});
  out.endList();
}

void paramList(ValueSink& out, const ParamList& params) {
  out.beginObject();
  for (const auto& [key, value] : params) {
    out.key(key);
    paramValue(out, value);
  }
  out.endObject();
}

void resolved(ValueSink& out, const ResolvedParams& params) {
  out.beginObject();
  if (params.model == nullptr) return out.endObject();
  const std::vector<ParamSpec>& specs = params.model->params;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    out.key(specs[i].key);
    resolvedValue(out, params, i);
  }
  out.endObject();
}

void resolvedValue(ValueSink& out, const ResolvedParams& params, std::size_t index) {
  if (params.model->params[index].kind == ParamKind::List) return numbers(out, params.lists[index]);
  number(out, params.values[index]);
}

void member(ValueSink& out, std::string_view key, double x) {
  out.key(key);
  number(out, x);
}

void member(ValueSink& out, std::string_view key, std::string_view text) {
  out.key(key);
  out.text(text);
}

Value number(double x) { return std::isfinite(x) ? Value(x) : Value(); }

Value numbers(const std::vector<double>& items) {
  ValueBuilder out;
  numbers(out, items);
  return out.take();
}

}  // namespace friction::writing
