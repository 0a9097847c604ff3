// The wire's writer and reader (value_wire.h). Compiled for speed, not size, in the page's module: they
// run for every key and value of every call (cpp/CMakeLists.txt).

#include "value_wire.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "friction/errors.h"

namespace bindings {
namespace {

// u32, least significant byte first, at `to`.
void put(std::uint8_t* to, std::size_t n) {
  for (int i = 0; i < 4; ++i) to[i] = static_cast<std::uint8_t>(n >> (8 * i));
}

// A buffer grown to hold `needed` items: out of line, as it is rarely taken.
template <class Item>
[[gnu::noinline]] void grow(std::vector<Item>& buffer, std::size_t needed) {
  buffer.resize(std::max<std::size_t>(2 * buffer.size(), needed + 256));
}

// Room for `n` more items at the end of `buffer`, whose first `used` are written: the buffers only grow
// (one pair per module), so a reply rarely allocates.
template <class Item>
Item* room(std::vector<Item>& buffer, std::size_t& used, std::size_t n) {
  if (used + n > buffer.size()) grow(buffer, used + n);
  Item* at = buffer.data() + used;
  used += n;
  return at;
}

// The same `n` bytes at `a` and `b`: a loop the compiler keeps inline, where a key's few bytes would
// otherwise cost a call into libc's memcmp.
bool sameBytes(const std::uint8_t* a, const char* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != static_cast<std::uint8_t>(b[i])) return false;
  return true;
}

[[noreturn]] void cutShort() {
  throw friction::InputError("request", "The request's encoding is cut short.");
}

}  // namespace

// ---- The key table ----

std::uint32_t WireKeyTable::indexOf(std::string_view key) {
  if (key.empty() || key.size() > kMaxLength) return kNone;
  // A hash of the length and three of the bytes (first, middle, last), mixed by odd multipliers: a
  // key is looked up at every member of every reply, and reading all its bytes twice (a hash over
  // them, then the comparison) took a fifth of writing a 2-row run's summary in wasm. Keys it cannot
  // tell apart only take a further probe; linear probing, the slots at least half empty.
  const auto byte = [&](std::size_t i) {
    return static_cast<std::uint32_t>(static_cast<std::uint8_t>(key[i]));
  };
  std::uint32_t hash = static_cast<std::uint32_t>(key.size()) * 0x9E3779B1u;
  hash ^= byte(0) * 0x85EBCA6Bu ^ byte(key.size() / 2) * 0xC2B2AE35u ^ byte(key.size() - 1) * 0x27D4EB2Fu;
  hash ^= hash >> 15;
  for (std::size_t probe = hash & kSlotMask;; probe = (probe + 1) & kSlotMask) {
    const std::uint32_t slot = slots_[probe];
    if (slot == 0) return add(key, probe);
    const Entry& entry = entries_[slot - 1];
    if (entry.length == key.size() && sameBytes(bytes_.data() + entry.at, key.data(), key.size()))
      return slot - 1;
  }
}

// Out of line: a key is added once per module, and found at every call after that.
[[gnu::noinline]] std::uint32_t WireKeyTable::add(std::string_view key, std::size_t probe) {
  if (entries_.size() >= kMaxKeys) return kNone;
  const std::size_t lengthAt = bytes_.size();
  bytes_.resize(lengthAt + 4);
  put(bytes_.data() + lengthAt, key.size());
  entries_.push_back({bytes_.size(), key.size()});
  bytes_.insert(bytes_.end(), key.begin(), key.end());
  slots_[probe] = static_cast<std::uint32_t>(entries_.size());
  return static_cast<std::uint32_t>(entries_.size() - 1);
}

// ---- The reply's writer ----

void WireOutput::clear() {
  used_ = 0;
  usedNumbers_ = 0;
  open_.clear();
}

void WireOutput::null() { tagItem(kWireNull); }
void WireOutput::boolean(bool value) { tagItem(value ? kWireTrue : kWireFalse); }

void WireOutput::number(double value) {
  tagItem(kWireNumber);
  *reserveNumbers(1) = value;
}

void WireOutput::text(std::string_view value) {
  tagItem(kWireString);
  raw(value);
}

void WireOutput::beginList() { open(kWireList); }
void WireOutput::endList() { close(); }
void WireOutput::beginObject() { open(kWireObject); }
void WireOutput::endObject() { close(); }

