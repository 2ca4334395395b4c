#!/usr/bin/env python3
"""Writes a synthetic Amazon S3 server access log ("Amazon S3 server access log format", Amazon S3 User Guide).

usage: scripts/s3-access-log.py LINES SEED > access.log

Seeded, so one LINES and SEED always give the same file. Two buckets; keys under a few prefixes, read with a
Zipf-like skew; sizes log-normal around 100 KiB; PUT, GET (some of objects written before the log began), HEAD,
ListObjectsV2, DELETE, the odd 404 and multipart upload; one request every ~10 ms on average.
"""
import random
import sys
from datetime import datetime, timedelta, timezone

OWNER = "79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be"
TAIL = "SigV4 ECDHE-RSA-AES128-GCM-SHA256 AuthHeader {bucket}.s3.eu-west-1.amazonaws.com TLSv1.3 - -"


def record(time, bucket, request_id, operation, key, uri, status, error, sent, size):
    stamp = time.strftime("%d/%b/%Y:%H:%M:%S +0000")
    return (f'{OWNER} {bucket} [{stamp}] 192.0.2.3 {OWNER} {request_id} {operation} {key} "{uri}" {status} '
            f'{error} {sent} {size} 12 10 "-" "aws-sdk-java/2.25" - HOSTID= ' + TAIL.format(bucket=bucket))


def main():
    lines, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    time = datetime(2026, 11, 2, 9, 0, 0, tzinfo=timezone.utc)
    buckets = ["reports", "archive"]
    prefixes = ["2026/11/", "2026/10/", "shared/", "tmp/"]
    keys = [f"{rng.choice(prefixes)}doc-{i:06d}.bin" for i in range(max(10, lines // 8))]
    sizes = {}
    deleted = set()
    out = sys.stdout
    for n in range(lines):
        time += timedelta(milliseconds=rng.expovariate(1 / 10))
        bucket = buckets[0] if rng.random() < 0.8 else buckets[1]
        key = keys[min(int(rng.paretovariate(1.2)) - 1, len(keys) - 1) if rng.random() < 0.7 else rng.randrange(len(keys))]
        rid = f"{n:016X}"
        size = sizes.setdefault((bucket, key), max(1, int(rng.lognormvariate(11.5, 1.2))))
        roll = rng.random()
        if (bucket, key) in deleted and 0.25 <= roll < 0.86:
            roll = 0.97  # read after a delete: S3 answers 404
        if roll < 0.25:
            deleted.discard((bucket, key))
            size = sizes[(bucket, key)] = max(1, int(rng.lognormvariate(11.5, 1.2)))
            out.write(record(time, bucket, rid, "REST.PUT.OBJECT", key, f"PUT /{bucket}/{key} HTTP/1.1", 200, "-", "-", size) + "\n")
        elif roll < 0.80:
            out.write(record(time, bucket, rid, "REST.GET.OBJECT", key, f"GET /{bucket}/{key} HTTP/1.1", 200, "-", size, size) + "\n")
        elif roll < 0.86:
            out.write(record(time, bucket, rid, "REST.HEAD.OBJECT", key, f"HEAD /{bucket}/{key} HTTP/1.1", 200, "-", "-", size) + "\n")
        elif roll < 0.92:
            prefix = key[: key.rindex("/") + 1].replace("/", "%2F")
            out.write(record(time, bucket, rid, "REST.GET.BUCKET", "-", f"GET /{bucket}?list-type=2&prefix={prefix} HTTP/1.1",
                             200, "-", 2048, "-") + "\n")
        elif roll < 0.96:
            deleted.add((bucket, key))
            out.write(record(time, bucket, rid, "REST.DELETE.OBJECT", key, f"DELETE /{bucket}/{key} HTTP/1.1", 204, "-", "-", "-") + "\n")
        else:
            missing = key if (bucket, key) in deleted else key + ".missing"
            out.write(record(time, bucket, rid, "REST.GET.OBJECT", missing, f"GET /{bucket}/{missing} HTTP/1.1",
                             404, "NoSuchKey", 243, "-") + "\n")


if __name__ == "__main__":
    main()
