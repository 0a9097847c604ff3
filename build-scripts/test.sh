#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the Catch2 engine tests natively and under
# node (wasm), the node tests of dist/engine.mjs, and the Playwright tests of the page in Debian's
# Chromium. This is the command CI runs (.ci/run).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bash build-scripts/install-deps.sh
bash build-scripts/build.sh

echo "== engine tests, native"
ctest --test-dir build/native --output-on-failure --no-tests=error
echo "== engine tests, wasm under node"
ctest --test-dir build/wasm --output-on-failure --no-tests=error
echo "== module and page tests"
node --test --test-reporter=spec tests/wasm/*.test.mjs tests/browser/*.test.mjs
