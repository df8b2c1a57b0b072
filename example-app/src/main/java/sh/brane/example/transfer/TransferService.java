package sh.brane.example.transfer;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Service;
import sh.brane.client.BraneClient;
import sh.brane.client.Log;
import sh.brane.client.Receipt;
import sh.brane.client.tx.IdempotencyKey;
import sh.brane.client.tx.JournalEntry;
import sh.brane.client.tx.TransactionStore;
import sh.brane.rpc.ConnectionLostException;
import sh.brane.rpc.RpcTimeoutException;
import sh.brane.core.abi.AbiEvent;
import sh.brane.core.abi.DecodedEvent;
import sh.brane.core.abi.AbiParameter;
import sh.brane.core.types.Address;
import sh.brane.core.types.Hash;
import sh.brane.core.types.TokenAmount;
import sh.brane.core.types.TokenAmountFormatException;
import sh.brane.example.token.TokenContract;
import sh.brane.example.token.TokenService;
import sh.brane.example.web.InvalidRequestException;
import sh.brane.example.web.NotFoundException;
import sh.brane.example.web.PlainValues;
import sh.brane.primitives.Hex;
import sh.brane.primitives.InvalidEncodingException;

/** Payments in ETH or in an ERC-20, and what became of them. */
@Service
public class TransferService {

    private final BraneClient client;
    private final TransactionSender sender;
    private final TokenService tokens;
    private final TransactionStore journal;
    private static final Address ZERO_ADDRESS = Address.of("0x0000000000000000000000000000000000000000");

    public TransferService(BraneClient client, TransactionSender sender, TokenService tokens,
            TransactionStore journal) {
        this.client = client;
        this.sender = sender;
        this.tokens = tokens;
        this.journal = journal;
    }

    public TransferAccepted transfer(TransferRequest request) {
        return transfer(request, null);
    }

    /**
     * As {@link #transfer(TransferRequest)}, once per {@code Idempotency-Key}: the same key answers with the same
     * transaction (its {@link TransferAccepted#replayed()} set), a key sent with another body is refused.
     *
     * @param idempotencyKey the request's {@code Idempotency-Key} header, or null
     */
    public TransferAccepted transfer(TransferRequest request, String idempotencyKey) {
        IdempotencyKey key = idempotencyKey(idempotencyKey);
        if (request == null) {
            throw new InvalidRequestException("the request body is missing: send {\"to\": \"0x...\", \"amount\": \"1.5\"}");
        }
        // every field is checked before the node is asked anything: malformed input is a 400 even with no node
        Address to = address("to", request.to());
        checkAmountSyntax(request.amount());
        boolean ether = request.token() == null || request.token().isBlank() || "ETH".equalsIgnoreCase(request.token());
        if (ether) {
            BigInteger wei = units(request.amount(), 18);
            TransactionSender.Submitted sent = sender.submit(to, wei, new byte[0], key);
            return new TransferAccepted(sent.hash().toHex(), sender.from().toChecksumString(), to.toChecksumString(),
                    request.amount(), "ETH", sent.replayed());
        }
        Address token = address("token", request.token());
        BigInteger units = units(request.amount(), tokens.decimals(token));
        byte[] data = TokenContract.ABI.encodeCall("transfer", to, units);
        TransactionSender.Submitted sent = sender.submit(token, BigInteger.ZERO, data, key);
        return new TransferAccepted(sent.hash().toHex(), sender.from().toChecksumString(), to.toChecksumString(),
                request.amount(), token.toChecksumString(), sent.replayed());
    }

    private static IdempotencyKey idempotencyKey(String header) {
        if (header == null) {
            return null;
        }
        try {
            return IdempotencyKey.of(header);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("the Idempotency-Key header " + quote(header) + " is not usable: "
                    + e.getMessage());
        }
    }

