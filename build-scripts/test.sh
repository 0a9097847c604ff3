#!/usr/bin/env bash
# Installs what is missing, builds, lints and runs every test: the JavaScript's layout and lint
# (lint-js.sh), the C++ lint (lint-cpp.sh: clang-format and clang-tidy), the Catch2 engine tests
# natively, natively under AddressSanitizer and UndefinedBehaviorSanitizer, and under node (wasm), the
# node tests of dist/engine.mjs and the CLI, the Playwright tests of the page in Debian's Chromium, and
# the docs' Slurm recipe on a one-node Slurm. This is the command CI runs (.ci/run).
#
# After the build, the parts that do not depend on each other run side by side (two cores: the C++
# lint and the sanitizer build compile while the page tests wait on the browser), each into a log of
# its own under build/test-logs, printed when it ends; every part runs even when another fails, and
# the command fails if any did. The summary at the end says what each part cost.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
LOGS=build/test-logs
rm -rf "$LOGS"
mkdir -p "$LOGS"
declare -A started seconds status

# Runs part $1 (a function) to its log, recording its wall time and exit status. (Inside a condition
# bash ignores `set -e`, so each part chains its commands with && itself.)
run_part() {
  local name="$1"
  local begin=$SECONDS
  if "$name" >"$LOGS/$name.log" 2>&1; then echo 0 >"$LOGS/$name.status"; else echo $? >"$LOGS/$name.status"; fi
  echo $((SECONDS - begin)) >"$LOGS/$name.seconds"
}

# Starts each named part in the background.
start_parts() {
  local name
  for name in "$@"; do
    run_part "$name" &
    started[$name]=$!
  done
}

# Waits for each named part, prints its log and notes its outcome.
finish_parts() {
  local name
  for name in "$@"; do
    [ "${started[$name]}" -eq 0 ] || wait "${started[$name]}" || true
    echo "== $name ($(cat "$LOGS/$name.seconds") s)"
    cat "$LOGS/$name.log"
    status[$name]=$(cat "$LOGS/$name.status")
    seconds[$name]=$(cat "$LOGS/$name.seconds")
  done
}

# ---- the parts

# The JavaScript's layout and lint first: a few seconds, before the minutes of the build.
install_and_build() {
  bash build-scripts/install-deps.sh && bash build-scripts/lint-js.sh && bash build-scripts/build.sh
}

# Formatting and clang-tidy, any finding fatal (~1 min of CPU on each of 2 cores; no compile).
cpp_lint() { bash build-scripts/lint-cpp.sh; }

engine_native() { ctest --test-dir build/native --output-on-failure --no-tests=error; }

# The same suite (and the fuzz seeds and regressions) built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, any report fatal. -O1: the sanitizers' recommendation, and the quickest
# build here; assertions stay on. Also clang's warnings, -Wcomma among them, as errors
# (FRICTION_WERROR), over the engine, the tests and the fuzz harness. Only what runs here is built: the
# CLI's and the benchmark's warnings are clang-tidy's (cpp_lint: clang-diagnostic-*, as errors, from
# the same front end), and compiling them under the sanitizers took 7 % of this part's build.
engine_sanitized() {
  cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_COMPILER=clang++ -DFRICTION_SANITIZE=ON \
    -DFRICTION_WERROR=ON >/dev/null &&
    cmake --build build/sanitize -j "$JOBS" --target engine_tests write_fuzz_seeds scenario_fuzz_replay &&
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      ctest --test-dir build/sanitize --output-on-failure --no-tests=error -j "$JOBS"
}

engine_wasm() { ctest --test-dir build/wasm --output-on-failure --no-tests=error; }

module_and_page() { node --test --test-reporter=spec tests/wasm/*.test.mjs tests/browser/*.test.mjs; }

# The docs' Slurm recipe on a one-node Slurm started here (~15 s; docs/testing.md#slurm).
slurm() { bash build-scripts/slurm-test.sh; }

# ---- the run

total=$SECONDS
run_part install_and_build
started[install_and_build]=0
finish_parts install_and_build
if [ "${status[install_and_build]}" -ne 0 ]; then
  echo "test: the install, the JavaScript lint or the build failed; nothing else ran" >&2
  exit 1
fi
# The compilers' parts beside the page's (which wait on Chromium), then the quick ones.
start_parts cpp_lint engine_sanitized
run_part module_and_page
started[module_and_page]=0
start_parts engine_native engine_wasm
finish_parts module_and_page engine_native engine_wasm
run_part slurm
started[slurm]=0
finish_parts slurm cpp_lint engine_sanitized

echo
echo "== what each part cost (wall seconds; parts after the build overlap)"
failed=0
for name in install_and_build cpp_lint engine_sanitized module_and_page engine_native engine_wasm slurm; do
  outcome=passed
  [ "${status[$name]}" -ne 0 ] && outcome=FAILED && failed=1
  printf '  %-20s %5s s  %s\n' "$name" "${seconds[$name]}" "$outcome"
done
echo "  total                $((SECONDS - total)) s"
exit "$failed"
