#!/usr/bin/env bash
# Checks the JavaScript of the page (web/js), the build scripts and the tests: Prettier's layout
# (.prettierrc.json: print width 100) and ESLint (eslint.config.mjs: eslint:recommended, no comma
# operator, modules of at most 400 lines, functions of at most 100, cyclomatic complexity at most 15).
# Any finding of either fails the run. To fix the layout: npx prettier --write web/js build-scripts tests
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Both checks run, so that one run reports every finding; the script fails if either found one.
status=0
echo "lint: prettier --check web/js build-scripts tests"
node_modules/.bin/prettier --check --log-level warn web/js build-scripts tests eslint.config.mjs || status=1
echo "lint: eslint web/js build-scripts tests"
node_modules/.bin/eslint --max-warnings 0 web/js build-scripts tests eslint.config.mjs || status=1
exit "$status"
