#!/usr/bin/env bash
# End-to-end test in a real VS Code: packages the .vsix, installs it into code-server (VS Code in a
# browser), opens a copy of the example workspace in Debian's headless Chromium and lets
# test-e2e/drive.ts check what a user sees; then runs the browser build's server as a web worker of
# a page in the same Chromium (test-e2e/webWorker.ts), and the extension's browser entry in
# code-server's web worker extension host (scripts/e2e/web-extension.sh). Exits non-zero when any fails.
#
#   npm run test:e2e                    the real test
#   npm run test:e2e -- --no-extension  negative control: same driver, extension NOT installed; must fail
#   npm run test:e2e -- --keep          keep the temporary folder (settings, logs, workspace copy)
#
# Environment (all optional):
#   MCPDESC_E2E_NO_EXTENSION=1  same as --no-extension
#   E2E_VSIX=FILE               install this .vsix instead of packaging the repo's
#   E2E_WORKSPACE=DIR           workspace to copy and open (default test-fixtures/workspace)
#   E2E_ARTIFACTS=DIR           screenshots and logs (default artifacts/e2e)
#   MCPDESC_E2E_CACHE           where setup.sh caches Node 24 and code-server
set -euo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
cd "$REPO"
NO_EXTENSION=${MCPDESC_E2E_NO_EXTENSION:-0}
KEEP=0
for arg in "$@"; do
  case "$arg" in
    --no-extension) NO_EXTENSION=1 ;;
    --keep) KEEP=1 ;;
    *) echo "e2e: unknown argument '$arg' (known: --no-extension, --keep)" >&2; exit 2 ;;
  esac
done
WORKSPACE_SRC=${E2E_WORKSPACE:-$REPO/test-fixtures/workspace}
ARTIFACTS=${E2E_ARTIFACTS:-$REPO/artifacts/e2e}
START=$(date +%s)
step() { echo "== e2e [$(( $(date +%s) - START ))s] $*"; }
# Trouble before the driver runs is one failed check, with the same closing line as the driver's.
fail() { echo "e2e: $*" >&2; echo; echo "e2e: 0 passed, 1 failed"; exit 1; }

[ -d "$WORKSPACE_SRC" ] || fail "workspace folder '$WORKSPACE_SRC' does not exist"

