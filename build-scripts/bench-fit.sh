#!/usr/bin/env bash
# The fits' benchmark (issue 27): in one run, on the same files, the engine's fits natively
# (friction_fit_bench) and in wasm (the page's fits module under node), and scipy's
# least_squares(method='lm') (Debian's python3-scipy, installed by `install-deps.sh bench`): LuGre's
# 1000-point Stribeck curve from one start and from eight, and the rsf velocity-step record fit; then a
# 10⁶-row tribometer file natively (`friction fit`, timed and measured by /usr/bin/time -v), in wasm
# under node, and opened and fitted in the page's Fit view (Debian's Chromium).
# Not a test: it prints tables (median [least] over the rounds: interleaved natively, a block of calls
# per case in wasm and in scipy, each after warm-up calls: a second of them in wasm) and never fails
# on a time.
# Usage: bash build-scripts/bench-fit.sh [--no-build] [rounds]   (default 30 rounds)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
if [ "${1:-}" = "--no-build" ]; then
  shift
else
  bash build-scripts/install-deps.sh bench
  bash build-scripts/build.sh >/dev/null
fi
ROUNDS="${1:-30}"
DIR="$(mktemp -d)"
trap 'rm -rf "$DIR"' EXIT
echo "Load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
node build-scripts/bench-fit.mjs data "$DIR"
./build/native/cpp/friction_fit_bench "$ROUNDS" "$DIR/stribeck-1.json" "$DIR/stribeck-8.json" \
  "$DIR/rsf-record.json" >"$DIR/native.json"
node build-scripts/bench-fit.mjs wasm "$DIR" "$ROUNDS"
/usr/bin/python3 build-scripts/bench-fit-scipy.py "$DIR" "$ROUNDS" >"$DIR/scipy.json"
node build-scripts/bench-fit.mjs big "$DIR"
node build-scripts/bench-fit.mjs page "$DIR"
node build-scripts/bench-fit.mjs report "$DIR"
# The 10⁶-row file natively: the whole command (read, fit with 8 starts on a sample and once on every
# point, the result and its four columns written as JSON), its wall time and peak memory.
/usr/bin/time -v ./build/native/cpp/friction fit "$DIR/big-1e6.json" >/dev/null 2>"$DIR/time.txt"
echo "10⁶-row file natively (friction fit, its result written to /dev/null):" \
  "$(grep 'Elapsed (wall clock)' "$DIR/time.txt" | sed 's/.*: //') wall," \
  "$(awk '/Maximum resident/ {printf "%.0f MB", $6 / 1024}' "$DIR/time.txt") peak resident"
