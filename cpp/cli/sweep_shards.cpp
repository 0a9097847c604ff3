// Sharded sweeps and their merge (sweep_shards.h).

#include "sweep_shards.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <map>

namespace cli {
namespace {

constexpr const char* kShardPrefix = "# shard ";
constexpr const char* kSweepPrefix = "# sweep: ";
constexpr const char* kEndForm = "# end: %ld rows; FNV-1a 64 of the lines above: %16[0-9a-f]%n";
constexpr const char* kShardForm =
    "K/N, whole numbers with 0 ≤ K < N (K counts from 0, as Slurm's --array=0-(N-1))";

// A whole decimal number filling all of `text`, or false.
bool wholeNumber(const std::string& text, long& out) {
  if (text.empty()) return false;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), out);
  return result.ec == std::errc() && result.ptr == text.data() + text.size() && out >= 0;
}

// The JSON text of `json` with no whitespace, keys in the file's order: what the fingerprint hashes.
void compact(const Json& json, std::string& out) {
  switch (json.kind) {
    case Json::Kind::Null:
      out += "null";
      return;
    case Json::Kind::Bool:
      out += json.boolean ? "true" : "false";
      return;
    case Json::Kind::Number:
      out += jsonNumber(json.number);
      return;
    case Json::Kind::String:
      out += jsonString(json.text);
      return;
    case Json::Kind::Array:
      out += '[';
      for (std::size_t i = 0; i < json.items.size(); ++i) {
        out += i ? "," : "";
        compact(json.items[i], out);
      }
      out += ']';
      return;
    case Json::Kind::Object:
      out += '{';
      for (std::size_t i = 0; i < json.members.size(); ++i) {
        out += i ? "," : "";
        out += jsonString(json.members[i].first) + ":";
        compact(json.members[i].second, out);
      }
      out += '}';
      return;
  }
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(text.substr(start));  // a last line without its newline: a cut-short file
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The hash and the row count the end line (the file's last) gives, checked against the text above it.
// Returns the row count; refuses a file without its end line (cut short) or whose bytes changed.
long checkEndLine(const std::string& name, const std::string& text, const std::vector<std::string>& lines) {
  const std::string& last = lines.empty() ? text : lines.back();
  long rows = -1;
  char hash[32] = {};
  int used = 0;
  if (std::sscanf(last.c_str(), kEndForm, &rows, hash, &used) != 2 ||
      static_cast<std::size_t>(used) != last.size())
    throw ShardError("'" + name + "' was cut short: its last line is not the end line ('# end: R rows; …') " +
                     "that friction sweep writes after the rows.");
  Fnv1a64 above;
  above.add(text.substr(0, text.size() - last.size() - 1));
  if (above.hex() != hash)
    throw ShardError("'" + name + "' was changed after friction wrote it: the FNV-1a 64 of its lines is " +
                     above.hex() + ", its end line says " + hash + ".");
  return rows;
}

// A part's file, read: its header (the unsharded CSV's three '#' lines and column line), its shard
// line's values and its rows.
struct ReadPart {
  std::string name, header;
  Shard shard;
  long cells = 0;
  std::string fingerprint;
  std::vector<std::string> rows;
};

ReadPart readPart(const ShardPart& part) {
  const std::vector<std::string> lines = linesOf(part.text);
  if (!part.text.empty() && part.text.back() != '\n')
    throw ShardError("'" + part.name + "' does not end with a newline: it was cut short.");
  ReadPart read{part.name, "", {}, 0, "", {}};
  if (lines.size() < 6 || lines[0].rfind("# ", 0) != 0 || lines[1].rfind("# ", 0) != 0 ||
      lines[2].rfind(kSweepPrefix, 0) != 0 || lines[3].rfind(kShardPrefix, 0) != 0)
    throw ShardError("'" + part.name + "' is not a part of a sharded sweep: its fourth line should be '" +
                     kShardPrefix +
                     "K/N of C cells; sweep …', as `friction sweep SWEEP.json --shard K/N` writes it.");
  const long endRows = checkEndLine(part.name, part.text, lines);
  char fingerprint[32] = {};
  long k = -1, n = -1, c = -1;
  int used = 0;
  if (std::sscanf(lines[3].c_str(), "# shard %ld/%ld of %ld cells; sweep %16[0-9a-f]%n", &k, &n, &c,
                  fingerprint, &used) != 4 ||
      static_cast<std::size_t>(used) != lines[3].size() || !(k >= 0 && k < n && c >= 0))
    throw ShardError("'" + part.name + "' has a damaged shard line: '" + lines[3] + "'.");
  read.header = lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[4] + "\n";
  read.shard = {k, n};
  read.cells = c;
  read.fingerprint = fingerprint;
  read.rows.assign(lines.begin() + 5, lines.end() - 1);
  if (static_cast<long>(read.rows.size()) != endRows)
    throw ShardError("'" + part.name + "' has " + std::to_string(read.rows.size()) +
                     " rows, its end line says " + std::to_string(endRows) + ": it was changed.");
  if (static_cast<long>(read.rows.size()) != read.shard.cellsOf(c))
    throw ShardError("'" + part.name + "' has " + std::to_string(read.rows.size()) + " rows, but shard " +
                     std::to_string(k) + "/" + std::to_string(n) + " of " + std::to_string(c) +
                     " cells has " + std::to_string(read.shard.cellsOf(c)) +
                     ": it was cut short or changed.");
  return read;
}

// Every part is of the same sweep as the first (header, N, cell count, fingerprint).
void checkSameSweep(const std::vector<ReadPart>& parts) {
  const ReadPart& first = parts.front();
  for (const ReadPart& part : parts) {
    std::string differs;
    // The sweep first: its line is in the header too.
    if (part.fingerprint != first.fingerprint)
      differs = "sweep (fingerprint " + part.fingerprint + " vs " + first.fingerprint + ")";
    else if (part.header != first.header)
      differs = "engine version, map or columns";
    else if (part.cells != first.cells)
      differs = "number of cells";
    else if (part.shard.count != first.shard.count)
      differs = "number of shards (" + std::to_string(part.shard.count) + " vs " +
                std::to_string(first.shard.count) + ")";
    if (!differs.empty())
      throw ShardError("'" + part.name + "' and '" + first.name + "' are parts of different runs: their " +
                       differs + " differ.");
  }
}

}  // namespace

Shard parseShard(const std::string& text) {
  const std::size_t slash = text.find('/');
  Shard shard;
  if (slash == std::string::npos || !wholeNumber(text.substr(0, slash), shard.index) ||
      !wholeNumber(text.substr(slash + 1), shard.count))
    throw ShardError(std::string("--shard wants ") + kShardForm + "; got '" + text + "'.");
  if (shard.count < 1) throw ShardError("--shard K/N needs at least one shard (N ≥ 1); got '" + text + "'.");
  if (shard.index >= shard.count)
    throw ShardError("--shard K/N counts K from 0, so K must be below N (0 ≤ K ≤ " +
                     std::to_string(shard.count - 1) + "); got '" + text + "'.");
  return shard;
}

void Fnv1a64::add(const std::string& text) {
  // FNV-1a: each byte xored in, then a multiplication by the 64-bit FNV prime 2^40 + 0x1b3.
  for (const unsigned char c : text) {
    hash_ ^= c;
    hash_ *= 1099511628211ull;
  }
}

std::string Fnv1a64::hex() const {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash_));
  return hex;
}

