#!/bin/sh
# Adds to the image folder ROOT what the jlink'ed runtime in ROOT/opt/jre needs from an operating system, which a
# FROM scratch image lacks: the shared libraries it links to (glibc, ...) and, for the charts of report.html,
# fontconfig (which the JDK loads at run time) with its configuration and the DejaVu fonts. They come from the
# build machine (Debian here), so the image runs on its architecture. X11 and sound are left out: charts are drawn
# headless.
set -eu
root=$1

copy() {
  mkdir -p "$root$(dirname "$1")"
  cp -L "$1" "$root$1"
}

fontconfig=$( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p) | awk '/libfontconfig\.so\.1 / { print $NF; exit }')
if [ -z "$fontconfig" ]; then
  echo "runtime-libs.sh: libfontconfig.so.1 not found on this machine: install fontconfig (apt-get install fontconfig)" >&2
  exit 1
fi
{
  find "$root/opt/jre" -type f \( -path '*/bin/*' -o -name '*.so' \) \
    ! -name libawt_xawt.so ! -name libjawt.so ! -name libsplashscreen.so ! -name libjsound.so
  echo "$fontconfig"
} | xargs ldd 2>/dev/null \
  | awk '$3 ~ /^\// { print $3 } $1 ~ /^\/.*[^:]$/ { print $1 }' \
  | grep -v "^$root" | sort -u \
  | while read -r lib; do copy "$lib"; done
copy "$fontconfig"
mkdir -p "$root/etc" "$root/usr/share/fonts/truetype"
cp -rL /etc/fonts "$root/etc/"
cp -rL /usr/share/fonts/truetype/dejavu "$root/usr/share/fonts/truetype/"
