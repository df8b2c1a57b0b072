-- Idempotency keys (TransactionSender.send(IdempotencyKey, ...)): at most one journalled transaction per key, account
-- and chain, across every instance sharing the journal (the primary key). A key's row is removed with its journal
-- entry when the journal is pruned. Portable SQL: H2 and PostgreSQL. Times are epoch milliseconds (UTC), hashes
-- lower-case 0x hex; fingerprint is IdempotencyKey.fingerprint(to, value, data) of the journalled transaction.

CREATE TABLE brane_tx_idempotency (
    chain_id    BIGINT       NOT NULL,
    account     VARCHAR(42)  NOT NULL,
    idem_key    VARCHAR(200) NOT NULL,
    hash        VARCHAR(66)  NOT NULL,
    fingerprint VARCHAR(66)  NOT NULL,
    created_at  BIGINT       NOT NULL,
    PRIMARY KEY (chain_id, account, idem_key)
);

CREATE INDEX brane_tx_idempotency_hash ON brane_tx_idempotency (hash);
