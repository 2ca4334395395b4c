-- The results history: one row per combination's result, its figures in long form (one row per figure, named as
-- thresholds name them: 'READ p99', 'ops/s', 'cpu ms/op'), and its thresholds' verdicts. Plain SQL that SQLite and
-- PostgreSQL both take; times are epoch milliseconds beside the ISO text, so that both sort and compare them alike.
CREATE TABLE history_run (
    run_id              VARCHAR(64)  NOT NULL PRIMARY KEY, -- SHA-256 of the result's JSON: adding it twice adds it once
    started_at          VARCHAR(40)  NOT NULL,
    started_at_millis   BIGINT       NOT NULL,
    added_at_millis     BIGINT       NOT NULL,
    source              VARCHAR(2000) NOT NULL,
    configuration       VARCHAR(1000) NOT NULL,            -- mode, suite, storage, engine, cipher, threads, size, fixture
    mode                VARCHAR(20)  NOT NULL,
    suite               VARCHAR(200) NOT NULL,
    storage             VARCHAR(200) NOT NULL,
    engine              VARCHAR(200) NOT NULL,
    cipher              VARCHAR(40)  NOT NULL,
    threads             INTEGER      NOT NULL,
    file_size_kib       INTEGER      NOT NULL,
    fixture             VARCHAR(1000) NOT NULL,
    error_mode          VARCHAR(20)  NOT NULL,
    git_commit          VARCHAR(100) NOT NULL,
    host                VARCHAR(300) NOT NULL,
    jdk                 VARCHAR(300) NOT NULL,
    cores               INTEGER      NOT NULL,
    wall_clock_millis   BIGINT       NOT NULL,
    passed              INTEGER      NOT NULL,
    thresholds_breached INTEGER      NOT NULL
);
CREATE INDEX history_run_by_configuration ON history_run (configuration, started_at_millis);

CREATE TABLE history_figure (
    run_id  VARCHAR(64)      NOT NULL REFERENCES history_run (run_id),
    figure  VARCHAR(100)     NOT NULL,
    value   DOUBLE PRECISION NOT NULL,
    unit    VARCHAR(20)      NOT NULL,
    PRIMARY KEY (run_id, figure)
);
CREATE INDEX history_figure_by_figure ON history_figure (figure, run_id);

CREATE TABLE history_threshold (
    run_id          VARCHAR(64)      NOT NULL REFERENCES history_run (run_id),
    threshold_index INTEGER          NOT NULL,
    threshold       VARCHAR(500)     NOT NULL,
    measured        DOUBLE PRECISION,
    unit            VARCHAR(20)      NOT NULL,
    verdict         VARCHAR(10)      NOT NULL,
    PRIMARY KEY (run_id, threshold_index)
);
