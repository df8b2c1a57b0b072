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

    public TransferService(BraneClient client, TransactionSender sender, TokenService tokens) {
        this.client = client;
        this.sender = sender;
        this.tokens = tokens;
    }

    public TransferAccepted transfer(TransferRequest request) {
        if (request == null) {
            throw new InvalidRequestException("the request body is missing: send {\"to\": \"0x...\", \"amount\": \"1.5\"}");
        }
        // every field is checked before the node is asked anything: malformed input is a 400 even with no node
        Address to = address("to", request.to());
        checkAmountSyntax(request.amount());
        boolean ether = request.token() == null || request.token().isBlank() || "ETH".equalsIgnoreCase(request.token());
        if (ether) {
            BigInteger wei = units(request.amount(), 18);
            Hash hash = sender.submit(to, wei, new byte[0]);
            return new TransferAccepted(hash.toHex(), sender.from().toChecksumString(), to.toChecksumString(),
                    request.amount(), "ETH");
        }
        Address token = address("token", request.token());
        BigInteger units = units(request.amount(), tokens.decimals(token));
        byte[] data = TokenContract.ABI.encodeCall("transfer", to, units);
        Hash hash = sender.submit(token, BigInteger.ZERO, data);
        return new TransferAccepted(hash.toHex(), sender.from().toChecksumString(), to.toChecksumString(),
                request.amount(), token.toChecksumString());
    }

    public TransferStatus status(String hashText) {
        Hash hash;
        try {
            hash = Hash.of(hashText);
        } catch (InvalidEncodingException e) {
            throw new InvalidRequestException("hash " + quote(hashText) + " is not a transaction hash: expected 0x and"
                    + " 64 hex digits (" + e.getMessage() + ")");
        }
        Optional<Receipt> found = client.getTransactionReceipt(hash);
        if (found.isEmpty()) {
            if (client.getTransactionByHash(hash).isEmpty()) {
                throw new NotFoundException("the node knows no transaction " + hash.toHex());
            }
            return new TransferStatus(hash.toHex(), "PENDING", null, null, null, null, null, null, List.of());
        }
        Receipt receipt = found.get();
        List<Map<String, Object>> events = new ArrayList<>();
        for (Log log : receipt.logs()) {
            events.add(decode(log));
        }
        return new TransferStatus(hash.toHex(), receipt.status() ? "SUCCESS" : "REVERTED", receipt.blockNumber(),
                receipt.from().toChecksumString(), receipt.to() == null ? null : receipt.to().toChecksumString(),
                receipt.contractAddress() == null ? null : receipt.contractAddress().toChecksumString(),
                receipt.gasUsed(), receipt.effectiveGasPrice(), events);
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
        try {
            return Address.of(text.strip());
        } catch (InvalidEncodingException e) {
            throw new InvalidRequestException("'" + field + "' is not a valid address: " + e.getMessage());
        }
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

    /** The transfer was signed and sent; poll {@code GET /api/transfers/{hash}} for the outcome. */
    public record TransferAccepted(String hash, String from, String to, String amount, String asset) {
    }

    /** A transfer's receipt with its decoded events, or PENDING until it is mined. */
    public record TransferStatus(String hash, String status, Long blockNumber, String from, String to,
                                 String contractAddress, Long gasUsed, BigInteger effectiveGasPrice,
                                 List<Map<String, Object>> events) {
    }
}
