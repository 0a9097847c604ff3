#include "friction/value.h"

#include <stdexcept>

#include "friction/parameters.h"

namespace friction {

Value::Value(bool boolean) : kind_(Kind::Bool), boolean_(boolean) {}
Value::Value(double number) : kind_(Kind::Number), number_(number) {}
Value::Value(std::string text) : kind_(Kind::String), text_(std::move(text)) {}

Value Value::list(std::vector<Value> items) {
  Value value;
  value.kind_ = Kind::List;
  value.items_ = std::move(items);
  return value;
}

Value Value::object() {
  Value value;
  value.kind_ = Kind::Object;
  return value;
}

void Value::require(Kind kind) const {
  if (kind_ != kind)
    throw std::logic_error("Value: read as another kind than it holds (" + describeValue(*this) + ").");
}

bool Value::boolean() const {
  require(Kind::Bool);
  return boolean_;
}

double Value::number() const {
  require(Kind::Number);
  return number_;
}

const std::string& Value::text() const {
  require(Kind::String);
  return text_;
}

const std::vector<Value>& Value::items() const {
  if (kind_ != Kind::Object) require(Kind::List);
  return items_;
}

const std::vector<std::string>& Value::keys() const {
  require(Kind::Object);
  return keys_;
}

const Value* Value::find(std::string_view key) const {
  require(Kind::Object);
  for (std::size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i] == key) return &items_[i];
  return nullptr;
}

void Value::push(Value item) {
  require(Kind::List);
  items_.push_back(std::move(item));
}

void Value::set(std::string key, Value value) {
  require(Kind::Object);
  for (std::size_t i = 0; i < keys_.size(); ++i)
    if (keys_[i] == key) {
      items_[i] = std::move(value);
      return;
    }
  // Room for a writer's usual object at once: each growth moves every member (a summary has 35).
  if (keys_.empty()) {
    keys_.reserve(8);
    items_.reserve(8);
  }
  keys_.push_back(std::move(key));
  items_.push_back(std::move(value));
}

void ValueBuilder::add(Value value) {
  if (open_.empty()) {
    done_ = std::move(value);
  } else if (open_.back().value.kind() == Value::Kind::Object) {
    open_.back().value.set(std::move(open_.back().key), std::move(value));
  } else {
    open_.back().value.push(std::move(value));
  }
}

void ValueBuilder::close() {
  Value closed = std::move(open_.back().value);
  open_.pop_back();
  add(std::move(closed));
}

std::string describeValue(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Null:
      return "null";
    case Value::Kind::Bool:
      return value.boolean() ? "the boolean true" : "the boolean false";
    case Value::Kind::Number:
      return "the number " + formatNumber(value.number());
    case Value::Kind::String:
      return "the string '" + value.text() + "'";
    case Value::Kind::List: {
      const std::size_t count = value.items().size();
      return "a list of " + std::to_string(count) + (count == 1 ? " item" : " items");
    }
    case Value::Kind::Object:
      break;
  }
  return "an object";
}

}  // namespace friction
