#!/usr/bin/env bash
# Installs a real VS Code for the end-to-end tests with no download from Microsoft or GitHub:
# code-server 4.100.3 (= VS Code 1.100.3: its server with the Node extension host, plus the web
# workbench) and playwright-core from the npm registry, and Debian's chromium, ripgrep and Kerberos
# headers with apt (as root). Debian 12, Node 20. About a minute with a cold npm cache, ~320 MB.
# Usage: test/e2e/install-code-server.sh [DEST]   (default: .vscode-offline in the current folder)
set -euo pipefail
DEST=${1:-$PWD/.vscode-offline}
CS_VERSION=${CS_VERSION:-4.100.3}     # the last code-server that runs on Node 20
PW_VERSION=${PW_VERSION:-1.65.1}      # playwright-core: drives the system Chromium, downloads no browser
ENTRY="$DEST/node_modules/code-server/out/node/entry.js"

# System packages: Kerberos headers for code-server's `kerberos` native module, ripgrep (see 1.), Chromium.
if ! command -v rg >/dev/null || ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libkrb5-dev ripgrep chromium build-essential python3
fi

if [ -f "$ENTRY" ] && [ -d "$DEST/node_modules/playwright-core" ] \
   && grep -q "\"version\": \"$CS_VERSION\"" "$DEST/node_modules/code-server/package.json"; then
  echo "code-server $CS_VERSION already in $DEST"
  exit 0
fi

# 1. @vscode/ripgrep's postinstall downloads rg from GitHub. It first looks for
#    $TMPDIR/vscode-ripgrep-cache-<pkgver>/ripgrep-<rgver>-<target>.tar.gz, so seed that cache with Debian's
#    rg (the same 13.0.0). @vscode/ripgrep 1.15.11 / v13.0.0-10 are pinned by code-server 4.100.3.
case "$(uname -m)" in
  x86_64) T=x86_64-unknown-linux-musl ;;
  aarch64) T=aarch64-unknown-linux-musl ;;
  *) echo "unsupported architecture $(uname -m)" >&2; exit 1 ;;
esac
export TMPDIR=${TMPDIR:-/tmp}
RGC="$TMPDIR/vscode-ripgrep-cache-1.15.11"
mkdir -p "$RGC/stage" && cp "$(command -v rg)" "$RGC/stage/rg"
tar czf "$RGC/ripgrep-v13.0.0-10-$T.tar.gz" -C "$RGC/stage" rg && rm -rf "$RGC/stage"

# 2. Install. npm_config_yes=true: node-pty's postinstall runs `npx node-gyp`, which npm 11 cancels
#    otherwise. --unsafe-perm: code-server's postinstall refuses to run as root without it (npm 11 warns
#    "Unknown cli config"; harmless).
mkdir -p "$DEST" && cd "$DEST"
[ -f package.json ] || echo '{"name":"vscode-offline","private":true}' > package.json
npm_config_yes=true npm install --unsafe-perm --no-audit --no-fund "code-server@$CS_VERSION" "playwright-core@$PW_VERSION"
XDG_CONFIG_HOME="$DEST/.xdg" XDG_DATA_HOME="$DEST/.xdg" node "$ENTRY" --version
test -x node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg
echo "OK: $ENTRY"
