#!/usr/bin/env bash
# Installs what is missing, builds, lints the C++ (lint-cpp.sh: clang-format and clang-tidy), and runs
# every test: the Catch2 engine tests natively, natively under AddressSanitizer and
# UndefinedBehaviorSanitizer, and under node (wasm), the node tests of dist/engine.mjs, and the
# Playwright tests of the page in Debian's Chromium. This is the command CI runs (.ci/run).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bash build-scripts/install-deps.sh
# The JavaScript's layout and lint first: a few seconds, before the minutes of the build.
echo "== JavaScript: Prettier and ESLint"
bash build-scripts/lint-js.sh
bash build-scripts/build.sh
# Formatting and clang-tidy, any finding fatal (~1 min of CPU on each of 2 cores; no compile).
bash build-scripts/lint-cpp.sh

echo "== engine tests, native"
ctest --test-dir build/native --output-on-failure --no-tests=error
# The same suite (and the fuzz seeds and regressions) built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, any report fatal. -O1: the sanitizers' recommendation, and the
# quickest build here (~1 min of the CI run, the tests ~20 s); assertions stay on. Also clang's
# warnings, -Wcomma among them, as errors (FRICTION_WERROR), over every native target: the CLI and
# the benchmark are built too (~5 s), though only the tests run here.
echo "== engine tests, native, under AddressSanitizer and UndefinedBehaviorSanitizer"
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_CXX_COMPILER=clang++ -DFRICTION_SANITIZE=ON -DFRICTION_WERROR=ON >/dev/null
cmake --build build/sanitize -j "$JOBS" --target engine_tests write_fuzz_seeds scenario_fuzz_replay friction friction_bench
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build/sanitize --output-on-failure --no-tests=error -j "$JOBS"
echo "== engine tests, wasm under node"
ctest --test-dir build/wasm --output-on-failure --no-tests=error
echo "== module and page tests"
node --test --test-reporter=spec tests/wasm/*.test.mjs tests/browser/*.test.mjs
# The docs' Slurm recipe on a one-node Slurm started here (~15 s; docs/testing.md#slurm).
echo "== Slurm: the docs' job array and its merge on a one-node Slurm"
bash build-scripts/slurm-test.sh
