-- Dead letters of @BraneEventListener methods (the Spring Boot starter's JDBC recoverer, brane.events.listener.recoverer=jdbc)
-- for H2: one row per log a listener failed on after its retries. Idempotent, run by the starter through Boot's script
-- initializer (brane.events.jdbc.initialize-schema) or copied into an application's own Flyway or Liquibase migration.
-- A log delivered again after a restart is recorded once (the primary key). Times are epoch milliseconds (UTC).

CREATE TABLE IF NOT EXISTS brane_event_dead_letter (
    listener_id      VARCHAR(200)  NOT NULL,
    block_hash       VARCHAR(66)   NOT NULL,
    log_index        BIGINT        NOT NULL,
    removed          BOOLEAN       NOT NULL,
    block_number     BIGINT        NOT NULL,
    transaction_hash VARCHAR(66),
    address          VARCHAR(42)   NOT NULL,
    topics           VARCHAR(300)  NOT NULL,
    data             CLOB          NOT NULL,
    attempts         INTEGER       NOT NULL,
    error            VARCHAR(2000) NOT NULL,
    failed_at        BIGINT        NOT NULL,
    PRIMARY KEY (listener_id, block_hash, log_index, removed)
);