    /**
     * What the journal knows of the transfer sent under {@code idempotencyKey}: the lookup for a caller that did not
     * get the answer to its POST (a reset, a 503 "submission-unknown").
     */
    public TransferStatus statusByKey(String idempotencyKey) {
        IdempotencyKey key = idempotencyKey(idempotencyKey);
        if (key == null) {
            throw new InvalidRequestException("the 'idempotencyKey' parameter is missing");
        }
        return sender.journalEntry(key).map(e -> status(e.hash().toHex()))
                .orElseThrow(() -> new NotFoundException("no transfer was journalled under Idempotency-Key "
                        + quote(idempotencyKey) + ": it was never accepted, so sending it again pays once"));
    }

    public TransferStatus status(String hashText) {
        Hash hash;
        try {
            hash = Hash.of(hashText);
        } catch (InvalidEncodingException e) {
            throw new InvalidRequestException("hash " + quote(hashText) + " is not a transaction hash: expected 0x and"
                    + " 64 hex digits (" + e.getMessage() + ")");
        }
        // the journal first: it answers for what the service signed, whether or not a node has it yet (or is up)
        Optional<JournalEntry> journalled = journal.find(hash);
        Optional<Receipt> found;
        if (journalled.isPresent() && journalled.get().state() == sh.brane.client.tx.TxState.REJECTED) {
            found = Optional.empty();
        } else {
            try {
                found = client.getTransactionReceipt(hash);
            } catch (ConnectionLostException | RpcTimeoutException e) {
                if (journalled.isEmpty()) {
                    throw e;
                }
                found = Optional.empty();
            }
        }
        if (found.isEmpty()) {
            if (journalled.isPresent()) {
                return TransferStatus.journalled(journalled.get());
            }
            if (client.getTransactionByHash(hash).isEmpty()) {
                throw new NotFoundException("the service's journal holds no transfer " + hash.toHex()
                        + ", and the node knows no transaction " + hash.toHex());
            }
            return new TransferStatus(hash.toHex(), "PENDING", null, null, null, null, null, null, List.of(), null,
                    null);
        }
        Receipt receipt = found.get();
        List<Map<String, Object>> events = new ArrayList<>();
        for (Log log : receipt.logs()) {
            events.add(decode(log));
        }
        return new TransferStatus(hash.toHex(), receipt.status() ? "SUCCESS" : "REVERTED", receipt.blockNumber(),
                receipt.from().toChecksumString(), receipt.to() == null ? null : receipt.to().toChecksumString(),
                receipt.contractAddress() == null ? null : receipt.contractAddress().toChecksumString(),
                receipt.gasUsed(), receipt.effectiveGasPrice(), events,
                journalled.map(e -> e.state().name()).orElse(null), journalled.map(JournalEntry::nonce).orElse(null));
    }

