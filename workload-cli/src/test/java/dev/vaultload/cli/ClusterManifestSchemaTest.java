package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The objects `vaultload cluster job` prints, against Kubernetes' own schemas of their API versions (v1.34, strict:
 * an unknown or misspelt field is an error), committed under {@code kubernetes-schema/} by
 * scripts/kubernetes-schemas.sh. No cluster: what an API server would refuse for its shape is caught here.
 */
class ClusterManifestSchemaTest {
    /** The schema of each kind the command prints, by its file in the test resources. */
    private static final Map<String, String> SCHEMAS = Map.of("Job", "job-batch-v1.json", "ConfigMap", "configmap-v1.json",
            "Service", "service-v1.json");
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    @Test
    void everyPrintedObjectIsValidForItsApiVersion() {
        List<JsonNode> objects = printedObjects();
        assertEquals(List.of("ConfigMap", "Service", "Job"), objects.stream().map(object -> object.get("kind").asText()).toList());
        for (JsonNode object : objects) {
            String kind = object.get("kind").asText();
            assertEquals(List.of(), messages(schema(kind).validate(object)), kind + " against " + SCHEMAS.get(kind));
        }
    }

    @Test
    void theSchemaRefusesAJobAnApiServerWouldRefuse() {
        JsonNode job = printedObjects().stream().filter(object -> object.get("kind").asText().equals("Job")).findFirst()
                .orElseThrow();
        ObjectNode misspelt = job.deepCopy();
        ((ObjectNode) misspelt.get("spec")).put("backoffLimitPerIndexx", 0);
        assertFalse(schema("Job").validate(misspelt).isEmpty(), "an unknown field of the JobSpec");
        ObjectNode mistyped = job.deepCopy();
        ((ObjectNode) mistyped.get("spec")).put("completions", "three");
        List<String> errors = messages(schema("Job").validate(mistyped));
        assertTrue(errors.stream().anyMatch(error -> error.contains("completions")), errors::toString);
    }

    /**
     * The API server's own rules across fields, which a schema cannot state (batch/v1 JobSpec's field documentation and
     * its validation): podFailurePolicy and backoffLimitPerIndex (so maxFailedIndexes) only with restartPolicy Never,
     * a restartPolicy of OnFailure or Never, a podReplacementPolicy of Failed or TerminatingOrFailed.
     */
    @Test
    void theJobKeepsTheApiServersRulesAcrossFields() {
        JsonNode spec = printedObjects().stream().filter(object -> object.get("kind").asText().equals("Job")).findFirst()
                .orElseThrow().get("spec");
        String restartPolicy = spec.at("/template/spec/restartPolicy").asText();
        assertEquals("OnFailure", restartPolicy, "a container that dies is restarted in its pod, which resumes");
        for (String neverOnly : List.of("podFailurePolicy", "backoffLimitPerIndex", "maxFailedIndexes")) {
            assertFalse(spec.has(neverOnly), neverOnly + " is allowed with restartPolicy Never only");
        }
        assertTrue(spec.get("backoffLimit").asInt() >= 0, spec::toString);
        assertTrue(List.of("Failed", "TerminatingOrFailed").contains(spec.get("podReplacementPolicy").asText()));
    }

    private static List<JsonNode> printedObjects() {
        StringWriter out = new StringWriter();
        CommandLine cluster = VaultloadCli.cluster(() -> {
            throw new AssertionError("cluster job talks to no cluster");
        }, runUrl -> ExitCodes.FAILED);
        cluster.setOut(new PrintWriter(out, true));
        int exitCode = cluster.execute("job", "--shards", "3", "--image", "example.org/vaultload:1", "--results",
                "s3://results/runs", "--run-id", "r7", "--start-at", "2026-11-23T10:30:00Z", "--threads", "8",
                "--file-sizes", "1024");
        assertEquals(ExitCodes.OK, exitCode);
        try {
            // the Secret's template is in comments: YAML documents are the objects that kubectl would apply
            return new YAMLMapper().readerFor(JsonNode.class).<JsonNode>readValues(out.toString()).readAll().stream()
                    .filter(document -> !document.isNull() && !document.isMissingNode()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Schema schema(String kind) {
        try (InputStream in = ClusterManifestSchemaTest.class.getResourceAsStream("/kubernetes-schema/" + SCHEMAS.get(kind))) {
            return REGISTRY.getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> messages(List<Error> errors) {
        return errors.stream().map(Error::toString).toList();
    }
}
