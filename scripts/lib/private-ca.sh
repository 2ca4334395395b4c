# Sourced by start-kes.sh, start-vault.sh and start-pykmip.sh (after local-server.sh, for die): a private CA for a
# server on 127.0.0.1 and its clients. The sourcing script sets certs_dir (an existing directory) first.

# make_ca CN: ca.key and ca.crt in certs_dir, an EC P-256 CA valid for 7 days, readable by this user only.
make_ca() {
  ( umask 077
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 7 -subj "/CN=$1" \
      -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
      -keyout "$certs_dir/ca.key" -out "$certs_dir/ca.crt" 2>/dev/null || die "openssl could not make the CA" )
}

# sign NAME CN EXTENSIONS: NAME.key and NAME.crt in certs_dir, an EC P-256 key and its certificate from the CA;
# EXTENSIONS are openssl x509v3 lines joined by \n (e.g. "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth").
sign() {
  local name="$1" cn="$2" extensions="$3"
  ( umask 077
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=$cn" \
      -keyout "$certs_dir/$name.key" -out "$certs_dir/$name.csr" 2>/dev/null
    printf '%b\n' "$extensions" >"$certs_dir/$name.ext"
    openssl x509 -req -in "$certs_dir/$name.csr" -CA "$certs_dir/ca.crt" -CAkey "$certs_dir/ca.key" -CAcreateserial \
      -days 7 -extfile "$certs_dir/$name.ext" -out "$certs_dir/$name.crt" 2>/dev/null \
      || die "openssl could not sign the $name certificate"
    rm -f "$certs_dir/$name.csr" "$certs_dir/$name.ext" )
}

# server_certificate: server.key and server.crt for 127.0.0.1 (IP SAN, serverAuth).
server_certificate() {
  sign server 127.0.0.1 "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth"
}