    /** A log decoded with the token ABI when its first topic is one of the token's events; raw otherwise. */
    private static Map<String, Object> decode(Log log) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("address", log.address().toChecksumString());
        List<Hash> topics = log.topics();
        Optional<AbiEvent> event = topics.isEmpty() ? Optional.empty() : TokenContract.ABI.eventByTopic(topics.get(0));
        if (event.isEmpty()) {
            out.put("event", null);
            out.put("topics", topics.stream().map(Hash::toHex).toList());
            out.put("data", Hex.encode(log.data()));
            return out;
        }
        DecodedEvent decoded = event.get().decodeLog(topics, log.data());
        out.put("event", decoded.event().name());
        out.put("signature", decoded.event().signature());
        Map<String, Object> args = new LinkedHashMap<>();
        List<AbiParameter> inputs = decoded.event().inputs();
        for (int i = 0; i < inputs.size(); i++) {
            args.put(inputs.get(i).name(), PlainValues.plain(decoded.values().get(i)));
        }
        out.put("args", args);
        return out;
    }

    private static Address address(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidRequestException("'" + field + "' is missing: expected an address (0x and 40 hex digits)");
        }
        Address address;
        try {
            address = Address.of(text.strip());
        } catch (InvalidEncodingException e) {
            throw new InvalidRequestException("'" + field + "' is not a valid address: " + e.getMessage());
        }
        if (address.equals(ZERO_ADDRESS)) {
            // nobody holds its key: what is sent there is burnt (and a JSON default or a blank form field gives it)
            throw new InvalidRequestException("'" + field + "' is the zero address 0x0000000000000000000000000000000000000000,"
                    + " whose funds nobody can spend: give the recipient's address");
        }
        return address;
    }

    /**
     * A positive amount in whole units (ether or tokens) as the asset's smallest unit, read by the engine's strict
     * {@link TokenAmount} parser: ASCII digits and at most one point, no more digits after it than the asset has
     * decimals. {@code new BigDecimal(text)} took any Unicode digit, so {@code "5٠"} (U+0660) paid 50 ETH.
     */
    static BigInteger units(String text, int decimals) {
        if (text == null || text.isEmpty()) {
            throw new InvalidRequestException("'amount' is missing: expected a positive decimal such as \"1.5\"");
        }
        BigInteger units;
        try {
            units = TokenAmount.parse(text, decimals);
        } catch (TokenAmountFormatException e) {
            throw invalidAmount(text, decimals, e);
        }
        if (units.signum() == 0) {
            throw new InvalidRequestException("'amount' " + quote(text) + " must be greater than 0");
        }
        return units;
    }

    /**
     * What does not depend on the token's decimals (characters, the point, the length), checked before the node is
     * asked for them: read at the most decimals a token can have, where only the range can fail for a well-formed
     * amount, and the range is checked again at the token's own decimals.
     */
    static void checkAmountSyntax(String text) {
        if (text == null || text.isEmpty()) {
            throw new InvalidRequestException("'amount' is missing: expected a positive decimal such as \"1.5\"");
        }
        try {
            TokenAmount.parse(text, TokenAmount.MAX_DECIMALS);
        } catch (TokenAmountFormatException e) {
            if (e.problem() != TokenAmountFormatException.Problem.OUT_OF_RANGE) {
                throw invalidAmount(text, TokenAmount.MAX_DECIMALS, e);
            }
        }
    }

    private static InvalidRequestException invalidAmount(String text, int decimals, TokenAmountFormatException e) {
        String what = switch (e.problem()) {
            case TOO_MANY_DECIMALS -> "has more than " + decimals + " decimal places";
            case OUT_OF_RANGE, TOO_LONG -> "is too large";
            default -> "is not a decimal number";
        };
        return new InvalidRequestException("'amount' " + quote(text) + " " + what + ": " + e.getMessage());
    }

    /** Printable ASCII as is, anything else escaped, at most 40 characters: the request's text never reaches a log raw. */
    private static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length() && i < 40; i++) {
            char c = s.charAt(i);
            out.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        return out.append(s.length() > 40 ? "...\"" : "\"").toString();
    }

    /**
     * The transfer was signed and sent; poll {@code GET /api/transfers/{hash}} for the outcome.
     *
     * @param replayed true when its Idempotency-Key was journalled before: this is that transfer, nothing new was sent
     */
    public record TransferAccepted(String hash, String from, String to, String amount, String asset,
                                   @com.fasterxml.jackson.annotation.JsonIgnore boolean replayed) {
    }

    /**
     * A transfer's receipt with its decoded events, or PENDING until it is mined.
     *
     * @param journalState the state the service's journal holds it in (SIGNED: journalled, not yet handed to a node;
     *                     SENT; INCLUDED; CONFIRMED; REJECTED, REPLACED, DROPPED, FAILED), or null for a transaction
     *                     the service did not sign
     * @param nonce        its nonce, from the journal
     */
    public record TransferStatus(String hash, String status, Long blockNumber, String from, String to,
                                 String contractAddress, Long gasUsed, BigInteger effectiveGasPrice,
                                 List<Map<String, Object>> events, String journalState, Long nonce) {

        /** From the journal alone: signed by this service, no receipt (yet, or the node cannot be asked). */
        static TransferStatus journalled(JournalEntry e) {
            String status = switch (e.state()) {
                case SIGNED, SENT, INCLUDED -> "PENDING";
                case CONFIRMED -> "SUCCESS";
                case FAILED -> "REVERTED";
                case REJECTED, REPLACED, DROPPED -> e.state().name();
            };
            return new TransferStatus(e.hash().toHex(), status, e.blockNumber() >= 0 ? e.blockNumber() : null,
                    e.from().toChecksumString(), null, null, null, null, List.of(), e.state().name(), e.nonce());
        }
    }
}
