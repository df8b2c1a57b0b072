-- Brane transaction journal and nonces (sh.brane.client.tx.JdbcTransactionStore). Portable SQL: H2 and PostgreSQL.
-- Times are epoch milliseconds (UTC), hashes and addresses lower-case 0x hex.

CREATE TABLE brane_tx_nonce (
    chain_id   BIGINT      NOT NULL,
    account    VARCHAR(42) NOT NULL,
    next_nonce BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, account)
);

-- nonces whose transaction a node refused without using the nonce: the next allocation takes the smallest
CREATE TABLE brane_tx_released_nonce (
    chain_id BIGINT      NOT NULL,
    account  VARCHAR(42) NOT NULL,
    nonce    BIGINT      NOT NULL,
    PRIMARY KEY (chain_id, account, nonce)
);

CREATE TABLE brane_tx_journal (
    hash         VARCHAR(66)  NOT NULL PRIMARY KEY,
    chain_id     BIGINT       NOT NULL,
    account      VARCHAR(42)  NOT NULL,
    nonce        BIGINT       NOT NULL,
    signer       VARCHAR(200) NOT NULL,
    raw          BYTEA        NOT NULL,
    state        VARCHAR(16)  NOT NULL,
    block_number BIGINT       NOT NULL,
    replaces     VARCHAR(66),
    created_at   BIGINT       NOT NULL,
    updated_at   BIGINT       NOT NULL,
    broadcast_at BIGINT
);

CREATE INDEX brane_tx_journal_account_nonce ON brane_tx_journal (chain_id, account, nonce);
CREATE INDEX brane_tx_journal_state ON brane_tx_journal (state);
