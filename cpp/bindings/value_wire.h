#pragma once
// friction::Value ↔ a byte stream and a number stream, which engine.mjs encodes and decodes on its side
// (encodeWire, decodeWire): a request and a run's reply cross the JS/wasm boundary in one copy each
// instead of one Embind call per key, value and string (which cost a 2-row run ~70 µs of its ~110 µs
// in wasm). Only conversion: the same tree either way, object keys in order.
//
// Bytes: a tag per value, then its data; numbers (doubles) go to the number stream in order.
//   0 null   1 false   2 true   3 number (the next of the number stream)
//   4 string: u32 length, UTF-8 bytes
//   5 list: u32 count, the items      6 object: u32 count, then per member a string's length and bytes
//   (the key) and its value
//   7 Float64Array: u32 count, then that many numbers of the number stream (a run's columns)
// u32: four bytes, least significant first.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "friction/errors.h"
#include "friction/value.h"

namespace bindings {

enum WireTag : std::uint8_t {
  kWireNull,
  kWireFalse,
  kWireTrue,
  kWireNumber,
  kWireString,
  kWireList,
  kWireObject,
  kWireColumn
};

/// The two streams of one message.
struct Wire {
  std::vector<std::uint8_t> bytes;
  std::vector<double> numbers;

  void clear() {
    bytes.clear();
    numbers.clear();
  }
  void tag(WireTag value) { bytes.push_back(value); }
  void count(std::size_t n) {
    const std::uint8_t le[4] = {static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(n >> 8),
                                static_cast<std::uint8_t>(n >> 16), static_cast<std::uint8_t>(n >> 24)};
    bytes.insert(bytes.end(), le, le + 4);
  }
  void text(std::string_view value) {
    count(value.size());
    bytes.insert(bytes.end(), value.begin(), value.end());
  }
  void string(std::string_view value) {
    tag(kWireString);
    text(value);
  }
  void number(double value) {
    tag(kWireNumber);
    numbers.push_back(value);
  }
  /// An object of `members` members follows: each a key() and a value.
  void object(std::size_t members) {
    tag(kWireObject);
    count(members);
  }
  void key(std::string_view name) { text(name); }
  void column(const std::vector<double>& values) {
    tag(kWireColumn);
    count(values.size());
    numbers.insert(numbers.end(), values.begin(), values.end());
  }

  void value(const friction::Value& v) {
    using Kind = friction::Value::Kind;
    switch (v.kind()) {
      case Kind::Null:
        return tag(kWireNull);
      case Kind::Bool:
        return tag(v.boolean() ? kWireTrue : kWireFalse);
      case Kind::Number:
        return number(v.number());
      case Kind::String:
        return string(v.text());
      case Kind::List:
        tag(kWireList);
        count(v.items().size());
        for (const friction::Value& item : v.items()) value(item);
        return;
      case Kind::Object:
        object(v.keys().size());
        for (std::size_t i = 0; i < v.keys().size(); ++i) {
          key(v.keys()[i]);
          value(v.items()[i]);
        }
        return;
    }
  }
};

/// Reads a message engine.mjs encoded (its encodeWire) back into the tree it encoded.
class WireReader {
 public:
  WireReader(const std::vector<std::uint8_t>& bytes, const std::vector<double>& numbers)
      : bytes_(bytes), numbers_(numbers) {}

  friction::Value read() {
    switch (next()) {
      case kWireNull:
        return {};
      case kWireFalse:
        return false;
      case kWireTrue:
        return true;
      case kWireNumber:
        return number();
      case kWireString:
        return text();
      case kWireList: {
        friction::Value list = friction::Value::list();
        for (std::uint32_t n = count(); n > 0; --n) list.push(read());
        return list;
      }
      case kWireObject: {
        friction::Value object = friction::Value::object();
        for (std::uint32_t n = count(); n > 0; --n) {
          std::string name = text();
          object.set(std::move(name), read());
        }
        return object;
      }
      default:
        throw friction::InputError("request", "The request's encoding is damaged.");
    }
  }

 private:
  std::uint8_t next() {
    if (at_ >= bytes_.size()) throw friction::InputError("request", "The request's encoding is cut short.");
    return bytes_[at_++];
  }
  std::uint32_t count() {
    std::uint32_t n = 0;
    for (int shift = 0; shift < 32; shift += 8) n |= static_cast<std::uint32_t>(next()) << shift;
    return n;
  }
  std::string text() {
    const std::uint32_t length = count();
    if (length > bytes_.size() - at_)
      throw friction::InputError("request", "The request's encoding is cut short.");
    std::string out(reinterpret_cast<const char*>(bytes_.data() + at_), length);
    at_ += length;
    return out;
  }
  double number() {
    if (number_ >= numbers_.size())
      throw friction::InputError("request", "The request's encoding is cut short.");
    return numbers_[number_++];
  }

  const std::vector<std::uint8_t>& bytes_;
  const std::vector<double>& numbers_;
  std::size_t at_ = 0, number_ = 0;
};

}  // namespace bindings
