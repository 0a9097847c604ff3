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

/// Where a writer puts a tree as it walks its values, in order: an object's members as key() then the
/// value, each list and object between its begin and end. The engine's writers (a summary, a scenario)
/// write into a sink, so that one writer serves every form: a Value (ValueBuilder), or the bindings' wire
/// to JavaScript, which takes the values as they come instead of a tree built and walked again (issue 29:
/// a 2-row run's reply cost more to build as a tree than the run itself).
class ValueSink {
 public:
  ValueSink() = default;
  ValueSink(const ValueSink&) = default;
  ValueSink(ValueSink&&) = default;
  ValueSink& operator=(const ValueSink&) = default;
  ValueSink& operator=(ValueSink&&) = default;
  virtual ~ValueSink() = default;

  virtual void null() = 0;
  virtual void boolean(bool value) = 0;
  virtual void number(double value) = 0;
  virtual void text(std::string_view value) = 0;
  virtual void beginList() = 0;
  virtual void endList() = 0;
  virtual void beginObject() = 0;
  /// The next member's key (in an object, before its value).
  virtual void key(std::string_view name) = 0;
  virtual void endObject() = 0;
};

/// A sink that builds the Value written into it (take() gives it once the writer is done).
class ValueBuilder final : public ValueSink {
 public:
  void null() override { add(Value()); }
  void boolean(bool value) override { add(Value(value)); }
  void number(double value) override { add(Value(value)); }
  void text(std::string_view value) override { add(Value(std::string(value))); }
  void beginList() override { open_.push_back({Value::list(), {}}); }
  void endList() override { close(); }
  void beginObject() override { open_.push_back({Value::object(), {}}); }
  void key(std::string_view name) override { open_.back().key = std::string(name); }
  void endObject() override { close(); }

  Value take() { return std::move(done_); }

 private:
  struct Open {
    Value value;
    std::string key;  // an object's member waiting for its value
  };
  void add(Value value);
  void close();

  std::vector<Open> open_;
  Value done_;
};

/// How a message describes a value given: "null", "the boolean true", "the number 3", "the string
/// 'fast'", "a list of 2 items", "an object".
std::string describeValue(const Value& value);

}  // namespace friction
