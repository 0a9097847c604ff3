#!/usr/bin/env bash
# The browser benchmark, in Debian's Chromium: input-to-chart latency (median, 95th percentile)
# beside its target for the default view, a Coulomb law run, Drake's Stribeck law, LuGre, compare
# mode with four runs and the law explorer; whether the charts trail a fast drag by more than one
# run; the animation's frame rate while playing, with and without a drag; navigation to the first
# chart; the machine load at start and end. Not a test: it prints figures, PASS/MISS, and never fails.
# Usage: bash build-scripts/bench-browser.sh [--no-build] [slider changes per case]
#   --no-build: use dist/ and node_modules as they are (no install-deps.sh, no build.sh), e.g.
#   while someone else rebuilds dist/ on a shared machine.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
if [ "${1:-}" = "--no-build" ]; then
  shift
else
  bash build-scripts/install-deps.sh
  bash build-scripts/build.sh >/dev/null
fi
node build-scripts/bench-browser.mjs "${1:-200}"
