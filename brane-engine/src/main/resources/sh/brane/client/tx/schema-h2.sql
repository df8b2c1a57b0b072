-- Brane transaction journal, nonces and chain binding (sh.brane.client.tx.JdbcTransactionStore) for H2.
-- The whole schema of tx/db/V1..V3 in one idempotent script: the Spring Boot starter runs it through Boot's script
-- initializer (brane.tx.jdbc.initialize-schema); applications that manage their schema with Flyway or Liquibase copy
-- it into a migration of their own. Times are epoch milliseconds (UTC), hashes and addresses lower-case 0x hex.

CREATE TABLE IF NOT EXISTS brane_tx_nonce (
    chain_id   BIGINT      NOT NULL,
    account    VARCHAR(42) NOT NULL,
    next_nonce BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, account)
);

-- nonces whose transaction a node refused without using the nonce: the next allocation takes the smallest
CREATE TABLE IF NOT EXISTS brane_tx_released_nonce (
    chain_id BIGINT      NOT NULL,
    account  VARCHAR(42) NOT NULL,
    nonce    BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, account, nonce)
);

CREATE TABLE IF NOT EXISTS brane_tx_journal (
    hash         VARCHAR(66)  NOT NULL PRIMARY KEY,
    chain_id     BIGINT       NOT NULL,
    account      VARCHAR(42)  NOT NULL,
    nonce        BIGINT       NOT NULL,
    signer       VARCHAR(200) NOT NULL,
    raw          VARBINARY    NOT NULL,
    state        VARCHAR(16)  NOT NULL,
    block_number BIGINT       NOT NULL,
    replaces     VARCHAR(66),
    created_at   BIGINT       NOT NULL,
    updated_at   BIGINT       NOT NULL,
    broadcast_at BIGINT
);

CREATE INDEX IF NOT EXISTS brane_tx_journal_account_nonce ON brane_tx_journal (chain_id, account, nonce);
CREATE INDEX IF NOT EXISTS brane_tx_journal_state ON brane_tx_journal (state);

-- the chain each chain id's rows were written on, by its genesis block hash (TransactionStore.bindGenesis)
CREATE TABLE IF NOT EXISTS brane_tx_chain (
    chain_id     BIGINT      NOT NULL PRIMARY KEY,
    genesis_hash VARCHAR(66) NOT NULL,
    bound_at     BIGINT      NOT NULL
);

-- idempotency keys (TransactionSender.send(IdempotencyKey, ...)): at most one journalled transaction per key, account
-- and chain, across every instance sharing the journal; a key's row goes with its journal entry when pruned
CREATE TABLE IF NOT EXISTS brane_tx_idempotency (
    chain_id    BIGINT       NOT NULL,
    account     VARCHAR(42)  NOT NULL,
    idem_key    VARCHAR(200) NOT NULL,
    hash        VARCHAR(66)  NOT NULL,
    fingerprint VARCHAR(66)  NOT NULL,
    created_at  BIGINT       NOT NULL,
    PRIMARY KEY (chain_id, account, idem_key)
);

CREATE INDEX IF NOT EXISTS brane_tx_idempotency_hash ON brane_tx_idempotency (hash);
