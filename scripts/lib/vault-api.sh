# Sourced by start-vault.sh and ceph-kms.sh: Vault's HTTP API at VAULT_URL, trusting VAULT_CA_PATH, with the token in
# the file VAULT_TOKEN_FILE, read into curl's header list through a pipe: the token is on no command line.

# vault_api METHOD PATH [JSON]: the answer's body on stdout; fails on an HTTP error.
vault_api() {
  curl -fsS --max-time 10 --cacert "$VAULT_CA_PATH" -X "$1" \
    -H @<(printf 'X-Vault-Token: %s\n' "$(cat "$VAULT_TOKEN_FILE")") ${3:+-d "$3"} "$VAULT_URL/v1/$2"
}

# vault_transit_requests: the requests Vault has routed to the transit mount so far, every operation (the counts of
# its route.OPERATION.transit- timers in /v1/sys/metrics, which needs telemetry's prometheus_retention_time; the
# metrics requests themselves go to sys/).
vault_transit_requests() {
  vault_api GET 'sys/metrics?format=prometheus' | awk '/^vault_route_[a-z_]+_transit__count / { n += $2 } END { print n + 0 }'
}
