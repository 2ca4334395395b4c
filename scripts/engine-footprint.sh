#!/usr/bin/env bash
# Bytes each engine stores per document on an S3 provider: S3 object bytes, user metadata and (MINIO_DATA_DIR) the
# bytes on MinIO's drive, per byte written (scripts/EngineFootprint.java on vaultload.jar, built if missing).
#   eval "$(MINIO_TLS=1 MINIO_BASE_DIR=/tmp/vl-minio scripts/start-minio.sh start)"
#   MINIO_DATA_DIR=/tmp/vl-minio/data STORAGE_PROVIDERS=MINIO ENGINES=VAULTLOAD,S3EC,SSE_C FILE_SIZES=100,10240 scripts/engine-footprint.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="$(scripts/jdk21-home)"
jar=workload-cli/target/vaultload.jar
[[ -f "$jar" ]] || ./mvnw -q -B -ntp -pl workload-cli -am package -DskipTests >&2
"$JAVA_HOME/bin/java" -cp "$jar" scripts/EngineFootprint.java 2> >(grep -v ' INFO ' >&2)
