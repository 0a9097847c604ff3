#!/usr/bin/env bash
# The stability-map benchmark: a 64×64 map of the seed model in Debian's Chromium with the worker
# pool and with one worker, and natively with the CLI; prints the times and their ratios. Not a test.
# Usage: bash build-scripts/bench-map.sh [repeats]
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bash build-scripts/install-deps.sh
bash build-scripts/build.sh >/dev/null
node build-scripts/bench-map.mjs "${1:-3}"
