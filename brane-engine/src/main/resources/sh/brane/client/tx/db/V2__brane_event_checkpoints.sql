-- Log stream checkpoints and consumer leases (sh.brane.client.events.JdbcCheckpointStore), in the journal's schema
-- history (brane_tx_schema_history). Portable SQL: H2 and PostgreSQL. Times are epoch milliseconds (UTC).

CREATE TABLE brane_event_checkpoint (
    stream       VARCHAR(200) NOT NULL PRIMARY KEY,
    block_number BIGINT,
    block_hash   VARCHAR(66),
    owner        VARCHAR(200),
    lease_until  BIGINT       NOT NULL,
    updated_at   BIGINT       NOT NULL
);
