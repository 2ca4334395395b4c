-- WORKER_NICE, recorded in a result's setup since it trades a shared machine's median for its tail: runs at another
-- nice value are another series. Runs kept before it was recorded ran at the JVM's own priority.
ALTER TABLE history_run ADD COLUMN worker_nice INTEGER NOT NULL DEFAULT 0;
