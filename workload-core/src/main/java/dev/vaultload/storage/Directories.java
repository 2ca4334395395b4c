package dev.vaultload.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Removing the scratch directories a run or a command made, so that nothing is left behind. */
public final class Directories {
    private Directories() {
    }

    /** Deletes {@code top} and everything under it; nothing if it does not exist. */
    public static void deleteTree(Path top) {
        if (!Files.exists(top)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(top)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + top, e);
        }
    }
}
