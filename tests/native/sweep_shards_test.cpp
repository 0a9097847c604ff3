// Sharded sweeps (cpp/cli/sweep_shards.h): which cells a shard holds, the --shard K/N it accepts, and
// the merge that puts the parts' rows back in the unsharded order and refuses parts that do not make
// one whole sweep. The byte-identity of merged and unsharded CLI runs is tests/wasm/shards.test.mjs's.

#include <catch2/catch.hpp>

#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "json.h"
#include "sweep_shards.h"

using Catch::Matchers::Contains;
using cli::Shard;
using cli::ShardPart;

namespace {

const std::string kTop =
    "# Friction Lab engine test\n# map of coulomb: x = system.c, y = params.mu_k\n# sweep: {\"test\":1}\n";
const std::string kColumns = "c,mu_k,regime,value,error\n";

// `text` (whole lines) with its end line: its `rows` and the FNV-1a 64 of its bytes, computed here
// bit by bit as the algorithm's definition says (xor a byte, multiply by 2^40 + 0x1b3 mod 2^64).
std::string withEnd(const std::string& text, long rows) {
  unsigned long long hash = 14695981039346656037ull;
  for (const unsigned char c : text) {
    hash ^= c;
    hash = hash * 0x1b3ull + (hash << 40);
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", hash);
  return text + "# end: " + std::to_string(rows) + " rows; FNV-1a 64 of the lines above: " + hex + "\n";
}

// Part K of N of a sweep of `cells` cells whose row n is "row n": the rows a shard holds, under the
// unsharded header with the shard line after its three '#' lines, and its end line.
ShardPart part(long k, long n, long cells, const std::string& fingerprint = "0123456789abcdef") {
  const Shard shard{k, n};
  std::string text = kTop + cli::shardLine(shard, cells, fingerprint) + "\n" + kColumns;
  for (long cell = 0; cell < cells; ++cell)
    if (shard.holds(cell)) text += "row " + std::to_string(cell) + "\n";
  return {"part-" + std::to_string(k) + ".csv", withEnd(text, shard.cellsOf(cells))};
}

std::string unsharded(long cells) {
  std::string text = kTop + kColumns;
  for (long cell = 0; cell < cells; ++cell) text += "row " + std::to_string(cell) + "\n";
  return withEnd(text, cells);
}

// A part whose text was changed by `change`, with its end line made again (as a careful forger would).
ShardPart rewritten(ShardPart part, long rows, const std::function<void(std::string&)>& change) {
  part.text.erase(part.text.rfind("# end: "));
  change(part.text);
  part.text = withEnd(part.text, rows);
  return part;
}

std::string refusal(const std::vector<ShardPart>& parts) {
  try {
    cli::mergeShards(parts);
  } catch (const cli::ShardError& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("Shard K/N holds every N-th cell from K, and the shards together hold every cell once") {
  for (long n : {1L, 2L, 3L, 7L, 20L}) {
    std::vector<int> held(12, 0);
    for (long k = 0; k < n; ++k) {
      long count = 0;
      for (long cell = 0; cell < 12; ++cell)
        if (Shard{k, n}.holds(cell)) {
          ++held[static_cast<std::size_t>(cell)];
          ++count;
        }
      CHECK(count == Shard{k, n}.cellsOf(12));
    }
    for (int times : held) CHECK(times == 1);
  }
  CHECK(Shard{5, 20}.cellsOf(12) == 1);
  CHECK(Shard{12, 20}.cellsOf(12) == 0);  // more shards than cells: the last ones are empty
}

TEST_CASE("The shard option reads K/N with 0 <= K < N and refuses anything else by what was given") {
  const Shard shard = cli::parseShard("3/8");
  CHECK(shard.index == 3);
  CHECK(shard.count == 8);
  CHECK(cli::parseShard("0/1").count == 1);
  const auto refused = [](const std::string& text) {
    try {
      cli::parseShard(text);
    } catch (const cli::ShardError& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  CHECK_THAT(refused("8/8"), Contains("K must be below N (0 ≤ K ≤ 7); got '8/8'"));
  CHECK_THAT(refused("1/0"), Contains("at least one shard (N ≥ 1); got '1/0'"));
  for (const char* bad :
       {"", "3", "-1/4", "1/-4", "a/4", "1/4x", "1.5/4", "1/2/3", "/4", "1/", "99999999999999999999/2"})
    CHECK_THAT(refused(bad), Contains("--shard wants K/N") && Contains("got '" + std::string(bad) + "'"));
}

TEST_CASE("Merged parts are the unsharded file, for any N and any order of the parts") {
  for (long n : {1L, 2L, 3L, 5L, 12L, 13L, 40L}) {
    std::vector<ShardPart> parts;
    for (long k = n - 1; k >= 0; --k) parts.push_back(part(k, n, 12));
    CHECK(cli::mergeShards(parts) == unsharded(12));
  }
}

TEST_CASE("The fingerprint ignores whitespace and sees every value") {
  const auto fingerprint = [](const std::string& text) {
    return cli::sweepFingerprint(cli::JsonReader(text).parse());
  };
  const std::string a =
      fingerprint(R"({"scenario": {"law": "coulomb"}, "x": {"key": "c", "min": 1, "max": 2, "count": 4}})");
  CHECK(a.size() == 16);
  CHECK(a == fingerprint(R"({"scenario":{"law":"coulomb"},"x":{"key":"c","min":1,"max":2,"count":4}})"));
  CHECK(a != fingerprint(
                 R"({"scenario": {"law": "coulomb"}, "x": {"key": "c", "min": 1, "max": 2, "count": 5}})"));
  CHECK(a != fingerprint(
                 R"({"scenario": {"law": "coulomb"}, "x": {"key": "c", "min": 1, "max": 2.5, "count": 4}})"));
}

TEST_CASE("Merge refuses missing, duplicate, mismatched, cut-short and foreign parts, naming the files") {
  CHECK_THAT(refusal({}), Contains("merge needs the parts"));
  CHECK_THAT(refusal({part(0, 3, 10), part(2, 3, 10)}),
             Contains("Parts are missing") && Contains("no file holds 1."));
  CHECK_THAT(refusal({part(0, 2, 10), part(1, 2, 10), {"copy.csv", part(1, 2, 10).text}}),
             Contains("Shard 1/2 is given twice: 'part-1.csv' and 'copy.csv'"));
  CHECK_THAT(
      refusal({part(0, 2, 10), part(1, 2, 10, "fedcba9876543210")}),
      Contains("'part-1.csv' and 'part-0.csv' are parts of different runs") && Contains("fingerprint"));
  CHECK_THAT(refusal({part(0, 2, 10), part(1, 3, 10)}), Contains("number of shards (3 vs 2)"));
  CHECK_THAT(refusal({part(0, 2, 10), part(1, 2, 12)}), Contains("number of cells"));
  const auto replace = [](const std::string& what, const std::string& with) {
    return [=](std::string& text) { text.replace(text.find(what), what.size(), with); };
  };
  CHECK_THAT(refusal({part(0, 2, 10), rewritten(part(1, 2, 10), 5, replace("x = system.c", "x = system.m"))}),
             Contains("engine version, map or columns"));
  CHECK_THAT(refusal({part(0, 2, 10), rewritten(part(1, 2, 10), 5, replace("{\"test\":1}", "{\"test\":2}"))}),
             Contains("engine version, map or columns"));
  // Cut short: its end line lost with its last rows; half a line lost; its final newline lost.
  ShardPart cut = part(1, 2, 10);
  cut.text.erase(cut.text.rfind("row "));
  CHECK_THAT(refusal({part(0, 2, 10), cut}),
             Contains("'part-1.csv' was cut short: its last line is not the end line"));
  ShardPart noNewline = part(1, 2, 10);
  noNewline.text.pop_back();
  CHECK_THAT(refusal({part(0, 2, 10), noNewline}), Contains("'part-1.csv' does not end with a newline"));
  // Changed after it was written: a row, or the end line's count.
  ShardPart changed = part(1, 2, 10);
  changed.text.replace(changed.text.find("row 3"), 5, "row 4");
  CHECK_THAT(refusal({part(0, 2, 10), changed}),
             Contains("'part-1.csv' was changed after friction wrote it: the FNV-1a 64 of its lines is"));
  ShardPart recounted = part(1, 2, 10);
  recounted.text.replace(recounted.text.find("# end: 5 rows"), 13, "# end: 6 rows");
  CHECK_THAT(refusal({part(0, 2, 10), recounted}), Contains("'part-1.csv' has 5 rows, its end line says 6"));
  // A row lost, the end line made again to match: too few rows for the shard.
  CHECK_THAT(refusal({part(0, 2, 10), rewritten(part(1, 2, 10), 4, replace("row 9\n", ""))}),
             Contains("'part-1.csv' has 4 rows, but shard 1/2 of 10 cells has 5"));
  CHECK_THAT(refusal({{"map.csv", unsharded(10)}}), Contains("'map.csv' is not a part of a sharded sweep"));
  CHECK_THAT(refusal({rewritten(part(0, 1, 10), 10, replace("0/1", "2/1"))}), Contains("damaged shard line"));
}

TEST_CASE("FNV-1a 64 gives the published values; a CSV's lines end with their count and hash") {
  // Noll's FNV test suite: FNV-1a 64 of "", "a" and "foobar".
  cli::Fnv1a64 hash;
  CHECK(hash.hex() == "cbf29ce484222325");
  hash.add("a");
  CHECK(hash.hex() == "af63dc4c8601ec8c");
  cli::Fnv1a64 pieces;
  pieces.add("foo");
  pieces.add("bar");
  CHECK(pieces.hex() == "85944171f73967e8");
  std::ostringstream out;
  cli::CsvLines csv(out);
  csv.header("# header");
  csv.row("row 0");
  csv.row("row 1");
  csv.end();
  CHECK(out.str() == withEnd("# header\nrow 0\nrow 1\n", 2));
  CHECK(cli::sweepLine(cli::JsonReader(R"({"b": [1, 2.5], "a": "x"})").parse()) ==
        R"(# sweep: {"b":[1,2.5],"a":"x"})");
}
