#!/usr/bin/env bash
# Fuzzes the engine's scenario reading and simulation with libFuzzer, under AddressSanitizer and
# UndefinedBehaviorSanitizer, for a bounded time (cpp/fuzz/scenario_fuzz.cpp says what counts as a
# finding). First it replays the kept regressions (tests/fuzz/regressions); then it fuzzes from the
# seed corpus (the presets and sweeps over them, written from the engine's catalogs) and the corpus
# grown by earlier runs (build/fuzz/corpus). A finding's input goes to build/fuzz/findings/.
# Usage: bash build-scripts/fuzz.sh [SECONDS]   (default 60; at most 10 s per input)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
DURATION="${1:-60}"
bash build-scripts/install-deps.sh

out=build/fuzz
cmake -S . -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DFRICTION_FUZZ=ON >/dev/null
cmake --build "$out" -j "$JOBS" --target scenario_fuzz write_fuzz_seeds >/dev/null
fuzzer="$out/cpp/scenario_fuzz"
rm -rf "$out/seeds"
"$out/cpp/write_fuzz_seeds" "$out/seeds" "$out/scenario.dict"
mkdir -p "$out/corpus" "$out/findings"

# Leaks count as findings too (LeakSanitizer runs at exit); any sanitizer report stops the run.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

regressions=(tests/fuzz/regressions/*)
if [ -e "${regressions[0]}" ]; then
  echo "== fuzz: replaying ${#regressions[@]} kept regressions"
  "$fuzzer" -timeout=10 "${regressions[@]}" >"$out/regressions.log" 2>&1 || {
    cat "$out/regressions.log"
    echo "fuzz: a kept regression fails again" >&2
    exit 1
  }
fi

echo "== fuzz: ${DURATION} s"
status=0
started=$(date +%s)
"$fuzzer" "$out/corpus" "$out/seeds" -dict="$out/scenario.dict" -max_total_time="$DURATION" -timeout=10 \
  -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 -artifact_prefix="$out/findings/" \
  >"$out/last-run.log" 2>&1 || status=$?
elapsed=$(( $(date +%s) - started ))

stat() { sed -n "s/^stat::$1: *//p" "$out/last-run.log" | tail -1; }
findings=$(find "$out/findings" -type f -newer "$out/scenario.dict" | wc -l)
echo "fuzz: $(stat number_of_executed_units) executions in ${elapsed} s, $(stat average_exec_per_sec) exec/s," \
  "$(stat new_units_added) new inputs (corpus: $(ls "$out/corpus" | wc -l) files), peak RSS $(stat peak_rss_mb) MB"
grep "^scenario_fuzz outcomes" "$out/last-run.log" | tail -1 || true
if [ "$status" -ne 0 ] || [ "$findings" -gt 0 ]; then
  grep -E "^==[0-9]+==ERROR|scenario_fuzz finding|runtime error|Test unit written|ALARM|SUMMARY" "$out/last-run.log" | head -20
  echo "fuzz: FINDINGS: $findings (libFuzzer exit status $status); log: $out/last-run.log" >&2
  exit 1
fi
echo "fuzz: no findings (log: $out/last-run.log)"
