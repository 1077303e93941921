#!/bin/sh
# Installs headless Chromium and its matching chromedriver (Debian packages, same version) for the browser ITs
# in camel-app (com.cascade4arm.app.ui). Idempotent and quiet: does nothing when both are already present.
set -eu

if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq chromium chromium-driver >/dev/null

/usr/bin/chromium --version 2>/dev/null | grep -v '^\[' || true
/usr/bin/chromedriver --version
