#pragma once
// The start-up module's one conversion: a request and a reply (a run's, a catalog's) as a byte stream and
// a number stream, which wire.mjs encodes and decodes on its side (encodeWire, decodeWire): they cross
// the JS/wasm boundary in one copy each instead of one Embind call per key, value and string (which cost
// a 2-row run ~70 µs of its ~110 µs in wasm). The request is read back into a friction::Value
// (WireReader); the reply is written by the engine's writers straight into the streams (WireOutput is a
// ValueSink), without a tree in between. Only conversion: the same tree either way, object keys in
// order.
//
// Bytes: a tag per value, then its data; numbers (doubles) go to the number stream in order.
//   0 null   1 false   2 true   3 number (the next of the number stream)
//   4 string: u32 length, UTF-8 bytes
//   5 list: u32 count, the items      6 object: u32 count, then per member a string's length and bytes
//   (the key) and its value
//   7 Float64Array: u32 count, then that many numbers of the number stream (a run's columns)
//   8 (a request only) a JS value with no counterpart in a request (a function, a symbol, a bigint):
//     its typeof as a string's length and bytes, refused by the reader where it stands, by its path
// u32: four bytes, least significant first.
// A reply's key is either a string's length and bytes or, with the top bit of that u32 set, the index of
// a key in the key table: a third stream that the module keeps from call to call and only appends to
// (u32 length, then the bytes, per key). A reply repeats the same few dozen keys at every call; each is
// written out once, so that engine.mjs looks a key up by its index instead of decoding its bytes
// (issue 29: 3 of a 2-row run's 6.5 µs of decoding in node). The request's keys are written out.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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
  kWireColumn,
  kWireUnrepresentable
};

/// The two streams of a request, as engine.mjs writes them into the module's memory.
struct WireInput {
  std::vector<std::uint8_t> bytes;
  std::vector<double> numbers;
};

/// The keys a module's replies have used, each at the index it was given when first met: the table's
/// stream (u32 length, bytes, per key, appended to, never rewritten) and a hash of the keys over it.
class WireKeyTable {
 public:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  /// The top bit of a key's u32: the rest is an index into the table.
  static constexpr std::uint32_t kIndexBit = 0x80000000u;
  /// At most this many keys of at most this many bytes: the catalogs' keys are a few hundred short
  /// names; any other key is written out, so the table stays small whatever the requests hold.
  static constexpr std::size_t kMaxKeys = 2048;
  static constexpr std::size_t kMaxLength = 64;

  const std::uint8_t* bytes() const { return bytes_.data(); }
  std::size_t byteCount() const { return bytes_.size(); }
  std::size_t size() const { return entries_.size(); }

  /// The index of `key`, added if it is new; kNone for a key the table does not take.
  std::uint32_t indexOf(std::string_view key);

 private:
  struct Entry {
    std::size_t at;  // where its bytes start in bytes_
    std::size_t length;
  };
  static constexpr std::size_t kSlotMask = 2 * kMaxKeys - 1;

  std::uint32_t add(std::string_view key, std::size_t probe);

  std::vector<std::uint8_t> bytes_;
  std::vector<Entry> entries_;
  std::array<std::uint32_t, 2 * kMaxKeys> slots_{};  // 0 empty, else an entry's index + 1
};

/// The two streams of a reply, written as a sink: the writers' values as they come, each list's and
/// object's count written in its place once it is closed.
class WireOutput final : public friction::ValueSink {
 public:
  void clear();
  const std::uint8_t* bytes() const { return bytes_.data(); }
  std::size_t byteCount() const { return used_; }
  const double* numbers() const { return numbers_.data(); }
  std::size_t numberCount() const { return usedNumbers_; }
  /// The key table the replies' key indices refer to (kept across clear()).
  const WireKeyTable& keys() const { return keys_; }

  void null() override;
  void boolean(bool value) override;
  void number(double value) override;
  void text(std::string_view value) override;
  void beginList() override;
  void endList() override;
  void beginObject() override;
  void key(std::string_view name) override;
  void endObject() override;

  /// A run's column, a Float64Array on the JS side.
  void column(const std::vector<double>& values);

 private:
  struct Open {
    std::size_t at;       // where its count goes
    std::uint32_t count;  // its items or members so far
    bool list;
  };

  std::uint8_t* reserve(std::size_t n);
  double* reserveNumbers(std::size_t n);
  void tagItem(WireTag tag);
  void count(std::size_t n);
  void raw(std::string_view value);
  void open(WireTag tag);
  void close();

  std::vector<std::uint8_t> bytes_;
  std::size_t used_ = 0;
  std::vector<double> numbers_;
  std::size_t usedNumbers_ = 0;
  std::vector<Open> open_;
  WireKeyTable keys_;
};

/// Reads a message wire.mjs encoded (its encodeWire) back into the tree it encoded. A value with no
/// counterpart in a request (tag 8) is refused with an InputError naming its path ("system.v0",
/// "params.mu[2]"; "request" for the whole), built only then, as the frames it is in unwind.
class WireReader {
 public:
  WireReader(const std::vector<std::uint8_t>& bytes, const std::vector<double>& numbers)
      : bytes_(bytes), numbers_(numbers) {}

  friction::Value read();

 private:
  struct Refused;

  friction::Value value();
  friction::Value valueAt(bool item, std::string_view key, std::size_t index);
  std::uint8_t next();
  std::uint32_t count();
  std::string text();
  double number();

  const std::vector<std::uint8_t>& bytes_;
  const std::vector<double>& numbers_;
  std::size_t at_ = 0, number_ = 0;
};

}  // namespace bindings
