#pragma once
// The reader's tools: typed reads of a Value that refuse by path, and the rethrow that gives a
// catalog's bare key its path. A path names a field from the root of what is read: "law",
// "system.v0", "params.mu_s", "x.min", "system.v0[2]" (friction/scenario.h).

#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "friction/errors.h"
#include "friction/law_runs.h"
#include "friction/laws.h"
#include "friction/parameters.h"
#include "friction/scenario.h"
#include "friction/value.h"
#include "numerics/function_ref.h"

namespace friction::reading {

/// "system" + "v0" → "system.v0"; "" + "law" → "law".
std::string memberPath(const std::string& path, std::string_view key);
/// "system.v0" + 2 → "system.v0[2]".
std::string itemPath(const std::string& path, std::size_t index);

/// The members of an object, every key checked on construction: the value must be an object, and no
/// key may be empty or outside `known`. `name` is the object's field in errors about it as a whole
/// ("scenario", "system", "x"); `prefix` goes before its members' keys ("" at the root, else its
/// path); `what` names it in messages ("the scenario", "the system", "axis x").
class Fields {
 public:
  Fields(const Value& value, std::string name, std::string prefix, std::string what,
         std::initializer_list<std::string_view> known);
  Fields(const Value& value, std::string name, std::string prefix, std::string what,
         const std::vector<std::string_view>& known);

  const Value* find(std::string_view key) const { return value_.find(key); }
  std::string pathOf(std::string_view key) const { return memberPath(prefix_, key); }
  /// Member `key`; throws InputError naming its path if it is absent. `need` says what it is.
  const Value& required(std::string_view key, const std::string& need) const;
  /// Reads member `key` into `into` if it is there (and not undefined, which JS callers leave out).
  void number(std::string_view key, double& into) const;
  void wholeNumber(std::string_view key, int& into) const;
  void text(std::string_view key, std::string& into, std::string_view example) const;

 private:
  void check(const std::string_view* known, std::size_t count) const;

  const Value& value_;
  std::string name_, prefix_, what_;
};

/// A number; else InputError(path, "<path> must be a number; got …").
double readNumber(const Value& value, const std::string& path);
/// A whole number that fits an int (so that converting it is defined; the engine checks its range).
int readWholeNumber(const Value& value, const std::string& path);
/// A string; `example` is one the field takes, for the message.
std::string readText(const Value& value, const std::string& path, std::string_view example);
bool readBoolean(const Value& value, const std::string& path);
/// A list of three numbers.
Vec3 readVec3(const Value& value, const std::string& path);
/// [[t, value], ...] with `quantity` and `unit` naming the value in messages (e.g. "v0", "m/s"); an
/// item that is not a pair of numbers is refused at its own path ("system.v0[2]").
std::vector<Breakpoint> readBreakpoints(const Value& value, const std::string& path,
                                        std::string_view quantity, std::string_view unit);
/// { key: number | [numbers] }, or null for none. The object's field is `name`; its keys go after
/// `prefix` ("params" + "mu_s" → "params.mu_s"; "" + "mu_s" → "mu_s"). An empty key names `name`.
ParamList readParams(const Value& value, const std::string& name, const std::string& prefix);

/// A protocol ({holds, slide, table: {t, x}, normalForce}), or null for none; its fields refused at
/// their paths ("protocol.holds[2]", "protocol.table.t[17]"). Checked by checkProtocol.
DriveProtocol readProtocol(const Value& value, const std::string& path);

/// The field `prefix` gives an error's `field`: a catalog's bare key ("v0") as the path of the value that
/// was checked ("system.v0"); an error about the object as a whole (an empty field) names the object:
/// "params", not "params.".
std::string prefixedField(const std::string& prefix, const std::string& field);

/// Runs `body`; an InputError it throws gets `prefix` before its field (prefixedField). Compiled once for
/// every caller (the page's download).
void withFieldPrefix(const std::string& prefix, FunctionRef<void()> body);

/// The same for a body that returns a value.
template <class Body, class Result = decltype(std::declval<Body>()()),
          class = std::enable_if_t<!std::is_void_v<Result>>>
Result withFieldPrefix(const std::string& prefix, Body&& body) {
  try {
    return body();
  } catch (const InputError& error) {
    throw InputError(prefixedField(prefix, error.field()), error.what());
  }
}

/// A scenario's fields as read, unchecked against the catalogs: the part readScenario and readSweep
/// share. `name` and `prefix` as for Fields ("scenario" and "" at the root; "scenario" and "scenario"
/// inside a sweep).
Scenario readScenarioFields(const Value& value, const std::string& name, const std::string& prefix);

}  // namespace friction::reading
