#!/usr/bin/env bash
# A SoftHSM2 token for `vaultload kms` and the PKCS11 tests of workload-kms (KMS=PKCS11), from Debian's packages
# (softhsm2 for the library, and opensc for pkcs11-tool, installed with apt-get if missing). SoftHSM2 is a library the JVM loads, not a
# server: "start" makes a private token directory with one initialized token and one AES-256 key in it.
#
#   eval "$(scripts/start-softhsm.sh start)"   # makes the token (idempotent) and prints export lines
#   scripts/start-softhsm.sh env               # the export lines again; exit 1 if there is no token
#   scripts/start-softhsm.sh stop              # deletes the token, its configuration and PINs
#
# Environment:
#   SOFTHSM_BASE_DIR     softhsm2.conf, the token directory, the PINs (default ${TMPDIR:-/tmp}/vaultload-softhsm)
#   SOFTHSM_TOKEN_LABEL  the token's label (default vaultload)
#   PKCS11_KEY_LABEL     the label of the key made at start (default vaultload-key)
# The token's user PIN and SO PIN are random, made at each start; they are kept only in files of mode 600 under the
# base directory (env and so-pin) and the PIN is printed only as PKCS11_PIN in the export lines, as start-postgres.sh
# hands over its password. pkcs11-tool initializes the token and makes the key inside it: AES-256, sensitive, never
# extractable and private (usable only after a login with the PIN).
# SOFTHSM2_CONF, among the export lines, is what the library reads to find the token directory.
# Progress goes to stderr; only the export lines go to stdout.
set -euo pipefail

base_dir="${SOFTHSM_BASE_DIR:-${TMPDIR:-/tmp}/vaultload-softhsm}"
token_label="${SOFTHSM_TOKEN_LABEL:-vaultload}"
key_label="${PKCS11_KEY_LABEL:-vaultload-key}"
library=/usr/lib/softhsm/libsofthsm2.so
env_file="$base_dir/env"

SERVER_SCRIPT=start-softhsm
source "$(dirname "$0")/lib/local-server.sh"

start() {
  if [ -f "$env_file" ]; then
    say "token already made in $base_dir"; cat "$env_file"; return
  fi
  apt_install_missing "softhsm2-util pkcs11-tool" "SoftHSM2 and OpenSC's pkcs11-tool" softhsm2 opensc
  [ -r "$library" ] || die "no PKCS#11 library at $library after installing softhsm2"
  rm -rf "$base_dir"
  ( umask 077; mkdir -p "$base_dir/tokens" )
  export SOFTHSM2_CONF="$base_dir/softhsm2.conf"
  printf '%s\n' "directories.tokendir = $base_dir/tokens" "objectstore.backend = file" "log.level = ERROR" \
    "slots.removable = false" >"$SOFTHSM2_CONF"
  local pin so_pin
  pin="$(random_hex 16)"
  so_pin="$(random_hex 16)"
  ( umask 077; echo "$so_pin" >"$base_dir/so-pin" )
  # pkcs11-tool reads the PINs from its environment (env:NAME), so that they never show in the process list
  # (softhsm2-util takes them as arguments or from a terminal only).
  export VAULTLOAD_SO_PIN="$so_pin" VAULTLOAD_PIN="$pin"
  pkcs11-tool --module "$library" --init-token --label "$token_label" --so-pin env:VAULTLOAD_SO_PIN >/dev/null \
    || die "pkcs11-tool could not initialize token $token_label in $base_dir/tokens"
  pkcs11-tool --module "$library" --token-label "$token_label" --login --login-type so --so-pin env:VAULTLOAD_SO_PIN \
    --init-pin --pin env:VAULTLOAD_PIN >/dev/null || die "pkcs11-tool could not set the user PIN of token $token_label"
  pkcs11-tool --module "$library" --token-label "$token_label" --login --pin env:VAULTLOAD_PIN --keygen \
    --key-type AES:32 --label "$key_label" --sensitive --private >/dev/null 2>&1 \
    || die "pkcs11-tool could not make the AES-256 key $key_label in token $token_label"
  unset VAULTLOAD_SO_PIN VAULTLOAD_PIN
  ( umask 077
    { echo "export SOFTHSM2_CONF=$SOFTHSM2_CONF"
      echo "export PKCS11_LIBRARY=$library"
      echo "export PKCS11_SLOT_INDEX=0"
      echo "export PKCS11_PIN=$pin"
      echo "export PKCS11_KEY_LABEL=$key_label"; } >"$env_file" )
  say "SoftHSM2 $(softhsm2-util --version) token $token_label with key $key_label in $base_dir/tokens"
  cat "$env_file"
}

case "${1:-}" in
  start) start ;;
  env) if [ -f "$env_file" ]; then cat "$env_file"; else say "no token in $base_dir"; exit 1; fi ;;
  stop) rm -rf "$base_dir"; say "deleted $base_dir" ;;
  *) echo "usage: $0 start|env|stop" >&2; exit 2 ;;
esac