step "1. install or reuse Node 24, code-server and Chromium"
CACHE=$(bash "$REPO/scripts/e2e/setup.sh" | tail -n 1) || fail "installing the editor failed (see above)"
CODE_SERVER_VERSION=${CODE_SERVER_VERSION:-4.139.1}
NODE24_BIN="$CACHE/node24/node_modules/.bin"
CODE_SERVER="$CACHE/code-server-$CODE_SERVER_VERSION/node_modules/.bin/code-server"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/mcpdesc-e2e.XXXXXX")
source "$REPO/scripts/e2e/code-server.sh"
cleanup() {
  stop_code_server
  if [ "$KEEP" = 1 ]; then echo "e2e: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
rm -rf "$ARTIFACTS"; mkdir -p "$ARTIFACTS"

# code-server and the browser get a HOME and XDG folders of their own, so the user's stay untouched.
mkdir -p "$WORK/home" "$WORK/xdg/config" "$WORK/xdg/data" "$WORK/xdg/cache" "$WORK/user-data/User" "$WORK/extensions"
ISOLATED=(env HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/xdg/config" XDG_DATA_HOME="$WORK/xdg/data"
  XDG_CACHE_HOME="$WORK/xdg/cache" PATH="$NODE24_BIN:$PATH")

# The driver is type-checked (with the DOM types it needs for its in-page functions) and bundled.
"$REPO/node_modules/.bin/tsc" -p "$REPO/test-e2e" || fail "test-e2e/ does not type-check"
"$REPO/node_modules/.bin/esbuild" "$REPO/test-e2e/drive.ts" --bundle --platform=node --target=node18 \
  --format=cjs --main-fields=module,main --external:playwright-core --log-level=warning \
  --outfile="$REPO/out/e2e/drive.js" || fail "bundling test-e2e/drive.ts failed"
# The browser build's check (test-e2e/webWorker.ts): a Node driver, and the page it serves to Chromium.
"$REPO/node_modules/.bin/esbuild" "$REPO/test-e2e/webWorker.ts" --bundle --platform=node --target=node18 \
  --format=cjs --main-fields=module,main --external:playwright-core --log-level=warning \
  --outfile="$REPO/out/e2e/webWorker.js" || fail "bundling test-e2e/webWorker.ts failed"
"$REPO/node_modules/.bin/esbuild" "$REPO/test-e2e/webWorkerPage.ts" --bundle --platform=browser --target=es2022 \
  --format=iife --main-fields=browser,module,main --log-level=warning \
  --outfile="$REPO/out/e2e/webWorkerPage.js" || fail "bundling test-e2e/webWorkerPage.ts failed"
"$REPO/node_modules/.bin/esbuild" "$REPO/test-e2e/webExtension.ts" --bundle --platform=node --target=node18 \
  --format=cjs --main-fields=module,main --external:playwright-core --log-level=warning \
  --outfile="$REPO/out/e2e/webExtension.js" || fail "bundling test-e2e/webExtension.ts failed"

# The driver compares the editor with the command-line checker (dist/cli.js) on the same files.
if [ "$NO_EXTENSION" = 1 ] || [ -n "${E2E_VSIX:-}" ]; then
  node scripts/build.mjs --production || fail "the build failed"
fi
if [ "$NO_EXTENSION" = 1 ]; then
  step "2. NEGATIVE CONTROL: the extension is NOT installed; the checks below must fail"
else
  VSIX=${E2E_VSIX:-}
  if [ -z "$VSIX" ]; then
    step "2. package the extension"
    VSIX="$WORK/mcpdesc-lsp.vsix"
    npm run --silent package -- --out "$VSIX" || fail "packaging the extension failed"
  fi
  size=$(stat -c %s "$VSIX")
  [ "$size" -lt 1048576 ] || fail "$VSIX is $size bytes; it must stay under 1 MB"
  step "2. install $(basename "$VSIX") ($size bytes) into code-server"
  "${ISOLATED[@]}" "$CODE_SERVER" --user-data-dir "$WORK/user-data" --extensions-dir "$WORK/extensions" \
    --install-extension "$VSIX" > "$ARTIFACTS/install-extension.log" 2>&1 \
    || { cat "$ARTIFACTS/install-extension.log" >&2; fail "code-server could not install the extension"; }
fi

# A quiet editor: nothing opens by itself, nothing calls home, hovers come quickly.
cat > "$WORK/user-data/User/settings.json" <<'JSON'
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "window.restoreWindows": "none",
  "security.workspace.trust.enabled": false,
  "extensions.ignoreRecommendations": true,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "chat.disableAIFeatures": true,
  "git.enabled": false,
  "files.autoSave": "off",
  "problems.defaultViewMode": "tree",
  "editor.hover.delay": 100
}
JSON

# The editor edits and saves files: give it a copy, never the fixtures themselves.
cp -r "$WORKSPACE_SRC" "$WORK/workspace"

step "3. start code-server"
start_code_server "$ARTIFACTS/code-server.log"
echo "code-server on 127.0.0.1:$PORT"

step "4. drive the editor"
rc=0
"${ISOLATED[@]}" node "$REPO/out/e2e/drive.js" \
  --url "http://127.0.0.1:$PORT/?folder=$WORK/workspace" \
  --workspace "$WORK/workspace" --artifacts "$ARTIFACTS" --cli "$REPO/dist/cli.js" --user-data "$WORK/user-data" \
  $( [ "$NO_EXTENSION" = 1 ] && echo --negative-control ) || rc=$?
[ "$NO_EXTENSION" = 1 ] && echo "e2e: negative control (no extension) exited $rc; a non-zero status is the expected outcome"
if [ "$NO_EXTENSION" != 1 ]; then
  step "5. the browser build's server (dist/browser/server.js) as a web worker in Chromium"
  "${ISOLATED[@]}" node "$REPO/out/e2e/webWorker.js" --repo "$REPO" --page "$REPO/out/e2e/webWorkerPage.js" || rc=1
  step "6. the extension's browser entry in code-server's web worker extension host (a web-only copy of the .vsix)"
  bash "$REPO/scripts/e2e/web-extension.sh" "$CACHE" "$WORK" "$ARTIFACTS" || rc=1
fi
step "done (exit $rc); screenshots and logs in ${ARTIFACTS#$REPO/}/"
exit $rc
