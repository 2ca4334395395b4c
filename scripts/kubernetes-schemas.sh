#!/usr/bin/env bash
# Rewrites the committed JSON schemas that ClusterManifestSchemaTest validates `vaultload cluster job`'s objects
# against: Kubernetes' own OpenAPI definitions turned into JSON schema (draft 2020-12, strict: unknown fields are
# errors), as the PyPI package kubernetes-validate ships them (pinned below). Each schema is made standalone: the
# object's schema with only the definitions it reaches, so the test needs no network and no 1.5 MB file.
#   scripts/kubernetes-schemas.sh      (needs pip and python3; writes workload-cli/src/test/resources/kubernetes-schema/)
set -euo pipefail
cd "$(dirname "$0")/.."
package_version=1.37.0        # kubernetes-validate: schemas of Kubernetes 1.25 to 1.37
kubernetes_version=v1.34.0    # the first version in which every Job field we use is GA (podReplacementPolicy)
out=workload-cli/src/test/resources/kubernetes-schema
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pip download --quiet --no-deps --dest "$work" "kubernetes-validate==$package_version"
python3 - "$work"/kubernetes_validate-*.whl "$kubernetes_version-local-strict" "$out" job-batch-v1 configmap-v1 service-v1 <<'PY'
import json, re, sys, zipfile, pathlib
wheel, version, out, kinds = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3]), sys.argv[4:]
root = f"kubernetes_validate/kubernetes-json-schema/{version}/"
with zipfile.ZipFile(wheel) as archive:
    definitions = json.loads(archive.read(root + "_definitions.json"))["$defs"]
    schemas = {kind: json.loads(archive.read(root + kind + ".json")) for kind in kinds}
out.mkdir(parents=True, exist_ok=True)
for kind, schema in schemas.items():
    text = json.dumps(schema).replace('"/api/_definitions.json#/$defs/', '"#/$defs/')
    reached, todo = {}, set(re.findall(r'"#/\$defs/([^"]+)"', text))
    while todo:
        name = todo.pop()
        if name not in reached:
            reached[name] = definitions[name]
            todo |= set(re.findall(r'"#/\$defs/([^"]+)"', json.dumps(definitions[name])))
    standalone = json.loads(text)
    standalone["$defs"] = dict(sorted(reached.items()))
    standalone["$comment"] = f"Kubernetes {version} {kind}, from kubernetes-validate's schemas; made standalone by scripts/kubernetes-schemas.sh"
    (out / f"{kind}.json").write_text(json.dumps(standalone, indent=1, sort_keys=True) + "\n")
    print(f"{out / (kind + '.json')}: {len(reached)} definitions")
PY
