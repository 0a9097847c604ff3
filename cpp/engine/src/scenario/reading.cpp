// The reader's typed reads (scenario/reading.h).

#include "scenario/reading.h"

#include <cctype>
#include <cmath>
#include <limits>

namespace friction::reading {
namespace {

// At most this many breakpoints in an input: far more than any protocol needs, and a bound on the
// work a hostile request can ask for before the engine looks at it.
constexpr std::size_t kMaxBreakpoints = 10000;

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

// A whole number that fits an int, so that converting it is defined.
bool isWholeInt(double number) {
  return number == std::trunc(number) && std::fabs(number) <= std::numeric_limits<int>::max();
}

std::string listOf(const std::string_view* keys, std::size_t count) {
  std::string list;
  for (std::size_t i = 0; i < count; ++i) (list += list.empty() ? "" : ", ") += keys[i];
  return list;
}

}  // namespace

std::string memberPath(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string itemPath(const std::string& path, std::size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

Fields::Fields(const Value& value, std::string name, std::string prefix, std::string what,
               std::initializer_list<std::string_view> known)
    : value_(value), name_(std::move(name)), prefix_(std::move(prefix)), what_(std::move(what)) {
  check(known.begin(), known.size());
}

Fields::Fields(const Value& value, std::string name, std::string prefix, std::string what,
               const std::vector<std::string_view>& known)
    : value_(value), name_(std::move(name)), prefix_(std::move(prefix)), what_(std::move(what)) {
  check(known.data(), known.size());
}

// A misspelt key ("sytem") would otherwise run with the defaults, silently: refuse it by its path.
// An empty key names nothing a page could point to, so the error names the object it stands in.
// The known keys as views: a reader's list is literals, so no string is built per call.
void Fields::check(const std::string_view* known, std::size_t count) const {
  if (value_.kind() != Value::Kind::Object)
    throw InputError(name_, capitalized(what_) + " must be an object with the keys " + listOf(known, count) +
                                "; got " + describeValue(value_) + ".");
  for (const std::string& key : value_.keys()) {
    if (key.empty())
      throw InputError(
          name_, "A key in " + what_ + " must not be empty; its keys are: " + listOf(known, count) + ".");
    bool found = false;
    for (std::size_t i = 0; i < count; ++i) found |= key == known[i];
    if (!found)
      throw InputError(pathOf(key), "Unknown key '" + key + "' in " + what_ +
                                        "; its keys are: " + listOf(known, count) + ".");
  }
}

const Value& Fields::required(std::string_view key, const std::string& need) const {
  const Value* member = find(key);
  if (!member)
    throw InputError(pathOf(key), capitalized(what_) + " needs " + std::string(key) + ": " + need + ".");
  return *member;
}

// The path is built only for a refusal: these run for every field of every request (issue 29).
void Fields::number(std::string_view key, double& into) const {
  const Value* member = find(key);
  if (!member) return;
  into = member->kind() == Value::Kind::Number ? member->number() : readNumber(*member, pathOf(key));
}

void Fields::wholeNumber(std::string_view key, int& into) const {
  const Value* member = find(key);
  if (!member) return;
  const bool whole = member->kind() == Value::Kind::Number && isWholeInt(member->number());
  into = whole ? static_cast<int>(member->number()) : readWholeNumber(*member, pathOf(key));
}

void Fields::text(std::string_view key, std::string& into, std::string_view example) const {
  const Value* member = find(key);
  if (!member) return;
  into = member->kind() == Value::Kind::String ? member->text() : readText(*member, pathOf(key), example);
}

double readNumber(const Value& value, const std::string& path) {
  if (value.kind() != Value::Kind::Number)
    throw InputError(path, path + " must be a number; got " + describeValue(value) + ".");
  return value.number();
}

int readWholeNumber(const Value& value, const std::string& path) {
  const double number = readNumber(value, path);
  if (!isWholeInt(number))
    throw InputError(path,
                     path + " must be a whole number within ±2147483647; got " + formatNumber(number) + ".");
  return static_cast<int>(number);
}

std::string readText(const Value& value, const std::string& path, std::string_view example) {
  if (value.kind() != Value::Kind::String)
    throw InputError(path, path + " must be a string such as '" + std::string(example) + "'; got " +
                               describeValue(value) + ".");
  return value.text();
}

bool readBoolean(const Value& value, const std::string& path) {
  if (value.kind() != Value::Kind::Bool)
    throw InputError(path, path + " must be true or false; got " + describeValue(value) + ".");
  return value.boolean();
}

Vec3 readVec3(const Value& value, const std::string& path) {
  const bool isTriple = value.kind() == Value::Kind::List && value.items().size() == 3;
  Vec3 out{};
  for (std::size_t i = 0; isTriple && i < 3; ++i) {
    if (value.items()[i].kind() != Value::Kind::Number) break;
    out[i] = value.items()[i].number();
    if (i == 2) return out;
  }
  throw InputError(path, path + " must be a list of 3 numbers; got " + describeValue(value) + ".");
}

std::vector<Breakpoint> readBreakpoints(const Value& value, const std::string& path,
                                        std::string_view quantity, std::string_view unit) {
  const std::string shape = path + " must be a list of [t (s), " + std::string(quantity) + " (" +
                            std::string(unit) + ")] pairs starting at t = 0 s";
  if (value.kind() != Value::Kind::List)
    throw InputError(path, shape + "; got " + describeValue(value) + ".");
  const std::vector<Value>& items = value.items();
  if (items.empty() || items.size() > kMaxBreakpoints)
    throw InputError(path, shape + ", 1 to " + std::to_string(kMaxBreakpoints) + " of them; got " +
                               std::to_string(items.size()) + ".");
  std::vector<Breakpoint> points;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Value& pair = items[i];
    const bool isPair = pair.kind() == Value::Kind::List && pair.items().size() == 2 &&
                        pair.items()[0].kind() == Value::Kind::Number &&
                        pair.items()[1].kind() == Value::Kind::Number;
    if (!isPair) {
      const bool isTwo = pair.kind() == Value::Kind::List && pair.items().size() == 2;
      const bool badTime = isTwo && pair.items()[0].kind() != Value::Kind::Number;
      const std::string given =
          !isTwo    ? "is " + describeValue(pair)
          : badTime ? "has the time " + describeValue(pair.items()[0])
                    : "has the " + std::string(quantity) + " " + describeValue(pair.items()[1]);
      throw InputError(itemPath(path, i), shape + "; item " + std::to_string(i) + " " + given + ".");
    }
    points.push_back({pair.items()[0].number(), pair.items()[1].number()});
  }
  return points;
}

ParamList readParams(const Value& value, const std::string& name, const std::string& prefix) {
  ParamList params;
  if (value.isNull()) return params;
  if (value.kind() != Value::Kind::Object)
    throw InputError(name, name +
                               " must be an object of numbers (or lists of numbers) by parameter name; got " +
                               describeValue(value) + ".");
  const std::vector<std::string>& keys = value.keys();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const std::string& key = keys[k];
    const Value& item = value.items()[k];
    if (key.empty())
      throw InputError(name, "A parameter name must not be empty; " + name + " has the key '' (with " +
                                 describeValue(item) + ").");
    // The key's path only for a refusal (the common case reads numbers).
    if (item.kind() == Value::Kind::Number) {
      params.emplace_back(key, item.number());
    } else if (item.kind() == Value::Kind::List) {
      std::vector<double> list;
      for (std::size_t i = 0; i < item.items().size(); ++i) {
        if (item.items()[i].kind() != Value::Kind::Number)
          throw InputError(itemPath(memberPath(prefix, key), i),
                           "Parameter '" + key + "' must be a list of numbers; item " +
                               std::to_string(i + 1) + " is " + describeValue(item.items()[i]) + ".");
        list.push_back(item.items()[i].number());
      }
      params.emplace_back(key, std::move(list));
    } else {
      throw InputError(memberPath(prefix, key),
                       "Parameter '" + key + "' must be a number; got " + describeValue(item) + ".");
    }
  }
  return params;
}

std::string prefixedField(const std::string& prefix, const std::string& field) {
  const bool whole = field.empty() && !prefix.empty() && prefix.back() == '.';
  return whole ? prefix.substr(0, prefix.size() - 1) : prefix + field;
}

void withFieldPrefix(const std::string& prefix, FunctionRef<void()> body) {
  try {
    body();
  } catch (const InputError& error) {
    throw InputError(prefixedField(prefix, error.field()), error.what());
  }
}

}  // namespace friction::reading
