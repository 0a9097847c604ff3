#!/usr/bin/env bash
# The C++ lint: (a) every tracked C++ file formatted as the root .clang-format says (Debian's
# clang-format 14), (b) the root .clang-tidy's checks (Debian's clang-tidy 14) over the engine, the CLI,
# the bindings, the fuzz harness and the benchmark. Any finding fails it, after every part has run.
# The test command runs it. It only configures builds (build/lint, build/lint-wasm), compiles nothing.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
status=0

echo "== C++ formatting (clang-format --dry-run --Werror)"
git ls-files -z -- '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror || status=1

# Compile commands for clang-tidy: the native build's, configured with clang (the compiler whose
# front end clang-tidy is), and the wasm build's for the bindings, which only em++ compiles.
cmake -S . -B build/lint -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
emcmake cmake -S . -B build/lint-wasm -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null

# One clang-tidy per file, $JOBS at a time. clang-tidy prints a count of the warnings it suppressed
# in system headers (Eigen, Catch2, the standard library); only the findings are shown.
tidy() {
  xargs -0 -n 1 -P "$JOBS" clang-tidy --quiet "$@" 2>&1 |
    { grep -vE '^[0-9]+ warnings?( and [0-9]+ errors?)? generated\.$' || true; }
}

echo "== clang-tidy: engine, CLI, fuzz harness, benchmark"
git ls-files -z -- 'cpp/engine/*.cpp' 'cpp/cli/*.cpp' 'cpp/fuzz/*.cpp' 'cpp/bench/*.cpp' |
  tidy -p build/lint || status=1

# The bindings through the wasm build's compile commands. Their compiler is em++, a name clang-tidy's
# driver does not know, so it is given the target and the sysroot that em++ passes to clang itself.
# (Emscripten's headers cannot be read for the host instead: wire.h defines BindingType<long> beside
# BindingType<int>, a redefinition where long is 64 bits, and its libc clashes with the host's.)
echo "== clang-tidy: bindings (wasm32-unknown-emscripten)"
git ls-files -z -- 'cpp/bindings/*.cpp' |
  tidy -p build/lint-wasm --extra-arg=--target=wasm32-unknown-emscripten \
    --extra-arg=--sysroot="$(em-config CACHE)/sysroot" || status=1

if [ "$status" -ne 0 ]; then
  echo "lint-cpp: findings above (fix them, or suppress a wrong one: // NOLINT(check): why)" >&2
  exit 1
fi
echo "lint-cpp: no findings"
