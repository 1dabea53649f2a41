#!/usr/bin/env bash
# Installs what the end-to-end test needs: Debian's Chromium (+ the build tools code-server's native
# modules compile with), Node 24 (code-server 4.139.1 runs on exactly that major) and code-server.
# The heavy parts are cached OUTSIDE the clone so a second run, or a second clone, skips them in a
# second or two. Prints the cache directory on its last line of stdout, for run.sh.
#
#   MCPDESC_E2E_CACHE   cache root (default: ${XDG_CACHE_HOME:-$HOME/.cache}/mcpdesc-e2e)
#   CODE_SERVER_VERSION code-server version (default 4.139.1 = VS Code 1.139.1)
set -euo pipefail

CODE_SERVER_VERSION=${CODE_SERVER_VERSION:-4.139.1}
NODE_MAJOR=24
CACHE=${MCPDESC_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcpdesc-e2e}
NODE_DIR="$CACHE/node$NODE_MAJOR"
case "$(uname -m)" in x86_64) ARCH=x64 ;; aarch64) ARCH=arm64 ;; *) ARCH=$(uname -m) ;; esac
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"

say() { echo "e2e-setup: $*" >&2; }
mkdir -p "$CACHE"

# Two runs at once (two clones, or a re-run) must not install into the same folder together.
exec 9>"$CACHE/.lock"
flock 9

# --- 1. Debian packages -----------------------------------------------------------------------
# libkrb5-dev: code-server's postinstall compiles a module that includes gssapi/gssapi.h.
APT_PACKAGES=(chromium libkrb5-dev build-essential python3 pkg-config)
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  export DEBIAN_FRONTEND=noninteractive
  # Another apt run (a parallel job, unattended upgrades) may hold the lock: wait for it, not fail.
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -q >&2
  $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}" >&2
else
  say "Debian packages present"
fi
[ -x /usr/bin/chromium ] || { say "error: /usr/bin/chromium missing after install"; exit 1; }

# --- 2. Node 24 (the registry package 'node' ships the binary) -------------------------------
# A folder counts as installed only once its stamp is written, so an interrupted install is redone.
if [ -f "$NODE_DIR/.installed" ] && "$NODE_DIR/node_modules/.bin/node" --version 2>/dev/null | grep -q "^v$NODE_MAJOR\."; then
  say "Node $NODE_MAJOR cached: $("$NODE_DIR/node_modules/.bin/node" --version)"
else
  say "installing Node $NODE_MAJOR into $NODE_DIR"
  rm -rf "$NODE_DIR"
  npm install --prefix "$NODE_DIR" --no-audit --no-fund --loglevel=error "node@$NODE_MAJOR" >&2
  "$NODE_DIR/node_modules/.bin/node" --version | grep -q "^v$NODE_MAJOR\." \
    || { say "error: node@$NODE_MAJOR did not install a v$NODE_MAJOR binary"; exit 1; }
  touch "$NODE_DIR/.installed"
fi

# --- 3. code-server ----------------------------------------------------------------------------
if [ -f "$CS_DIR/.installed" ] && [ -x "$CS_DIR/node_modules/.bin/code-server" ]; then
  say "code-server $CODE_SERVER_VERSION cached"
else
  say "installing code-server $CODE_SERVER_VERSION into $CS_DIR (compiles native modules; a few minutes)"
  rm -rf "$CS_DIR"
  (
    # npm itself must run under Node 24 so the postinstall builds for the Node code-server runs on;
    # headers come from the node package itself, since node-gyp cannot download them here.
    export PATH="$NODE_DIR/node_modules/.bin:$PATH"
    export npm_config_nodedir="$NODE_DIR/node_modules/node/node_modules/node-linux-$ARCH"
    # Under `npm run`, the outer npm (the project's Node) exports its user agent, and npm takes
    # npm_config_* from the environment: code-server's postinstall would read "node/v20" from it
    # and refuse. Let the inner npm describe itself.
    unset npm_config_user_agent npm_node_execpath npm_execpath NODE npm_config_local_prefix
    npm install --prefix "$CS_DIR" --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION" >&2
  )
  [ -x "$CS_DIR/node_modules/.bin/code-server" ] || { say "error: code-server binary missing after install"; exit 1; }
  touch "$CS_DIR/.installed"
fi

say "ready"
echo "$CACHE"
