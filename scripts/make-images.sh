#!/usr/bin/env bash
# Regenerates the charts in .images/ from real runs on this machine: the four storages side by side (GCM), CBC
# against GCM and one bucket against three (both on the embedded store). Starts Ceph RGW (and lets the MINIO
# provider start MinIO) on 127.0.0.1 and stops them at the end. Raw results stay in RESULTS_DIR.
# Ceph runs without the 10 MiB size: its single-node memstore OSD holds 4 GiB, and 8 executions of the SMALL
# fixture keep about 10 GB of 10 MiB documents (a full OSD blocks every write).
#   scripts/make-images.sh [RESULTS_DIR]      (default target/image-runs)
# THREADS (2,4,8), FILE_SIZES (100,1024,10240), FIXTURE_SIZE (SMALL) and REPEAT (1) can be set.
set -euo pipefail
cd "$(dirname "$0")/.."
results="$(mkdir -p "${1:-target/image-runs}" && cd "${1:-target/image-runs}" && pwd)"
export FIXTURE_SIZE="${FIXTURE_SIZE:-SMALL}" THREADS="${THREADS:-2,4,8}" FILE_SIZES="${FILE_SIZES:-100,1024,10240}"
export REPEAT="${REPEAT:-1}"
export CEPH_BASE_DIR="$results/ceph-server" CEPH_RGW_PORT="${CEPH_RGW_PORT:-37480}" CEPH_MON_PORT="${CEPH_MON_PORT:-37300}"
trap 'scripts/start-ceph.sh stop >/dev/null 2>&1 || true' EXIT
eval "$(scripts/start-ceph.sh start)"
MINIO_BINARY="$(scripts/start-minio.sh binary)"
export MINIO_BINARY

STORAGES="EMBEDDED FILESYSTEM MINIO" scripts/compare-storages.sh "$results/storages"
FILE_SIZES="$(echo "$FILE_SIZES" | sed 's/,*10240//')" STORAGE_PROVIDERS=CEPH scripts/run-matrix.sh "$results/storages/CEPH"
scripts/charts.sh "$results/storages"
STORAGE_PROVIDERS=EMBEDDED scripts/compare-ciphers.sh "$results/ciphers"
mkdir -p "$results/buckets"
rm -rf "$results/buckets/single" && cp -r "$results/ciphers/AES256_GCM" "$results/buckets/single"
STORAGE_PROVIDERS=EMBEDDED ENABLE_MULTI_BUCKET_TEST=true SUITE=RandomActionsOnMultiBucketTest \
  scripts/run-matrix.sh "$results/buckets/multi"
scripts/charts.sh "$results/buckets"

cp "$results"/storages/charts/{Write,Read,Share,List,Delete,Singlebucket,ceph}.png .images/
cp "$results"/ciphers/charts/CBCvsGCM.png "$results"/buckets/charts/Multibucket.png .images/
cp "$results"/storages/charts/throughput.txt .images/storages-throughput.txt
echo "charts in .images/, raw results in $results"