std::string sweepFingerprint(const Json& sweep) {
  std::string text;
  compact(sweep, text);
  Fnv1a64 hash;
  hash.add(text);
  return hash.hex();
}

std::string sweepLine(const Json& sweep) {
  std::string line = kSweepPrefix;
  compact(sweep, line);
  return line;
}

std::string endLine(long rows, const Fnv1a64& hash) {
  return "# end: " + std::to_string(rows) + " rows; FNV-1a 64 of the lines above: " + hash.hex();
}

void CsvLines::header(const std::string& line) {
  out_ << line << '\n';
  hash_.add(line);
  hash_.add("\n");
}

void CsvLines::row(const std::string& line) {
  header(line);
  ++rows_;
}

void CsvLines::end() { out_ << endLine(rows_, hash_) << '\n'; }

std::string shardLine(const Shard& shard, long cells, const std::string& fingerprint) {
  return std::string(kShardPrefix) + std::to_string(shard.index) + "/" + std::to_string(shard.count) +
         " of " + std::to_string(cells) + " cells; sweep " + fingerprint;
}

std::string mergeShards(const std::vector<ShardPart>& given) {
  if (given.empty()) throw ShardError("merge needs the parts of a sharded sweep: friction merge PART...");
  std::vector<ReadPart> parts;
  parts.reserve(given.size());
  for (const ShardPart& part : given) parts.push_back(readPart(part));
  checkSameSweep(parts);
  const long count = parts.front().shard.count, cells = parts.front().cells;
  std::map<long, const ReadPart*> byIndex;
  for (const ReadPart& part : parts) {
    const auto [at, added] = byIndex.emplace(part.shard.index, &part);
    if (!added)
      throw ShardError("Shard " + std::to_string(part.shard.index) + "/" + std::to_string(count) +
                       " is given twice: '" + at->second->name + "' and '" + part.name + "'.");
  }
  std::string missing;
  for (long k = 0; k < count && missing.size() < 200; ++k)
    if (!byIndex.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
  if (!missing.empty())
    throw ShardError("Parts are missing: of shards 0 to " + std::to_string(count - 1) + ", no file holds " +
                     missing + ".");
  std::string out = parts.front().header;
  for (long n = 0; n < cells; ++n)
    out += byIndex.at(n % count)->rows[static_cast<std::size_t>(n / count)] + "\n";
  Fnv1a64 hash;
  hash.add(out);
  return out + endLine(cells, hash) + "\n";
}

}  // namespace cli
