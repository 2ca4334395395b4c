package dev.vaultload.run;

/**
 * A rotation sweep's size: its own users, each holding as many documents, swept again and again while the load runs.
 *
 * @param operation        ROTATE_KEY re-wraps a user's documents at once, REENCRYPT one document at a time
 * @param users            users of the sweep, apart from the load's
 * @param documentsPerUser documents each of them holds
 */
public record SweepPlan(SweepOperation operation, int users, int documentsPerUser) {
    public SweepPlan {
        if (users < 1 || documentsPerUser < 1) {
            throw new IllegalArgumentException("a sweep needs at least one user with one document, not " + users
                    + " users with " + documentsPerUser);
        }
    }

    /** Documents one operation of the sweep goes over: a user's all for ROTATE_KEY, one for REENCRYPT. */
    public int documentsPerOperation() {
        return operation == SweepOperation.ROTATE_KEY ? documentsPerUser : 1;
    }

    public String describe() {
        return operation + " of " + users + " users with " + documentsPerUser + " documents each";
    }
}
