package dev.vaultload.run;

import dev.vaultload.fixture.StorageType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What each object may hold after the writes, shares and deletes so far, as the store answered them: an
 * acknowledged write makes the object's content certain; a failed one adds its content to what the object may
 * hold, since the request may have landed (Jepsen's indeterminate write); an acknowledged delete makes the objects
 * certainly absent, a failed one makes absence possible. READs, LISTs and the final validation check against it,
 * so that an earlier failure never makes a later check cry wolf, while an acknowledged object that is missing
 * is LOST. Without failures it is exactly the fixture's own expectation. Thread-safe: the executions of a run
 * share one ledger, each under its own location prefix.
 */
public final class ObjectLedger {
    private final Map<Space, NavigableMap<String, Expectation>> spaces = new ConcurrentHashMap<>();

    /** What one object may hold: one of some contents, or maybe nothing. */
    public record Expectation(Set<String> contentIds, boolean mayBeAbsent) {
        static final Expectation ABSENT = new Expectation(Set.of(), true);

        public Expectation {
            contentIds = Set.copyOf(contentIds);
        }

        static Expectation of(String contentId) {
            return new Expectation(Set.of(contentId), false);
        }

        /** More than one state is possible: an earlier write or delete failed with an unknown outcome. */
        public boolean inDoubt() {
            return contentIds.size() + (mayBeAbsent ? 1 : 0) > 1;
        }

        /** The object must exist: acknowledged, and no failure since could have removed it. */
        public boolean mustExist() {
            return !mayBeAbsent;
        }

        public boolean mayExist() {
            return !contentIds.isEmpty();
        }

        Expectation orContent(String contentId) {
            return new Expectation(Stream.concat(contentIds.stream(), Stream.of(contentId)).collect(Collectors.toSet()),
                    mayBeAbsent);
        }

        Expectation orAbsent() {
            return new Expectation(contentIds, true);
        }

        @Override
        public String toString() {
            String contents = contentIds.stream().sorted().collect(Collectors.joining(" or "));
            if (contentIds.isEmpty()) {
                return "no document";
            }
            return "content " + contents + (mayBeAbsent ? " or no document" : "");
        }
    }

    private record Space(String userId, StorageType storageType) {
    }

    void written(String userId, StorageType storageType, String path, String contentId) {
        space(userId, storageType).put(path, Expectation.of(contentId));
    }

    void writeFailed(String userId, StorageType storageType, String path, String contentId) {
        space(userId, storageType).merge(path, new Expectation(Set.of(contentId), true),
                (before, ignored) -> before.orContent(contentId));
    }

    /** What an earlier life of the run journaled of the object: a resumed process checks and continues from it. */
    void expect(String userId, StorageType storageType, String path, Expectation expectation) {
        space(userId, storageType).put(path, expectation);
    }

    void deleted(String userId, StorageType storageType, String prefix) {
        under(space(userId, storageType), prefix).clear();
    }

    void deleteFailed(String userId, StorageType storageType, String prefix) {
        under(space(userId, storageType), prefix).replaceAll((path, before) -> before.orAbsent());
    }

    /** Forgets every object under {@code prefix} in every space, e.g. a soak's deleted pass. */
    void forget(String prefix) {
        spaces.values().forEach(paths -> under(paths, prefix).clear());
    }

    /** One object of the ledger, where it is and what it may hold. */
    public record Entry(String userId, StorageType storageType, String path, Expectation expectation) {
    }

    /** Every object that may exist under {@code prefix} in every user's spaces, e.g. a pass's for the run journal. */
    public List<Entry> entriesUnder(String prefix) {
        List<Entry> entries = new ArrayList<>();
        spaces.forEach((space, paths) -> under(paths, prefix).forEach((path, expectation) ->
                entries.add(new Entry(space.userId(), space.storageType(), path, expectation))));
        return entries;
    }

    /** What the object at {@code path} may hold; certainly nothing if no write ever reached it. */
    public Expectation expectation(String userId, StorageType storageType, String path) {
        return space(userId, storageType).getOrDefault(path, Expectation.ABSENT);
    }

    /** Every object that may exist under {@code prefix}, by path, sorted. */
    public SortedMap<String, Expectation> objectsUnder(String userId, StorageType storageType, String prefix) {
        return under(space(userId, storageType), prefix);
    }

    private NavigableMap<String, Expectation> space(String userId, StorageType storageType) {
        return spaces.computeIfAbsent(new Space(userId, storageType), key -> new ConcurrentSkipListMap<>());
    }

    /** The paths that start with {@code prefix}: those from the prefix up to the prefix with its last char + 1. */
    private static NavigableMap<String, Expectation> under(NavigableMap<String, Expectation> paths, String prefix) {
        if (prefix.isEmpty()) {
            return paths;
        }
        char last = prefix.charAt(prefix.length() - 1);
        String end = prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
        return paths.subMap(prefix, true, end, false);
    }
}
