// The wire's key table (cpp/bindings/value_wire.h, issue 29): a reply's key goes as its index into the
// module's table once the table has it, and written out where the table does not take it (empty, longer
// than 64 bytes, or the table full), so that the table stays bounded whatever a reply holds. The table's
// stream is what engine.mjs's mirrorWireKeys reads: per key a u32 length (least significant byte first)
// and its bytes, appended to and never rewritten. The same sources run natively and in wasm.

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "friction/errors.h"
#include "value_wire.h"

using bindings::WireKeyTable;
using bindings::WireOutput;

namespace {

// The u32 at `at` in `bytes`, least significant byte first.
std::uint32_t u32At(const std::uint8_t* bytes, std::size_t at) {
  std::uint32_t n = 0;
  for (int i = 0; i < 4; ++i) n |= static_cast<std::uint32_t>(bytes[at + i]) << (8 * i);
  return n;
}

// The keys the table's stream holds, in order, read as engine.mjs reads them.
std::vector<std::string> streamKeys(const WireKeyTable& table) {
  std::vector<std::string> keys;
  for (std::size_t at = 0; at < table.byteCount();) {
    const std::uint32_t length = u32At(table.bytes(), at);
    keys.emplace_back(reinterpret_cast<const char*>(table.bytes() + at + 4), length);
    at += 4 + length;
  }
  return keys;
}

// The reply { <key>: null } as the wire writes it: its bytes.
std::vector<std::uint8_t> objectWithKey(WireOutput& out, const std::string& key) {
  out.clear();
  out.beginObject();
  out.key(key);
  out.null();
  out.endObject();
  return {out.bytes(), out.bytes() + out.byteCount()};
}

}  // namespace

TEST_CASE("the key table gives each key one index, in the order first met, and its stream holds them") {
  WireKeyTable table;
  CHECK(table.indexOf("law") == 0);
  CHECK(table.indexOf("summary") == 1);
  CHECK(table.indexOf("law") == 0);
  CHECK(table.indexOf("la") == 2);  // a prefix is a key of its own
  CHECK(table.size() == 3);
  CHECK(streamKeys(table) == std::vector<std::string>{"law", "summary", "la"});
  // 4 + 3, 4 + 7 and 4 + 2 bytes.
  CHECK(table.byteCount() == 24);
}

TEST_CASE("the key table refuses an empty key, one longer than 64 bytes, and any key once it is full") {
  WireKeyTable table;
  CHECK(table.indexOf("") == WireKeyTable::kNone);
  CHECK(table.indexOf(std::string(WireKeyTable::kMaxLength, 'k')) == 0);
  CHECK(table.indexOf(std::string(WireKeyTable::kMaxLength + 1, 'k')) == WireKeyTable::kNone);
  for (std::size_t i = 1; i < WireKeyTable::kMaxKeys; ++i)
    REQUIRE(table.indexOf("key" + std::to_string(i)) == i);
  CHECK(table.size() == WireKeyTable::kMaxKeys);
  const std::size_t fullBytes = table.byteCount();
  CHECK(table.indexOf("one more") == WireKeyTable::kNone);
  CHECK(table.byteCount() == fullBytes);
  // The keys it has are still found, with every slot's probe chain intact.
  CHECK(table.indexOf("key1") == 1);
  CHECK(table.indexOf("key" + std::to_string(WireKeyTable::kMaxKeys - 1)) == WireKeyTable::kMaxKeys - 1);
}

TEST_CASE("a reply's key goes as its index with the top bit set, or written out where the table refuses it") {
  WireOutput out;
  // Object tag, a count of 1, the key as index 0 | 2^31, the null tag.
  const std::vector<std::uint8_t> indexed = objectWithKey(out, "regime");
  REQUIRE(indexed.size() == 1 + 4 + 4 + 1);
  CHECK(indexed[0] == bindings::kWireObject);
  CHECK(u32At(indexed.data(), 1) == 1);
  CHECK(u32At(indexed.data(), 5) == (WireKeyTable::kIndexBit | 0));
  CHECK(indexed[9] == bindings::kWireNull);
  // The same key in the next reply: the same index, the table unchanged.
  CHECK(objectWithKey(out, "regime") == indexed);
  CHECK(out.keys().size() == 1);
  // A key too long for the table: its length (top bit clear) and its bytes.
  const std::string longKey(WireKeyTable::kMaxLength + 1, 'x');
  const std::vector<std::uint8_t> written = objectWithKey(out, longKey);
  REQUIRE(written.size() == 1 + 4 + 4 + longKey.size() + 1);
  CHECK(u32At(written.data(), 5) == longKey.size());
  CHECK(std::string(written.begin() + 9, written.begin() + 9 + static_cast<long>(longKey.size())) == longKey);
  CHECK(out.keys().size() == 1);
}

namespace {

// A request's streams, written by hand as engine.mjs's encodeWire writes them.
struct Request {
  std::vector<std::uint8_t> bytes;
  std::vector<double> numbers;

  Request& tag(bindings::WireTag tag) {
    bytes.push_back(tag);
    return *this;
  }
  Request& count(std::uint32_t n) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
    return *this;
  }
  Request& text(const std::string& text) {
    count(static_cast<std::uint32_t>(text.size()));
    bytes.insert(bytes.end(), text.begin(), text.end());
    return *this;
  }
  Request& number(double value) {
    numbers.push_back(value);
    return tag(bindings::kWireNumber);
  }
  // A value with no counterpart in a request, by its typeof.
  Request& unrepresentable(const std::string& type) { return tag(bindings::kWireUnrepresentable).text(type); }
};

// The field and message of the reader's refusal of `request`, or "read" if it reads.
std::pair<std::string, std::string> refusal(const Request& request) {
  try {
    bindings::WireReader(request.bytes, request.numbers).read();
  } catch (const friction::InputError& error) {
    return {error.field(), error.what()};
  }
  return {"read", ""};
}

}  // namespace

TEST_CASE("a request's function, symbol or bigint is refused by its path, as the engine's readers name one") {
  // { system: { v0: [[0, 1], [1, <symbol>]] } }
  Request nested;
  nested.tag(bindings::kWireObject).count(1).text("system");
  nested.tag(bindings::kWireObject).count(1).text("v0");
  nested.tag(bindings::kWireList).count(2);
  nested.tag(bindings::kWireList).count(2).number(0).number(1);
  nested.tag(bindings::kWireList).count(2).number(1).unrepresentable("symbol");
  CHECK(refusal(nested) ==
        std::pair<std::string, std::string>{
            "system.v0[1][1]",
            "system.v0[1][1] must be a number, string, boolean, list or object; got a symbol."});
  // The request itself, and an item of a list at the root.
  Request root;
  root.unrepresentable("bigint");
  CHECK(refusal(root) ==
        std::pair<std::string, std::string>{
            "request", "The request must be a number, string, boolean, list or object; got a bigint."});
  Request item;
  item.tag(bindings::kWireList).count(1).unrepresentable("function");
  CHECK(refusal(item).first == "[0]");
  // Members before the refused one read as they are; the refusal names the member it is in.
  Request member;
  member.tag(bindings::kWireObject).count(2).text("law").tag(bindings::kWireString).text("coulomb");
  member.text("onStep").unrepresentable("function");
  CHECK(refusal(member).first == "onStep");
}
