#!/usr/bin/env bash
# The browser benchmark: input-to-chart latency (median, 95th percentile) in Debian's Chromium for
# the default view, a law run and compare mode with four runs, and navigation to the first chart.
# Not a test: it prints figures. Usage: bash build-scripts/bench-browser.sh [slider changes per case]
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bash build-scripts/install-deps.sh
bash build-scripts/build.sh >/dev/null
node build-scripts/bench-browser.mjs "${1:-200}"
