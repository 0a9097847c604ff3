// Sharded sweeps (cpp/cli/sweep_shards.h): which cells a shard holds, the --shard K/N it accepts, and
// the merge that puts the parts' rows back in the unsharded order and refuses parts that do not make
// one whole sweep. The byte-identity of merged and unsharded CLI runs is tests/wasm/shards.test.mjs's.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "json.h"
#include "sweep_shards.h"

using Catch::Matchers::Contains;
using cli::Shard;
using cli::ShardPart;

namespace {

const std::string kHeader =
    "# Friction Lab engine test\n# map of coulomb: x = system.c, y = "
    "params.mu_k\nc,mu_k,regime,value,error\n";

// Part K of N of a sweep of `cells` cells whose row n is "row n": the rows a shard holds, under the
// unsharded header with the shard line after its two '#' lines.
ShardPart part(long k, long n, long cells, const std::string& fingerprint = "0123456789abcdef") {
  const Shard shard{k, n};
  std::string text = "# Friction Lab engine test\n# map of coulomb: x = system.c, y = params.mu_k\n" +
                     cli::shardLine(shard, cells, fingerprint) + "\nc,mu_k,regime,value,error\n";
  for (long cell = 0; cell < cells; ++cell)
    if (shard.holds(cell)) text += "row " + std::to_string(cell) + "\n";
  return {"part-" + std::to_string(k) + ".csv", text};
}

std::string unsharded(long cells) {
  std::string text = kHeader;
  for (long cell = 0; cell < cells; ++cell) text += "row " + std::to_string(cell) + "\n";
  return text;
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
  ShardPart otherMap = part(1, 2, 10);
  otherMap.text.replace(otherMap.text.find("x = system.c"), 12, "x = system.m");
  CHECK_THAT(refusal({part(0, 2, 10), otherMap}), Contains("engine version, map or columns"));
  ShardPart cut = part(1, 2, 10);
  cut.text.erase(cut.text.rfind("row"));
  CHECK_THAT(refusal({part(0, 2, 10), cut}),
             Contains("'part-1.csv' has 4 rows, but shard 1/2 of 10 cells has 5"));
  ShardPart noNewline = part(1, 2, 10);
  noNewline.text.pop_back();
  CHECK_THAT(refusal({part(0, 2, 10), noNewline}), Contains("'part-1.csv' does not end with a newline"));
  CHECK_THAT(refusal({{"map.csv", unsharded(10)}}), Contains("'map.csv' is not a part of a sharded sweep"));
  ShardPart damaged = part(0, 1, 10);
  damaged.text.replace(damaged.text.find("0/1"), 3, "2/1");
  CHECK_THAT(refusal({damaged}), Contains("damaged shard line"));
}
