package dev.vaultload.faults;

import dev.vaultload.report.Failure;
import dev.vaultload.storage.BlobStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a run reported of the alterations made during it. An alteration is <em>observable</em> when the run read the
 * object afterwards (or, for a deletion, listed where it was) before writing or deleting it again: only those can be
 * demanded of it. It is <em>found</em> when a failure names its object, <em>named right</em> when one names it with
 * the class its kind must have. A failure is a <em>false alarm</em> when it names no altered object and no object of
 * a user whose key material was altered (a public key swapped makes later shares to that user unreadable: a
 * consequence, not an alarm).
 */
record TamperVerdict(String cell, int made, int observable, int found, int namedRight, List<String> missed,
                     List<Failure> falseAlarms, boolean runFailed, Rotated rotated) {

    /**
     * The observable alterations of objects the run had rotated: keystores it had re-sealed (written again after the
     * user's creation), documents whose last write was a REENCRYPT's, and rollbacks among them.
     */
    record Rotated(int resealedKeystores, int reencryptedDocuments, int rollbacks) {
        Rotated plus(Rotated other) {
            return new Rotated(resealedKeystores + other.resealedKeystores,
                    reencryptedDocuments + other.reencryptedDocuments, rollbacks + other.rollbacks);
        }
    }

    private static final Pattern IN_FLIGHT_SUFFIX = Pattern.compile("-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$");

    static TamperVerdict of(String cell, List<Alteration> alterations, List<RunEvents.Event> events,
                            TamperCell.Reported result, BlobStore runStore) {
        Function<String, String> locate = runStore::locate;
        Map<String, List<Failure>> byObject = result.failures().stream().filter(f -> f.storeObject() != null)
                .collect(Collectors.groupingBy(Failure::storeObject));
        int observable = 0;
        int found = 0;
        int namedRight = 0;
        List<String> missed = new ArrayList<>();
        Rotated rotated = new Rotated(0, 0, 0);
        for (Alteration alteration : alterations) {
            List<Failure> naming = byObject.getOrDefault(locate.apply(alteration.storeKey()), List.of());
            boolean right = naming.stream().anyMatch(f -> f.errorClass() == alteration.kind().reportedAs);
            found += naming.isEmpty() ? 0 : 1;
            namedRight += right ? 1 : 0;
            if (observable(alteration, events)) {
                observable++;
                rotated = rotated.plus(rotatedBefore(alteration, events));
                if (!right) {
                    missed.add(alteration.kind() + " " + alteration.storeKey() + (naming.isEmpty() ? " not reported"
                            : " reported as " + naming.stream().map(f -> f.errorClass().name()).distinct().toList())
                            + ", run's calls " + trace(alteration, events));
                }
            }
        }
        Set<String> altered = carriedByCopies(alterations, events).stream().map(locate).collect(Collectors.toSet());
        List<Alteration> ofKeys = alterations.stream()
                .filter(a -> a.kind().target != Alteration.Target.DOCUMENT).toList();
        List<Failure> falseAlarms = result.failures().stream()
                .filter(f -> f.storeObject() == null || !altered.contains(f.storeObject()))
                .filter(f -> f.storeObject() == null || !inFlightCopy(f.storeObject(), altered))
                .filter(f -> ofKeys.stream().noneMatch(a -> consequence(f, a, locate)))
                .toList();
        return new TamperVerdict(cell, alterations.size(), observable, found, namedRight, missed, falseAlarms,
                !result.passed(), rotated);
    }

    /** Whether the alteration hit a keystore the run had re-sealed, or a document it had last re-encrypted. */
    private static Rotated rotatedBefore(Alteration alteration, List<RunEvents.Event> events) {
        String key = alteration.storeKey();
        int writes = 0;
        RunEvents.Type last = null;
        for (RunEvents.Event event : events) {
            if (event.sequence() >= alteration.startSequence()) {
                break;
            }
            if (event.keyOrPrefix().equals(key) && (event.type() == RunEvents.Type.WRITE
                    || event.type() == RunEvents.Type.REENCRYPTED)) {
                writes += event.type() == RunEvents.Type.WRITE ? 1 : 0;
                last = event.type();
            }
        }
        boolean resealed = Alteration.Target.isKeystore(key) && writes > 1;
        return new Rotated(resealed ? 1 : 0, last == RunEvents.Type.REENCRYPTED ? 1 : 0,
                resealed && alteration.kind() == Alteration.Kind.KEY_ROLLBACK ? 1 : 0);
    }

    /**
     * The altered objects and every copy the run made of one after it was altered, transitively: a share stores its
     * first recipient's object and copies it to the others, so an alteration of the first made before the copies
     * arrives in every inbox, where the run rightly reports it.
     */
    private static Set<String> carriedByCopies(List<Alteration> alterations, List<RunEvents.Event> events) {
        Map<String, Long> alteredSince = new HashMap<>();
        alterations.forEach(a -> alteredSince.merge(a.storeKey(), a.startSequence(), Math::min));
        for (RunEvents.Event event : events) {
            Long since = event.type() == RunEvents.Type.COPY ? alteredSince.get(event.keyOrPrefix()) : null;
            if (since != null && since < event.sequence()) {
                alteredSince.merge(event.copiedTo(), event.sequence(), Math::min);
            }
        }
        return alteredSince.keySet();
    }

    /**
     * The embedded server's file-system backend writes an object as {@code KEY-<uuid>} and renames it, and lists
     * that file while the write goes on: a LIST during the tamperer's own PUT of KEY sees it. Named by the run as an
     * object that must not exist, it is the alteration of KEY seen in flight, not a false alarm.
     */
    private static boolean inFlightCopy(String storeObject, Set<String> altered) {
        return IN_FLIGHT_SUFFIX.matcher(storeObject).find()
                && altered.contains(IN_FLIGHT_SUFFIX.matcher(storeObject).replaceFirst(""));
    }

    /** The failure concerns the user whose key material was altered: an object of theirs, or their id in the message. */
    private static boolean consequence(Failure failure, Alteration ofKey, Function<String, String> locate) {
        String user = ofKey.userOfKey();
        String location = locate.apply(ofKey.storeKey());
        String userLocation = location.substring(0, location.length() - ofKey.storeKey().length() + user.length() + 1);
        return failure.message().contains(user)
                || (failure.storeObject() != null && failure.storeObject().startsWith(userLocation));
    }

    /**
     * The run's first call on the object after the alteration reads it (or lists where a deleted one was). A write or
     * delete of the object by the run while the alteration was being made leaves its outcome open: not observable.
     */
    private static boolean observable(Alteration alteration, List<RunEvents.Event> events) {
        for (RunEvents.Event event : events) {
            if (event.sequence() < alteration.startSequence() || !event.covers(alteration.storeKey())) {
                continue;
            }
            boolean during = event.sequence() < alteration.endSequence();
            switch (event.type()) {
                case READ -> {
                    if (!during) {
                        return true;
                    }
                }
                case COPY, REENCRYPTED -> {
                    // a server-side copy reads nothing the run checks: the alteration lives on in both objects; a
                    // REENCRYPT's acknowledgement follows its WRITE, which came first
                }
                case LIST -> {
                    if (!during && alteration.kind().deletes()) {
                        return true;
                    }
                }
                default -> {
                    return false; // written or deleted again: the alteration is gone, or raced the run's own change
                }
            }
        }
        return false;
    }

    /** The run's calls on the object from the alteration on, for a missed one's report. */
    private static String trace(Alteration alteration, List<RunEvents.Event> events) {
        return events.stream().filter(e -> e.sequence() > alteration.startSequence() && e.covers(alteration.storeKey()))
                .limit(6).map(e -> e.type() + "@" + e.sequence()).toList() + " after " + alteration.startSequence()
                + ".." + alteration.endSequence();
    }

    /** Every observable alteration named with its class, no false alarm, and the run failed if anything was seen. */
    boolean holds() {
        return missed.isEmpty() && falseAlarms.isEmpty() && (observable == 0 || runFailed);
    }

    /** Why this cell does not hold, naming it; empty when it {@link #holds()}. */
    Optional<String> problem() {
        return holds() ? Optional.empty() : Optional.of(cell + ": missed " + missed + ", false alarms "
                + falseAlarms.stream().limit(5).toList() + ", run failed " + runFailed);
    }

    static String markdownHeader() {
        return "| cell | alterations made | observable | of them on re-sealed keystores / re-encrypted documents /"
                + " rollbacks | found | named with the right class | missed | false alarms | run failed | verdict |\n"
                + "|---|---|---|---|---|---|---|---|---|---|\n";
    }

    String markdownRow() {
        return "| " + cell + " | " + made + " | " + observable + " | " + rotated.resealedKeystores() + " / "
                + rotated.reencryptedDocuments() + " / " + rotated.rollbacks() + " | " + found + " | " + namedRight
                + " | " + missed.size() + " | " + falseAlarms.size() + " | " + (runFailed ? "yes" : "no") + " | "
                + (holds() ? "holds" : "**fails**") + " |\n";
    }
}
