#!/bin/sh
# Headless Chromium and its driver, for the tests that check what a reader sees in a browser:
# Chromium's headless shell (the same engine, without the browser's windows: pages load in
# about half the time), the whole browser for the benchmarks that time what readers see.
# Debian's packages; nothing is downloaded by the test tools themselves.
set -e
if command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get here; install Chromium and ChromeDriver yourself, or the browser tests are skipped" >&2
    exit 0
fi
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell chromium-driver >/dev/null
