-- Log stream checkpoints and consumer leases (sh.brane.client.events.JdbcCheckpointStore) for PostgreSQL: the table of
-- tx/db/V2 as one idempotent script, run by the Spring Boot starter through Boot's script initializer
-- (brane.events.jdbc.initialize-schema) or copied into an application's own Flyway or Liquibase migration.
-- Times are epoch milliseconds (UTC).

CREATE TABLE IF NOT EXISTS brane_event_checkpoint (
    stream       VARCHAR(200) NOT NULL PRIMARY KEY,
    block_number BIGINT,
    block_hash   VARCHAR(66),
    owner        VARCHAR(200),
    lease_until  BIGINT       NOT NULL,
    updated_at   BIGINT       NOT NULL
);
