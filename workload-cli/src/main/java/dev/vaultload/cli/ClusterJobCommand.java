package dev.vaultload.cli;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code vaultload cluster job}: the run's Kubernetes objects as YAML, for {@code | kubectl apply -f -}. */
@Command(name = "job", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 120,
        description = {"Print the ConfigMap, headless Service and Indexed Job of a sharded run (docs/scale-out.md) as YAML:"
                + " vaultload cluster job --shards 3 --image IMAGE --results s3://bucket/runs --threads 8 | kubectl apply -f -",
                "The Secret with the S3 keys is shown as a commented template: create it yourself.",
                "Exit status: 0, or 2 bad input."})
final class ClusterJobCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private ClusterOptions options;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(yaml(new ShardJobManifest(options.shardJob())));
        out.flush();
        return ExitCodes.OK;
    }

    /** The objects as YAML documents, after the Secret's template in comments, so applying it never overwrites real keys. */
    static String yaml(ShardJobManifest manifest) {
        StringBuilder yaml = new StringBuilder("# Create the Secret the shards read their S3 keys from, e.g.\n"
                + "#   kubectl create secret generic NAME --from-literal=AWS_ACCESS_KEY=... --from-literal=AWS_SECRET_KEY=...\n"
                + "# or from this template:\n");
        Serialization.asYaml(manifest.secretTemplate()).lines().forEach(line -> yaml.append("# ").append(line).append('\n'));
        for (HasMetadata resource : manifest.resources()) {
            String document = Serialization.asYaml(resource);
            yaml.append(document.startsWith("---") ? "" : "---\n").append(document);
        }
        return yaml.toString();
    }
}
