#pragma once
// JSON → friction::Value: how the command-line program hands its input files to the engine's one
// reader of scenarios and sweeps (friction/scenario.h, friction/sweep.h), the same reader the wasm
// bindings use. Kept out of the program's main so that the fuzz harness (cpp/fuzz) and the tests
// exercise the very same path. Malformed JSON is JsonReader's JsonError; everything after the
// syntax (types, unknown keys, ranges) is the reader's InputError, naming the field by its path.

#include "friction/value.h"
#include "json.h"

namespace cli {

/// The same tree as a friction::Value, object keys in the file's order.
friction::Value toValue(const Json& json);

/// A friction::Value as JSON text (a fit's result), objects' keys in their order; `indent` spaces per
/// level. Non-finite numbers become null (jsonNumber).
std::string toJsonText(const friction::Value& value, int indent = 2, int depth = 0);

}  // namespace cli
