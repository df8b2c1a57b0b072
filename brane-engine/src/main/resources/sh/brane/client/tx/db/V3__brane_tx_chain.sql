-- The chain each chain id's journal rows were written on, by its genesis block hash (TransactionStore.bindGenesis):
-- a journal is never replayed into a reset devnet, nor into another network that reuses the chain id.
-- Portable SQL: H2 and PostgreSQL. Times are epoch milliseconds (UTC), hashes lower-case 0x hex.

CREATE TABLE brane_tx_chain (
    chain_id     BIGINT      NOT NULL PRIMARY KEY,
    genesis_hash VARCHAR(66) NOT NULL,
    bound_at     BIGINT      NOT NULL
);
