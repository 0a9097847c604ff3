#!/usr/bin/env bash
# Installs what the build and the tests need and is missing: Debian packages (Emscripten, Catch2,
# Eigen, Chromium, CMake, Ninja, g++, clang with its sanitizer and libFuzzer runtimes, GNU parallel,
# Slurm and MUNGE) and the npm packages
# of package-lock.json (Chart.js, playwright-core). Safe to run again: it does nothing when everything is there.
# `install-deps.sh bench` also installs what the benchmarks compare against: Debian's python3-scipy
# (bench-fit.sh runs scipy.optimize.least_squares beside the engine's fits). The tests do not need it.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

missing=()
command -v em++ >/dev/null || missing+=(emscripten)
[ -f /usr/include/catch2/catch.hpp ] || missing+=(catch2)
# Eigen (header-only): its Levenberg–Marquardt solves the fits (cpp/engine/src/fit).
[ -f /usr/include/eigen3/Eigen/Core ] || missing+=(libeigen3-dev)
command -v chromium >/dev/null || missing+=(chromium)
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v g++ >/dev/null || missing+=(g++)
# clang with its runtime libraries: the sanitizer test build (test.sh) and libFuzzer (fuzz.sh).
if ! command -v clang++ >/dev/null; then
  missing+=(clang libclang-rt-dev)
elif [ ! -f "$(clang++ -print-resource-dir)/lib/linux/libclang_rt.fuzzer-x86_64.a" ]; then
  missing+=(libclang-rt-dev)
fi
# Debian's clang-format and clang-tidy (14): the C++ lint (lint-cpp.sh).
command -v clang-format >/dev/null || missing+=(clang-format)
command -v clang-tidy >/dev/null || missing+=(clang-tidy)
command -v python3 >/dev/null || missing+=(python3)
# GNU parallel: tests/wasm/shards.test.mjs runs a sharded sweep over this machine's cores with it.
command -v parallel >/dev/null || missing+=(parallel)
# Slurm (controller, node daemon, sbatch) and MUNGE, its authentication: build-scripts/slurm-test.sh
# runs the docs' job array on a one-node Slurm started on this machine.
command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null ||
  missing+=(slurm-wlm)
command -v munged >/dev/null || missing+=(munge)
command -v node >/dev/null || missing+=(nodejs npm)
if [ "${1:-}" = bench ]; then
  # Debian's own python3 (a pyenv shim earlier in PATH would not see Debian's packages).
  /usr/bin/python3 -c 'import scipy.optimize' 2>/dev/null || missing+=(python3-scipy)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "install-deps: node >= 20 is required (found $(node --version))" >&2
  exit 1
fi

# npm ci only when node_modules does not match the lock file.
stamp=node_modules/.friction-lab-lock
if ! { [ -f "$stamp" ] && cmp -s package-lock.json "$stamp"; }; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
