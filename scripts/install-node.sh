#!/bin/sh
# Node.js and npm, for the lint of the plugin's browser scripts (`npm ci`, then `npx eslint`,
# pinned in package-lock.json). Debian's packages where they are missing.
set -e
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-node: no apt-get here; install Node.js (18.18 or later) and npm yourself" >&2
    exit 1
fi
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nodejs npm >/dev/null
