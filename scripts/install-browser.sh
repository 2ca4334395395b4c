#!/usr/bin/env bash
# Headless Chromium and chromedriver from Debian's packages, for the report.html browser test
# (HtmlReportBrowserTest); does nothing when chromedriver is already there.
set -euo pipefail
if command -v chromedriver >/dev/null && command -v chromium >/dev/null; then
  exit 0
fi
sudo=""
[[ $(id -u) -eq 0 ]] || sudo=sudo
$sudo apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >&2
