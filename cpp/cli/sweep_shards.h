#pragma once
// Sharded sweeps: `friction sweep SWEEP.json --shard K/N` runs the K-th of N interleaved parts of a
// map's cells into a CSV of its own, and `friction merge PART...` joins the parts into the file an
// unsharded run writes, byte for byte. So a large map can run on the batch engines research groups
// already have (GNU parallel, a Slurm job array) without a scheduler of ours.
//
// The cells are numbered as the unsharded CSV lists them: n = j·nx + i (y index j outer, x index i
// inner), 0 ≤ n < nx·ny. Shard K of N holds the cells with n mod N = K: interleaved rather than in
// blocks, so that an expensive region of the map (stick-slip, a stiff law) is spread over every shard.
// K counts from 0, as Slurm's `--array=0-(N-1)` numbers its tasks.
//
// A map's CSV says what it is and that it is whole: three header lines (the engine version; the map
// of what, over which keys; "# sweep: " and the sweep's JSON as read), the columns, a row per cell,
// and an end line
//   # end: R rows; FNV-1a 64 of the lines above: HASH
// (R cell rows; HASH of every byte before the end line), so that a file cut short or changed after
// it was written is known as such, by the merge and by the page that draws it (web/js/views/map-csv.js).
// A part is the unsharded CSV with one line added after its three header lines:
//   # shard K/N of C cells; sweep FINGERPRINT
// only its own rows, and its own end line. FINGERPRINT is the FNV-1a 64 of the sweep's JSON (and the
// engine version is on the first line), so that the merge refuses parts of different sweeps. This is
// file handling, so it lives with the program, not in the engine (which has no I/O); the engine runs
// each cell (friction::sweepCell).

#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "json.h"

namespace cli {

/// A refused --shard or merge, with a message that says what is wrong and what is wanted.
class ShardError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Part K (0 ≤ K < N) of N.
struct Shard {
  long index = 0;
  long count = 1;
  /// Whether cell n (0-based, in the CSV's order) belongs to this part.
  bool holds(long cell) const { return cell % count == index; }
  /// How many of `cells` cells this part holds.
  long cellsOf(long cells) const { return index < cells ? (cells - index + count - 1) / count : 0; }
};

/// Reads "K/N": whole numbers with 0 ≤ K < N. Throws ShardError naming what was given.
Shard parseShard(const std::string& text);

/// FNV-1a 64 (Fowler, Noll and Vo) over text given piece by piece.
class Fnv1a64 {
 public:
  void add(const std::string& text);
  /// The hash as 16 hex digits.
  std::string hex() const;

 private:
  std::uint64_t hash_ = 14695981039346656037ull;
};

/// A short, stable hash (16 hex digits, FNV-1a 64) of the sweep's JSON as parsed: whitespace does not
/// change it, any value or key does.
std::string sweepFingerprint(const Json& sweep);

/// The CSV's third line (without its newline): "# sweep: " and the sweep's JSON as parsed, with no
/// whitespace, its keys in the file's order (the text the fingerprint hashes).
std::string sweepLine(const Json& sweep);

/// The CSV's last line (without its newline): "# end: R rows; FNV-1a 64 of the lines above: HASH",
/// `hash` having seen every byte above it.
std::string endLine(long rows, const Fnv1a64& hash);

/// A map's CSV as it is written: each line to the stream, hashed on its way, the cell rows counted;
/// end() writes the end line.
class CsvLines {
 public:
  explicit CsvLines(std::ostream& out) : out_(out) {}
  /// A line that is not a cell's (a header line, the columns).
  void header(const std::string& line);
  void row(const std::string& line);
  void end();

 private:
  std::ostream& out_;
  Fnv1a64 hash_;
  long rows_ = 0;
};

/// The line a part carries after the CSV's two header lines (without its newline).
std::string shardLine(const Shard& shard, long cells, const std::string& fingerprint);

/// One part as read from its file: the file's name (for messages) and its text.
struct ShardPart {
  std::string name;
  std::string text;
};

/// Joins the parts of one sharded sweep, in any order, into the unsharded CSV's text. Refuses, naming
/// the file(s): a file that is no part, a part cut short (no end line) or changed (its hash), parts of
/// different sweeps or of different N, a part given twice, a missing part, a part with the wrong
/// number of rows.
std::string mergeShards(const std::vector<ShardPart>& parts);

}  // namespace cli
