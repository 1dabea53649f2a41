#!/usr/bin/env bash
# The extension's browser entry in a real VS Code for the Web (run.sh's step 6): a copy of the .vsix
# without its Node entry (`main`), so that code-server runs it in the browser's web worker extension
# host as vscode.dev would, installed into a code-server of its own; test-e2e/webExtension.ts then
# checks what a user sees. Exits with the driver's status.
#
#   bash scripts/e2e/web-extension.sh CACHE WORK ARTIFACTS
# CACHE: setup.sh's cache; WORK: a folder of run.sh's (this step uses WORK/web); ARTIFACTS: screenshots
# and logs. Expects the production build in dist/ (run.sh's packaging made it) and out/e2e/webExtension.js.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=$1
WORK=$2/web
ARTIFACTS=$3
CODE_SERVER="$CACHE/code-server-${CODE_SERVER_VERSION:-4.139.1}/node_modules/.bin/code-server"
fail() { echo "e2e-web: $*" >&2; echo; echo "e2e: 0 passed, 1 failed"; exit 1; }

rm -rf "$WORK"
mkdir -p "$WORK/stage" "$WORK/home" "$WORK/xdg/config" "$WORK/xdg/data" "$WORK/xdg/cache" "$WORK/user-data/User" "$WORK/extensions"
ISOLATED=(env HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/xdg/config" XDG_DATA_HOME="$WORK/xdg/data"
  XDG_CACHE_HOME="$WORK/xdg/cache" PATH="$CACHE/node24/node_modules/.bin:$PATH")

# The shipped files, with a manifest that names the browser entry only.
for item in package.json README.md CHANGELOG.md LICENSE .vscodeignore docs/rules schemas images/icon.png dist; do
  mkdir -p "$WORK/stage/$(dirname "$item")"
  cp -r "$REPO/$item" "$WORK/stage/$item"
done
node -e "const fs = require('fs'); const file = process.argv[1]; const manifest = JSON.parse(fs.readFileSync(file, 'utf8')); delete manifest.main; fs.writeFileSync(file, JSON.stringify(manifest, null, 2));" "$WORK/stage/package.json"
(cd "$WORK/stage" && node "$REPO/node_modules/@vscode/vsce/vsce" package --no-dependencies --allow-missing-repository \
  --no-rewrite-relative-links --out "$WORK/web-only.vsix" > "$ARTIFACTS/web-package.log" 2>&1) \
  || { cat "$ARTIFACTS/web-package.log" >&2; fail "packaging the web-only copy failed"; }
"${ISOLATED[@]}" "$CODE_SERVER" --user-data-dir "$WORK/user-data" --extensions-dir "$WORK/extensions" \
  --install-extension "$WORK/web-only.vsix" > "$ARTIFACTS/web-install-extension.log" 2>&1 \
  || { cat "$ARTIFACTS/web-install-extension.log" >&2; fail "code-server could not install the web-only copy"; }
cp "$2/user-data/User/settings.json" "$WORK/user-data/User/settings.json"
cp -r "$REPO/test-fixtures/workspace" "$WORK/workspace"

source "$REPO/scripts/e2e/code-server.sh"
trap stop_code_server EXIT
start_code_server "$ARTIFACTS/web-code-server.log"

"${ISOLATED[@]}" node "$REPO/out/e2e/webExtension.js" --url "http://127.0.0.1:$PORT/?folder=$WORK/workspace" \
  --workspace "$WORK/workspace" --artifacts "$ARTIFACTS" --cli "$REPO/dist/cli.js"
