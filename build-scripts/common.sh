# Shared settings for the build scripts; sourced, not run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# Debian's em++ needs acorn from /usr/share/nodejs at -O2 and above, where nodesource's node does not look.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
JOBS="$(nproc 2>/dev/null || echo 2)"
