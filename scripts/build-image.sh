#!/usr/bin/env bash
# The container image as a tarball, workload-cli/target/jib-image.tar, with no Docker daemon and no registry
# (docs/container-image.md): installs what the image's runtime step copies from this machine when missing
# (fontconfig and the DejaVu fonts, from Debian's packages), then Jib's buildTar with the `image` profile.
# Extra arguments go to Maven, e.g. -Djib.to.image=NAME:TAG.
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="$(scripts/jdk21-home)"
if ! { ldconfig -p 2>/dev/null || /sbin/ldconfig -p; } | grep -q 'libfontconfig\.so\.1 ' \
   || [ ! -d /usr/share/fonts/truetype/dejavu ]; then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo=sudo
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq fontconfig fonts-dejavu-core >&2
fi
./mvnw -B -ntp -q -Pimage -pl workload-cli -am package jib:buildTar -DskipTests "$@"
ls -l workload-cli/target/jib-image.tar
