package dev.vaultload.run;

import dev.vaultload.engine.Password;
import dev.vaultload.engine.UserCredentials;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;


/**
 * The store-side users behind a fixture's user ids. Each run gets its own namespace so that runs against
 * a bucket that outlives them (AWS, a long-lived Ceph) never meet an existing user.
 */
public final class UserDirectory {
    private final Map<String, UserCredentials> byFixtureUserId = new LinkedHashMap<>();
    /** Store-side ids of the users whose creation the engine acknowledged. */
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    /**
     * @param fixtureUserIds the users of the fixture, in creation order
     * @param namespace      prefix of the store-side user ids, e.g. {@code m3k2x-c1}
     */
    public UserDirectory(List<String> fixtureUserIds, String namespace) {
        for (String fixtureUserId : fixtureUserIds) {
            String storeUserId = namespace + "-" + fixtureUserId;
            // A fixed derivation: tests never need the password, and it never appears in any output.
            byFixtureUserId.put(fixtureUserId, new UserCredentials(storeUserId, Password.of("pw-" + storeUserId)));
        }
    }

    public UserCredentials credentials(String fixtureUserId) {
        UserCredentials credentials = byFixtureUserId.get(fixtureUserId);
        if (credentials == null) {
            throw new IllegalArgumentException("user " + fixtureUserId + " is not in the fixture");
        }
        return credentials;
    }

    public String storeUserId(String fixtureUserId) {
        return credentials(fixtureUserId).userId();
    }

    /** Records that the engine acknowledged the creation of {@code user}. */
    public void created(UserCredentials user) {
        created.add(user.userId());
    }

    /** Whether the creation of the fixture's user was acknowledged: its key material must exist. */
    public boolean wasCreated(String fixtureUserId) {
        return created.contains(storeUserId(fixtureUserId));
    }

    public Collection<UserCredentials> all() {
        return byFixtureUserId.values();
    }

    public Collection<String> fixtureUserIds() {
        return byFixtureUserId.keySet();
    }
}
