-- The rest of what changes a run's figures, recorded in every result but not kept until now: the engine's key pair and
-- KDF iterations (KDF_ITERATIONS), the buckets of the multi-bucket suite and the JDK's major version (the cores were
-- kept already). Each joins the configuration, so runs that differ in one are another series.
ALTER TABLE history_run ADD COLUMN key_pair VARCHAR(200) NOT NULL DEFAULT '';
ALTER TABLE history_run ADD COLUMN kdf_iterations INTEGER NOT NULL DEFAULT 0;
ALTER TABLE history_run ADD COLUMN buckets INTEGER NOT NULL DEFAULT 1;
ALTER TABLE history_run ADD COLUMN jdk_major INTEGER NOT NULL DEFAULT 0;

-- Runs kept before are taken to have run at their engine's defaults, which is what each engine recorded then at its
-- defaults, so that they stay in one series with the runs that follow at the same settings. (A run kept before at
-- other settings cannot be told apart any more; its JSON, at source, can be added to a new history.) A result without
-- an engine keeps '' and 0, as it is read now.
UPDATE history_run SET key_pair = 'X25519', kdf_iterations = 210000 WHERE engine = 'VAULTLOAD';
UPDATE history_run SET key_pair = 'AES_256 keyring, RSA_2048 shares', kdf_iterations = 210000 WHERE engine = 'S3EC';
UPDATE history_run SET key_pair = 'RSA', kdf_iterations = 0 WHERE engine = 'DATASAFE';
UPDATE history_run SET key_pair = 'NONE', kdf_iterations = 1 WHERE engine IN ('PLAINTEXT', 'SSE_S3', 'SSE_KMS', 'SSE_C');
UPDATE history_run SET buckets = 3 WHERE suite = 'RandomActionsOnMultiBucketTest';
-- jdk is java.version and its vendor, '21.0.5 (Eclipse Adoptium)': every run's JDK is 21 or later (the build's
-- release), so its major version is its first two digits.
UPDATE history_run SET jdk_major = CAST(substr(jdk, 1, 2) AS INTEGER)
    WHERE substr(jdk, 1, 1) BETWEEN '1' AND '9' AND substr(jdk, 2, 1) BETWEEN '0' AND '9';

-- The key (Configuration.key) names the new fields after the old ones, the buckets only when not 1.
UPDATE history_run SET configuration = configuration || ',key_pair=' || key_pair || ',kdf_iterations=' || kdf_iterations
    || CASE WHEN buckets = 1 THEN '' ELSE ',buckets=' || buckets END || ',cores=' || cores || ',jdk_major=' || jdk_major;
