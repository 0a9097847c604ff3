#pragma once
// A request as its caller gives it, before it is read: a tree of null, true/false, numbers, strings,
// lists and objects (keys in the order given), which is what a JSON file and a JS object have in
// common. The command-line program and the wasm bindings each convert their own form into this one,
// so that a single reader (friction/scenario.h) decides what a request means and what it refuses.

#include <string>
#include <string_view>
#include <vector>

namespace friction {

class Value {
 public:
  enum class Kind { Null, Bool, Number, String, List, Object };

  Value() = default;     ///< null
  Value(bool boolean);   // NOLINT: implicit, so {"start", "steady"} reads naturally
  Value(double number);  // NOLINT
  Value(int number) : Value(static_cast<double>(number)) {}  // NOLINT: without it, 2 is ambiguous
  Value(std::string text);                                   // NOLINT
  Value(const char* text) : Value(std::string(text)) {}      // NOLINT: without it, "x" would be a bool
  static Value list(std::vector<Value> items = {});
  static Value object();

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }

  // Each accessor throws std::logic_error for a value of another kind: a reader's own mistake,
  // never the caller's (the reader checks the kind first and refuses with a message).
  bool boolean() const;
  double number() const;
  const std::string& text() const;
  /// A list's items, or an object's values in key order.
  const std::vector<Value>& items() const;
  /// An object's keys, in the order given.
  const std::vector<std::string>& keys() const;
  /// An object's member `key`, or nullptr if it has none.
  const Value* find(std::string_view key) const;

  /// Appends an item to a list.
  void push(Value item);
  /// Sets an object's member: replaces the value of an existing key, else appends the key.
  void set(std::string key, Value value);

 private:
  void require(Kind kind) const;

  Kind kind_ = Kind::Null;
  bool boolean_ = false;
  double number_ = 0;
  std::string text_;
  std::vector<std::string> keys_;  // an object's keys, parallel to items_
  std::vector<Value> items_;
};

/// How a message describes a value given: "null", "the boolean true", "the number 3", "the string
/// 'fast'", "a list of 2 items", "an object".
std::string describeValue(const Value& value);

}  // namespace friction
