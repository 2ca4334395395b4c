package dev.vaultload.parse;

import dev.vaultload.scaleout.ShardResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One {@code shard-<i>/} folder of a run's results and what its {@code done} says: {@code passed}, {@code failed},
 * {@code interrupted}, or nothing (still running, or killed).
 */
record ShardFolder(int index, Path folder, Optional<String> done) {
    private static final Pattern NAME = Pattern.compile("shard-(\\d+)");

    boolean passed() {
        return done.filter(ShardResults.PASSED::equals).isPresent();
    }

    /** Why it does not contribute, for the merged result; empty when it does. */
    Optional<String> problem() {
        if (passed()) {
            return Optional.empty();
        }
        return Optional.of(done.map(outcome -> "its done says " + outcome).orElse("no done: killed, failed or still running"));
    }

    /** The JSON results in it, sorted. */
    List<Path> jsonFiles() {
        return ResultLoader.filesEndingWith(folder, ".json");
    }

    /** The shard folders of a run folder ({@code RUN_ID/}), by index. */
    static List<ShardFolder> in(Path runFolder) {
        try (Stream<Path> children = Files.list(runFolder)) {
            return children.filter(Files::isDirectory).map(ShardFolder::of).flatMap(Optional::stream)
                    .sorted(java.util.Comparator.comparingInt(ShardFolder::index)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + runFolder, e);
        }
    }

    private static Optional<ShardFolder> of(Path folder) {
        Matcher name = NAME.matcher(folder.getFileName().toString());
        if (!name.matches()) {
            return Optional.empty();
        }
        Path done = folder.resolve(ShardResults.DONE);
        try {
            Optional<String> outcome = Files.isRegularFile(done)
                    ? Optional.of(Files.readString(done, StandardCharsets.UTF_8).strip()) : Optional.empty();
            return Optional.of(new ShardFolder(Integer.parseInt(name.group(1)), folder, outcome));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + done, e);
        }
    }
}
