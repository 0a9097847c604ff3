#pragma once
// A request and a run's reply as a byte stream and a number stream, which engine.mjs encodes and decodes
// on its side (encodeWire, decodeWire): they cross the JS/wasm boundary in one copy each instead of one
// Embind call per key, value and string (which cost a 2-row run ~70 µs of its ~110 µs in wasm). The
// request is read back into a friction::Value (WireReader); the reply is written by the engine's writers
// straight into the streams (WireOutput is a ValueSink), without a tree in between. Only conversion: the
// same tree either way, object keys in order.
//
// Bytes: a tag per value, then its data; numbers (doubles) go to the number stream in order.
//   0 null   1 false   2 true   3 number (the next of the number stream)
//   4 string: u32 length, UTF-8 bytes
//   5 list: u32 count, the items      6 object: u32 count, then per member a string's length and bytes
//   (the key) and its value
//   7 Float64Array: u32 count, then that many numbers of the number stream (a run's columns)
// u32: four bytes, least significant first.

#include <algorithm>
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

/// The two streams of a request, as engine.mjs writes them into the module's memory.
struct WireInput {
  std::vector<std::uint8_t> bytes;
  std::vector<double> numbers;
};

/// The two streams of a reply, written as a sink: the writers' values as they come, each list's and
/// object's count written in its place once it is closed.
class WireOutput final : public friction::ValueSink {
 public:
  void clear() {
    used_ = 0;
    usedNumbers_ = 0;
    open_.clear();
  }
  const std::uint8_t* bytes() const { return bytes_.data(); }
  std::size_t byteCount() const { return used_; }
  const double* numbers() const { return numbers_.data(); }
  std::size_t numberCount() const { return usedNumbers_; }

  void null() override { tagItem(kWireNull); }
  void boolean(bool value) override { tagItem(value ? kWireTrue : kWireFalse); }
  void number(double value) override {
    tagItem(kWireNumber);
    *reserveNumbers(1) = value;
  }
  void text(std::string_view value) override {
    tagItem(kWireString);
    raw(value);
  }
  void beginList() override { open(kWireList); }
  void endList() override { close(); }
  void beginObject() override { open(kWireObject); }
  void key(std::string_view name) override {
    ++open_.back().count;
    raw(name);
  }
  void endObject() override { close(); }

  /// A run's column, a Float64Array on the JS side.
  void column(const std::vector<double>& values) {
    tagItem(kWireColumn);
    count(values.size());
    // One block copy (memory.copy), not a loop of push_backs compiled for size.
    if (!values.empty())
      std::memcpy(reserveNumbers(values.size()), values.data(), values.size() * sizeof(double));
  }

 private:
  struct Open {
    std::size_t at;       // where its count goes
    std::uint32_t count;  // its items or members so far
    bool list;
  };

  // Room for `n` more items at the end of `buffer`, whose first `used` are written: the buffers only
  // grow (one pair per module), so a reply rarely allocates.
  template <class Item>
  static Item* room(std::vector<Item>& buffer, std::size_t& used, std::size_t n) {
    if (used + n > buffer.size()) buffer.resize(std::max<std::size_t>(2 * buffer.size(), used + n + 256));
    Item* at = buffer.data() + used;
    used += n;
    return at;
  }
  std::uint8_t* reserve(std::size_t n) { return room(bytes_, used_, n); }
  double* reserveNumbers(std::size_t n) { return room(numbers_, usedNumbers_, n); }
  // A value's tag, counted as an item of the list it is in.
  void tagItem(WireTag tag) {
    if (!open_.empty() && open_.back().list) ++open_.back().count;
    *reserve(1) = tag;
  }
  // u32, least significant byte first, at `to`.
  static void put(std::uint8_t* to, std::size_t n) {
    for (int i = 0; i < 4; ++i) to[i] = static_cast<std::uint8_t>(n >> (8 * i));
  }
  void count(std::size_t n) { put(reserve(4), n); }
  void raw(std::string_view value) {
    count(value.size());
    if (!value.empty()) std::memcpy(reserve(value.size()), value.data(), value.size());
  }
  void open(WireTag tag) {
    tagItem(tag);
    open_.push_back({used_, 0, tag == kWireList});
    count(0);
  }
  void close() {
    put(bytes_.data() + open_.back().at, open_.back().count);
    open_.pop_back();
  }

  std::vector<std::uint8_t> bytes_;
  std::size_t used_ = 0;
  std::vector<double> numbers_;
  std::size_t usedNumbers_ = 0;
  std::vector<Open> open_;
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
