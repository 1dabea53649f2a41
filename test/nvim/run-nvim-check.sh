#!/usr/bin/env bash
# Headless Neovim (Debian 12's 0.7.2) as a real LSP client of the server; prints one JSON line.
# Usage: LSP_FILE=path/to/doc.json [LSP_SERVER=node_modules/.bin/mcpdesc-language-server | dist/server.js] test/nvim/run-nvim-check.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
# Keep nvim's config/data/state out of $HOME and out of the repository.
XDG_ROOT=$(mktemp -d)
trap 'rm -rf "$XDG_ROOT"' EXIT
export XDG_CONFIG_HOME="$XDG_ROOT/config" XDG_DATA_HOME="$XDG_ROOT/data" \
       XDG_CACHE_HOME="$XDG_ROOT/cache" XDG_STATE_HOME="$XDG_ROOT/state"
export LSP_SERVER="${LSP_SERVER:-$ROOT/dist/server.js}"
export LSP_FILE="${LSP_FILE:?set LSP_FILE to the document to open}"
# --clean: no user config or plugins; -n: no swap file; -i NONE: no shada. The script quits nvim.
timeout 60 nvim --headless --clean -n -i NONE -c "luafile $HERE/lsp_check.lua"
