// The catalogs as plain data (friction/listings.h), in the order and with the names the page reads.

#include "friction/listings.h"

#include <string_view>

#include "friction/catalog.h"
#include "friction/law_runs.h"
#include "friction/laws.h"
#include "friction/presets.h"
#include "friction/scenario.h"
#include "friction/simulate.h"
#include "friction/spring_block.h"

namespace friction {
namespace {

// key: text. (writing::member's, here beside its numbers' counterpart below: called from this file,
// compiled for size, it kept the start-up module 0.6 kB smaller gzipped than calling writing.cpp's.)
void member(ValueSink& out, std::string_view key, std::string_view text) {
  out.key(key);
  out.text(text);
}
// key: number, kept as it is where the run's writers (writing::member) write null for a non-finite
// figure (a quantity not measured): here ±infinity is a range's open end, which the page reads.
void exactMember(ValueSink& out, std::string_view key, double number) {
  out.key(key);
  out.number(number);
}
void flag(ValueSink& out, std::string_view key, bool value) {
  out.key(key);
  out.boolean(value);
}

// Each item of `items` written by `write`, as a list.
template <class Items, class Write>
void writeList(ValueSink& out, const Items& items, Write write) {
  out.beginList();
  for (const auto& item : items) write(out, item);
  out.endList();
}

// What names a parameter, a state variable or a column: key, symbol, label and unit.
template <class Spec>
void writeNames(ValueSink& out, const Spec& spec) {
  member(out, "key", spec.key);
  member(out, "symbol", spec.symbol);
  member(out, "label", spec.label);
  member(out, "unit", spec.unit);
}

std::string_view kindName(ParamKind kind) {
  switch (kind) {
    case ParamKind::List:
      return "list";
    case ParamKind::Integer:
      return "integer";
    case ParamKind::Number:
      break;
  }
  return "number";
}

void writeDefault(ValueSink& out, const ParamSpec& spec) {
  out.key("default");
  if (spec.kind != ParamKind::List) {
    out.number(spec.defaultValue);
    return;
  }
  out.beginList();
  for (const double item : spec.defaultList.toVector()) out.number(item);
  out.endList();
}

void writeDefaultFrom(ValueSink& out, const DerivedDefault& rule) {
  out.key("defaultFrom");
  if (rule.key.empty()) {
    out.null();
    return;
  }
  out.beginObject();
  member(out, "key", rule.key);
  exactMember(out, "factor", rule.factor);
  member(out, "formula", rule.formula);
  out.endObject();
}

void writeParam(ValueSink& out, const ParamSpec& spec) {
  out.beginObject();
  writeNames(out, spec);
  exactMember(out, "min", spec.min);
  exactMember(out, "max", spec.max);
  exactMember(out, "step", spec.step);
  member(out, "scale", spec.scale == Scale::Log ? "log" : "linear");
  member(out, "kind", kindName(spec.kind));
  member(out, "help", spec.help);
  member(out, "texSymbol", spec.texSymbol);
  // min/max: what the engine accepts (minExclusive: min itself refused); sliderMin/sliderMax: the
  // friendly span a slider offers (the accepted range where none is declared).
  flag(out, "minExclusive", spec.minExclusive);
  exactMember(out, "sliderMin", spec.sliderLow());
  exactMember(out, "sliderMax", spec.sliderHigh());
  writeDefault(out, spec);
  if (spec.role != ParamRole::None) member(out, "role", roleName(spec.role));
  writeDefaultFrom(out, spec.defaultFrom);
  out.endObject();
}

// The members every entry has; its object left open for the law's own.
void openEntry(ValueSink& out, const ModelSpec& model) {
  out.beginObject();
  member(out, "id", model.id);
  member(out, "name", model.name);
  member(out, "description", model.description);
  member(out, "citation", model.citation);
  out.key("params");
  writeList(out, model.params, writeParam);
}

void writeEntry(ValueSink& out, const ModelSpec& model) {
  openEntry(out, model);
  out.endObject();
}

void writeStateVariable(ValueSink& out, const StateVariableSpec& variable) {
  out.beginObject();
  writeNames(out, variable);
  member(out, "initial", variable.initial);
  member(out, "help", variable.help);
  member(out, "texSymbol", variable.texSymbol);
  out.endObject();
}

void writeLaw(ValueSink& out, const LawSpec& law) {
  openEntry(out, law.spec);
  member(out, "origin", law.origin);
  member(out, "unmapped", law.spec.unmapped);
  out.key("can");
  out.beginObject();
  flag(out, "coefficient", law.can.coefficient);
  flag(out, "force", law.can.force);
  flag(out, "stateful", law.can.stateful);
  flag(out, "dynamic", law.can.dynamic);
  flag(out, "holdsAtRest", law.can.holdsAtRest);
  out.endObject();
  out.key("state");
  writeList(out, law.state, writeStateVariable);
  out.key("inputs");
  writeList(out, law.inputs, [](ValueSink& sink, std::string_view input) { sink.text(input); });
  out.endObject();
}

void writeColumn(ValueSink& out, const ColumnSpec& column) {
  out.beginObject();
  writeNames(out, column);
  out.endObject();
}

void writeIntegrator(ValueSink& out, const IntegratorSpec& spec) {
  out.beginObject();
  member(out, "id", spec.id);
  member(out, "name", spec.name);
  member(out, "description", spec.description);
  flag(out, "adaptive", spec.adaptive);
  out.endObject();
}

void writePreset(ValueSink& out, const Preset& preset) {
  out.beginObject();
  member(out, "id", preset.id);
  member(out, "name", preset.name);
  member(out, "look", preset.look);
  member(out, "view", preset.view);
  out.key("scenario");
  writeScenario(out, preset.scenario);
  // The presliding experiment's values: each is one number.
  out.key("presliding");
  out.beginObject();
  for (const auto& [key, value] : preset.presliding) exactMember(out, key, value.items.at(0));
  out.endObject();
  out.key("expected");
  out.beginObject();
  for (const auto& [key, value] : preset.expected) exactMember(out, key, value);
  out.endObject();
  out.endObject();
}

}  // namespace

void writeListing(ValueSink& out, Listing listing) {
  switch (listing) {
    case Listing::Models:
      return writeList(out, modelCatalog(), writeEntry);
    case Listing::Laws:
      return writeList(out, lawCatalog(), writeLaw);
    case Listing::Columns:
      return writeList(out, columnCatalog(), writeColumn);
    case Listing::Integrators:
      return writeList(out, integratorCatalog(), writeIntegrator);
    case Listing::Presets:
      return writeList(out, presetCatalog(), writePreset);
    case Listing::System:
      return writeEntry(out, springBlockSystemModel());
    case Listing::Presliding:
      return writeEntry(out, preslidingModel());
  }
}

}  // namespace friction
