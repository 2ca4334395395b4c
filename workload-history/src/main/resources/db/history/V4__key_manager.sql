-- The key manager an engine called (KMS_KEYS): each call is a round trip, so runs through another KMS, or with another
-- cache, are another series. Runs kept before it was recorded called none.
ALTER TABLE history_run ADD COLUMN key_manager VARCHAR(200) NOT NULL DEFAULT '';
