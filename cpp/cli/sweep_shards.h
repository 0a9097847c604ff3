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
// A part is the unsharded CSV with one line added after its two header lines:
//   # shard K/N of C cells; sweep FINGERPRINT
// FINGERPRINT is a hash of the sweep's JSON (and the engine version is on the first line), so that
// the merge refuses parts of different sweeps. This is file handling, so it lives with the program,
// not in the engine (which has no I/O); the engine runs each cell (friction::sweepCell).

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

/// A short, stable hash (16 hex digits, FNV-1a 64) of the sweep's JSON as parsed: whitespace does not
/// change it, any value or key does.
std::string sweepFingerprint(const Json& sweep);

/// The line a part carries after the CSV's two header lines (without its newline).
std::string shardLine(const Shard& shard, long cells, const std::string& fingerprint);

/// One part as read from its file: the file's name (for messages) and its text.
struct ShardPart {
  std::string name;
  std::string text;
};

/// Joins the parts of one sharded sweep, in any order, into the unsharded CSV's text. Refuses, naming
/// the file(s): a file that is no part, parts of different sweeps or of different N, a part given
/// twice, a missing part, a part with the wrong number of rows (cut short or appended to).
std::string mergeShards(const std::vector<ShardPart>& parts);

}  // namespace cli