// A key the table holds goes as its index, any other written out.
void WireOutput::key(std::string_view name) {
  ++open_.back().count;
  const std::uint32_t index = keys_.indexOf(name);
  if (index == WireKeyTable::kNone)
    raw(name);
  else
    count(WireKeyTable::kIndexBit | index);
}

void WireOutput::column(const std::vector<double>& values) {
  tagItem(kWireColumn);
  count(values.size());
  // One block copy (memory.copy), not a loop of push_backs.
  if (!values.empty())
    std::memcpy(reserveNumbers(values.size()), values.data(), values.size() * sizeof(double));
}

std::uint8_t* WireOutput::reserve(std::size_t n) { return room(bytes_, used_, n); }
double* WireOutput::reserveNumbers(std::size_t n) { return room(numbers_, usedNumbers_, n); }

// A value's tag, counted as an item of the list it is in.
void WireOutput::tagItem(WireTag tag) {
  if (!open_.empty() && open_.back().list) ++open_.back().count;
  *reserve(1) = tag;
}

void WireOutput::count(std::size_t n) { put(reserve(4), n); }

void WireOutput::raw(std::string_view value) {
  count(value.size());
  if (!value.empty()) std::memcpy(reserve(value.size()), value.data(), value.size());
}

void WireOutput::open(WireTag tag) {
  tagItem(tag);
  open_.push_back({used_, 0, tag == kWireList});
  count(0);
}

void WireOutput::close() {
  put(bytes_.data() + open_.back().at, open_.back().count);
  open_.pop_back();
}

// ---- The request's reader ----

// A value with no counterpart in a request, on its way out of the frames it is in: its type, and the
// steps from it to the request's root, innermost first.
struct WireReader::Refused {
  struct Step {
    bool item;  // a list's item (its index), else an object's member (its key)
    std::string key;
    std::size_t index;
  };
  std::string type;
  std::vector<Step> steps;

  // The path as the engine's readers write one: "system.v0", "v0[2]", "" for the request itself.
  std::string path() const {
    std::string path;
    for (auto step = steps.rbegin(); step != steps.rend(); ++step) {
      if (step->item)
        path += "[" + std::to_string(step->index) + "]";
      else
        path += (path.empty() ? "" : ".") + step->key;
    }
    return path;
  }
};

friction::Value WireReader::read() {
  try {
    return value();
  } catch (const Refused& refused) {
    const std::string path = refused.path();
    throw friction::InputError(path.empty() ? "request" : path,
                               (path.empty() ? "The request" : path) +
                                   " must be a number, string, boolean, list or object; got a " +
                                   refused.type + ".");
  }
}

// A member's value (`key`) or a list's item (`index`), its step added to a refusal's path (and only
// then: a member's key is not copied on the way in).
friction::Value WireReader::valueAt(bool item, std::string_view key, std::size_t index) {
  try {
    return value();
  } catch (Refused& refused) {
    refused.steps.push_back({item, std::string(key), index});
    throw;
  }
}

friction::Value WireReader::value() {
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
      const std::uint32_t n = count();
      for (std::uint32_t i = 0; i < n; ++i) list.push(valueAt(true, {}, i));
      return list;
    }
    case kWireObject: {
      friction::Value object = friction::Value::object();
      for (std::uint32_t n = count(); n > 0; --n) {
        std::string name = text();
        friction::Value member = valueAt(false, name, 0);
        object.set(std::move(name), std::move(member));
      }
      return object;
    }
    case kWireUnrepresentable:
      throw Refused{text(), {}};
    default:
      throw friction::InputError("request", "The request's encoding is damaged.");
  }
}

std::uint8_t WireReader::next() {
  if (at_ >= bytes_.size()) cutShort();
  return bytes_[at_++];
}

std::uint32_t WireReader::count() {
  std::uint32_t n = 0;
  for (int shift = 0; shift < 32; shift += 8) n |= static_cast<std::uint32_t>(next()) << shift;
  return n;
}

std::string WireReader::text() {
  const std::uint32_t length = count();
  if (length > bytes_.size() - at_) cutShort();
  std::string out(reinterpret_cast<const char*>(bytes_.data() + at_), length);
  at_ += length;
  return out;
}

double WireReader::number() {
  if (number_ >= numbers_.size()) cutShort();
  return numbers_[number_++];
}

}  // namespace bindings
