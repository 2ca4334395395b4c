package dev.vaultload.scaleout;

import dev.vaultload.settings.SettingType;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a sharded run's results go, {@code RESULTS_URL}: a directory, or {@code s3://bucket[/prefix]}. The one
 * parser of those forms, for the setting, the shards' publishing and the merge; a shard's folder is
 * {@code LOCATION/RUN_ID/shard-<i>/} ({@link ShardResults#folderKey}).
 */
public sealed interface ResultsLocation {
    String S3_SCHEME = "s3://";
    /** An S3 bucket name (3-63 lower-case letters, digits, dots, hyphens), then an optional key prefix. */
    Pattern S3_URL = Pattern.compile("s3://([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:/([A-Za-z0-9._/-]*))?");

    /** The folder of one shard's results, for messages and local files. */
    String shardFolder(String runId, int shard);

    /** A directory, or a path where one can be made. */
    record Directory(Path path) implements ResultsLocation {
        @Override
        public String shardFolder(String runId, int shard) {
            return path.resolve(ShardResults.folderKey("", runId, shard)).toString();
        }

        @Override
        public String toString() {
            return path.toString();
        }
    }

    /** @param prefix the key prefix, without slashes at either end; empty for the bucket's root */
    record Bucket(String bucket, String prefix) implements ResultsLocation {
        /** The key of {@code relative} under the prefix. */
        public String keyOf(String relative) {
            return prefix.isEmpty() ? relative : prefix + "/" + relative;
        }

        /** The key of one shard's folder, ending with {@code /}. */
        public String shardKey(String runId, int shard) {
            return ShardResults.folderKey(keyOf(""), runId, shard);
        }

        @Override
        public String shardFolder(String runId, int shard) {
            return S3_SCHEME + bucket + "/" + shardKey(runId, shard);
        }

        @Override
        public String toString() {
            return S3_SCHEME + bucket + (prefix.isEmpty() ? "" : "/" + prefix);
        }
    }

    /** @throws IllegalArgumentException with the text when it is neither form (the setting names itself) */
    static ResultsLocation parse(String text) {
        if (text.matches("[A-Za-z][A-Za-z0-9+.-]*://.*") && !text.startsWith(S3_SCHEME)) {
            throw new IllegalArgumentException(text); // ftp://x was taken as a directory named "ftp:"
        }
        if (!text.startsWith(S3_SCHEME)) {
            return new Directory(SettingType.directory().parse().apply(text));
        }
        Matcher url = S3_URL.matcher(text);
        if (!url.matches()) {
            throw new IllegalArgumentException(text);
        }
        String prefix = url.group(2) == null ? "" : url.group(2).replaceAll("^/+|/+$", "");
        return new Bucket(url.group(1), prefix);
    }
}
