package sh.brane.readme.gettingstarted;

import java.math.BigInteger;

import org.springframework.stereotype.Service;

import sh.brane.client.BlockTag;
import sh.brane.client.BraneClient;
import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.types.Address;

/** docs/getting-started.md, "3. Read and send" (package com.example.payments there). */
@Service
public class Payments {

    private final BraneClient client;

    private final SigningClient wallet;

    public Payments(BraneClient client, SigningClient wallet) {
        this.client = client;
        this.wallet = wallet;
    }

    public String status() {
        return "chain " + this.client.chainId() + ", block " + this.client.blockNumber();
    }

    public BigInteger balanceOf(Address account) {
        return this.client.getBalance(account, BlockTag.LATEST);
    }

    public Receipt pay(Address to, BigInteger wei) {
        return this.wallet.send(TxRequest.builder().to(to).value(wei).build());
    }
}
