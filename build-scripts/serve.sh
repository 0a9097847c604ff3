#!/usr/bin/env bash
# Installs what is missing, builds, and serves the app on http://127.0.0.1:${PORT:-8000}/ .
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bash build-scripts/install-deps.sh
bash build-scripts/build.sh
PORT="${PORT:-8000}"
echo "Friction Lab: http://127.0.0.1:${PORT}/   (Ctrl-C to stop)"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist
