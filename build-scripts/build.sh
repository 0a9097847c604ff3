#!/usr/bin/env bash
# Builds the engine natively (build/native: library and Catch2 tests) and to WebAssembly
# (build/wasm: the module and the same tests for node), then assembles the static site in dist/.
# Needs what install-deps.sh installs.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j "$JOBS"

# The emulator override is mandatory: emcmake's default passes node a flag node 20 refuses, and ctest
# then finds no tests yet exits 0.
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" >/dev/null
cmake --build build/wasm -j "$JOBS"

# dist/: the page, the engine loader and module, and Chart.js with its licence. Nothing is loaded
# from another host at run time.
rm -rf dist
mkdir -p dist/vendor
cp -R web/. dist/
cp cpp/bindings/engine.mjs cpp/bindings/wire.mjs dist/
cp build/wasm/cpp/friction-wasm.mjs build/wasm/cpp/friction-wasm.wasm dist/
# The studies' module, loaded on demand (engine.studies() in engine.mjs: the law alone, its curves, the
# presliding experiment and the maps), beside the engine's.
cp cpp/bindings/studies-engine.mjs build/wasm/cpp/friction-studies-wasm.mjs build/wasm/cpp/friction-studies-wasm.wasm dist/
# The fits' module, loaded on demand (loadFitEngine in fit-engine.mjs), beside the engine's.
cp cpp/bindings/fit-engine.mjs build/wasm/cpp/friction-fit-wasm.mjs build/wasm/cpp/friction-fit-wasm.wasm dist/
# Chart.js with only the parts the page uses (build-scripts/chart.mjs): dist/vendor/chart.min.js.
node build-scripts/chart.mjs
cp node_modules/chart.js/LICENSE.md dist/vendor/chart.js-LICENSE.md
# Binaryen's wasm-opt (npm `binaryen`, newer than the one em++ runs at link time) on the module the
# page loads. The features are the module's own: MVP, exceptions (-fwasm-exceptions), mutable
# globals, non-trapping float-to-int, sign extension and bulk memory (cpp/CMakeLists.txt); wasm-opt refuses a
# module that uses more, so a new feature fails the build here.
# No fast-math pass: IEEE results stay as compiled (the seed's numbers are checked bit for bit).
# --converge repeats the passes while the module still shrinks (0.25 kB gzipped of the 300 kB budget).
# The fits' module too: the same passes take a tenth off a 1000-point fit's time in wasm (issue 27).
for module in dist/friction-wasm.wasm dist/friction-fit-wasm.wasm; do
  node_modules/.bin/wasm-opt "$module" -O3 --converge \
    --mvp-features --enable-exception-handling --enable-mutable-globals \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-bulk-memory -o "$module"
done
# The equations of the catalog, typeset to MathML by KaTeX at build time: dist/equations.json.
node build-scripts/equations.mjs
# The single-file build for use without a server (opened from disk): dist/friction-lab.html.
node build-scripts/single-file.mjs
# Minify what the page loads (after the single file, which bundles the readable sources).
node build-scripts/minify.mjs
echo "build: dist/ is ready ($(du -sh dist | cut -f1))"
# The engine as an npm package (build/npm/: the loaders, glue, wasm and TypeScript declarations);
# `npm pack build/npm` gives its tarball (tests/wasm/npm-package.test.mjs).
node build-scripts/npm-package.mjs
# What the page loads from dist/, raw and gzipped, and the total (tests/wasm/payload-size.test.mjs
# holds it to its budget).
node build-scripts/payload-size.mjs
