#pragma once
// JS values ↔ friction::Value, shared by the wasm modules' bindings (embind.cpp: the start-up module;
// studies_embind.cpp, through embind_common.h: the law alone, its curves and the maps; fit_embind.cpp:
// the fits and the solver export; both loaded on demand), and the { error, parameter } reply that
// engine.mjs's unwrap turns into a thrown Error. Only conversion: what a request means is the engine's
// readers' business.

#include <emscripten/val.h>

#include <string>

#include "friction/errors.h"
#include "friction/value.h"

namespace bindings {

using emscripten::val;

inline std::string typeOf(const val& value) {
  return value.isNull() ? "null" : value.typeOf().as<std::string>();
}
inline bool isArray(const val& value) { return val::global("Array").call<bool>("isArray", value); }

// The same tree as a friction::Value, object keys in their JS order. A key whose value is undefined
// is left out, as JSON.stringify leaves it out; a function, symbol or bigint has no counterpart in a
// request and is refused where it stands (`path`, as the engine's readers name fields).
inline friction::Value toValue(const val& value, const std::string& path = "") {
  const std::string type = typeOf(value);
  if (type == "null" || type == "undefined") return {};
  if (type == "boolean") return value.as<bool>();
  if (type == "number") return value.as<double>();
  if (type == "string") return value.as<std::string>();
  if (type != "object")
    throw friction::InputError(path.empty() ? "request" : path,
                               (path.empty() ? "The request" : path) +
                                   " must be a number, string, boolean, list or object; got a " + type + ".");
  if (isArray(value)) {
    friction::Value list = friction::Value::list();
    const int length = value["length"].as<int>();
    for (int i = 0; i < length; ++i) list.push(toValue(value[i], path + "[" + std::to_string(i) + "]"));
    return list;
  }
  friction::Value object = friction::Value::object();
  const val keys = val::global("Object").call<val>("keys", value);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val member = value[key];
    if (!member.isUndefined()) object.set(key, toValue(member, path.empty() ? key : path + "." + key));
  }
  return object;
}

// A friction::Value as a plain JS value: numbers, strings, booleans, arrays, objects. With
// `typedNumbers`, a list of numbers becomes a Float64Array (owned by JS), as the bindings return columns
// (a fit's result); without, an array (a run's summary, whose lists the page keeps and links as JSON).
inline val fromValue(const friction::Value& value, bool typedNumbers = true) {
  using Kind = friction::Value::Kind;
  switch (value.kind()) {
    case Kind::Null:
      return val::null();
    case Kind::Bool:
      return val(value.boolean());
    case Kind::Number:
      return val(value.number());
    case Kind::String:
      return val(value.text());
    case Kind::List: {
      const auto& items = value.items();
      const bool numbers = typedNumbers && !items.empty() && items.front().kind() == Kind::Number;
      val list = numbers ? val::global("Float64Array").new_(items.size()) : val::array();
      for (std::size_t i = 0; i < items.size(); ++i) list.set(i, fromValue(items[i], typedNumbers));
      return list;
    }
    case Kind::Object:
      break;
  }
  val object = val::object();
  for (std::size_t i = 0; i < value.keys().size(); ++i)
    object.set(value.keys()[i], fromValue(value.items()[i], typedNumbers));
  return object;
}

/// { error: message, parameter?: field }: a refusal as the modules return it (throwing through wasm
/// frames with val::throw_ would leak, as embind.cpp's catchErrors explains).
inline val failure(const std::string& message, const std::string& field) {
  val reply = val::object();
  reply.set("error", message);
  if (!field.empty()) reply.set("parameter", field);
  return reply;
}

}  // namespace bindings
