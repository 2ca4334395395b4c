package dev.vaultload.run;

import dev.vaultload.engine.UserCredentials;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;


/**
 * The store-side users behind a fixture's user ids, each with its current password ({@link UserSecret}, which
 * ROTATE_KEY moves on). Each run gets its own namespace so that runs against a bucket that outlives them (AWS, a
 * long-lived Ceph) never meet an existing user.
 */
public final class UserDirectory {
    private final Map<String, UserSecret> byFixtureUserId = new LinkedHashMap<>();
    /** Store-side ids of the users whose creation the engine acknowledged. */
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    /**
     * @param fixtureUserIds the users of the fixture, in creation order
     * @param namespace      prefix of the store-side user ids, e.g. {@code m3k2x-c1}
     */
    public UserDirectory(List<String> fixtureUserIds, String namespace) {
        for (String fixtureUserId : fixtureUserIds) {
            byFixtureUserId.put(fixtureUserId, new UserSecret(namespace + "-" + fixtureUserId));
        }
    }

    /** The user's id in the store and its current password. */
    public UserCredentials credentials(String fixtureUserId) {
        return secret(fixtureUserId).current();
    }

    UserSecret secret(String fixtureUserId) {
        UserSecret secret = byFixtureUserId.get(fixtureUserId);
        if (secret == null) {
            throw new IllegalArgumentException("user " + fixtureUserId + " is not in the fixture");
        }
        return secret;
    }

    public String storeUserId(String fixtureUserId) {
        return secret(fixtureUserId).storeUserId();
    }

    /** The fixture's user behind a store-side id, as a run journal names it. */
    String fixtureUserIdOf(String storeUserId) {
        return byFixtureUserId.entrySet().stream().filter(user -> user.getValue().storeUserId().equals(storeUserId))
                .map(Map.Entry::getKey).findFirst().orElseThrow(() -> new IllegalArgumentException("store user "
                        + storeUserId + " is none of this run's users"));
    }

    /** Records that the engine acknowledged the creation of {@code user}. */
    public void created(UserCredentials user) {
        created.add(user.userId());
    }

    /** Whether the creation of the fixture's user was acknowledged: its key material must exist. */
    public boolean wasCreated(String fixtureUserId) {
        return created.contains(storeUserId(fixtureUserId));
    }

    /** Every user with its current password. */
    public Collection<UserCredentials> all() {
        return byFixtureUserId.values().stream().map(UserSecret::current).collect(Collectors.toList());
    }

    public Collection<String> fixtureUserIds() {
        return byFixtureUserId.keySet();
    }
}
