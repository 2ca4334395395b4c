#!/usr/bin/env python3
"""Writes a synthetic Amazon S3 server access log ("Amazon S3 server access log format", Amazon S3 User Guide).

usage: scripts/s3-access-log.py LINES SEED [--interval-ms MS] [--keys N] [--median-bytes B] [--sigma S] > access.log

Seeded, so the same arguments always give the same file. Two buckets; N keys (default LINES / 8) under a few
prefixes, read with a Zipf-like skew; sizes log-normal around a median (default 100 KiB, sigma 1.2); PUT, GET (some
of objects written before the log began), HEAD, ListObjectsV2, DELETE, the 404s of GETs after a DELETE or of
unknown keys; requests a Poisson process, one every MS milliseconds on average (default 10). S3 logs whole seconds.
"""
import argparse
import math
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
    parser = argparse.ArgumentParser()
    parser.add_argument("lines", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--interval-ms", type=float, default=10.0)
    parser.add_argument("--keys", type=int)
    parser.add_argument("--median-bytes", type=float, default=100 * 1024)
    parser.add_argument("--sigma", type=float, default=1.2)
    args = parser.parse_args()
    lines = args.lines
    rng = random.Random(args.seed)
    mu = math.log(args.median_bytes)
    time = datetime(2026, 11, 2, 9, 0, 0, tzinfo=timezone.utc)
    buckets = ["reports", "archive"]
    prefixes = ["2026/11/", "2026/10/", "shared/", "tmp/"]
    keys = [f"{rng.choice(prefixes)}doc-{i:06d}.bin" for i in range(max(10, args.keys or lines // 8))]
    sizes = {}
    deleted = set()
    out = sys.stdout
    for n in range(lines):
        time += timedelta(milliseconds=rng.expovariate(1 / args.interval_ms))
        bucket = buckets[0] if rng.random() < 0.8 else buckets[1]
        key = keys[min(int(rng.paretovariate(1.2)) - 1, len(keys) - 1) if rng.random() < 0.7 else rng.randrange(len(keys))]
        rid = f"{n:016X}"
        size = sizes.setdefault((bucket, key), max(1, int(rng.lognormvariate(mu, args.sigma))))
        roll = rng.random()
        if (bucket, key) in deleted and 0.25 <= roll < 0.86:
            roll = 0.97  # read after a delete: S3 answers 404
        if roll < 0.25:
            deleted.discard((bucket, key))
            size = sizes[(bucket, key)] = max(1, int(rng.lognormvariate(mu, args.sigma)))
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
