#pragma once
// The wasm modules' shared conversion (embind.cpp, the start-up module; export_embind.cpp, the
// on-demand export module): a JS value into the friction::Value that the engine's one readers read,
// and the { error, parameter } reply that engine.mjs's unwrap turns into a thrown Error.

#include <emscripten/val.h>

#include <string>

#include "friction/errors.h"
#include "friction/value.h"

namespace bindings {

using emscripten::val;

inline std::string typeOf(const val& value) { return value.isNull() ? "null" : value.typeOf().as<std::string>(); }
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
    throw friction::InputError(path.empty() ? "request" : path, (path.empty() ? "The request" : path) +
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

/// { error: message, parameter?: field }: a refusal as the modules return it (throwing through wasm
/// frames with val::throw_ would leak, as embind.cpp's catchErrors explains).
inline val failure(const std::string& message, const std::string& field) {
  val reply = val::object();
  reply.set("error", message);
  if (!field.empty()) reply.set("parameter", field);
  return reply;
}

}  // namespace bindings
