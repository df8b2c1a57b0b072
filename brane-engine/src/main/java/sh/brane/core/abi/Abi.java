package sh.brane.core.abi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import sh.brane.core.types.Hash;

/**
 * A contract's JSON ABI, parsed once: its functions (overloads included), constructor, events,
 * custom errors, and whether it has {@code fallback} and {@code receive} functions. Selectors and
 * topics are computed when the ABI is parsed.
 *
 * <pre>{@code
 * Abi erc20 = Abi.fromJson(json);
 * byte[] calldata = erc20.function("transfer").encodeCall(to, amount);
 * }</pre>
 */
public final class Abi {

    private final List<AbiFunction> functions;
    private final AbiConstructor constructor;
    private final List<AbiEvent> events;
    private final List<AbiError> errors;
    private final String fallbackMutability;
    private final String receiveMutability;
    private final Map<String, List<AbiFunction>> functionsByName;

    Abi(List<AbiFunction> functions, AbiConstructor constructor, List<AbiEvent> events, List<AbiError> errors,
        String fallbackMutability, String receiveMutability) {
        this.functions = List.copyOf(functions);
        this.constructor = constructor;
        this.events = List.copyOf(events);
        this.errors = List.copyOf(errors);
        this.fallbackMutability = fallbackMutability;
        this.receiveMutability = receiveMutability;
        Map<String, List<AbiFunction>> byName = new LinkedHashMap<>();
        for (AbiFunction f : this.functions) {
            byName.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(f);
        }
        byName.replaceAll((k, v) -> List.copyOf(v));
        this.functionsByName = Collections.unmodifiableMap(byName);
    }

    /**
     * Parses a JSON ABI (the array solc and Hardhat/Foundry artifacts contain).
     *
     * @throws AbiParseException for malformed JSON, unknown entry types, or bad parameters,
     *                           naming the entry and the problem
     */
    public static Abi fromJson(String json) {
        return AbiJsonParser.parse(json);
    }

    /** Parses a JSON ABI from a stream (read fully, as UTF-8; not closed). */
    public static Abi fromJson(java.io.InputStream json) throws java.io.IOException {
        return fromJson(new String(json.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
    }

    public List<AbiFunction> functions() {
        return functions;
    }

    public Optional<AbiConstructor> constructor() {
        return Optional.ofNullable(constructor);
    }

    public List<AbiEvent> events() {
        return events;
    }

    public List<AbiError> errors() {
        return errors;
    }

    /** True if the contract declares a {@code fallback} function. */
    public boolean hasFallback() {
        return fallbackMutability != null;
    }

    /** {@code payable} or {@code nonpayable} for the fallback function, empty if there is none. */
    public Optional<String> fallbackStateMutability() {
        return Optional.ofNullable(fallbackMutability);
    }

    /** True if the contract declares a {@code receive} function (plain ether transfers). */
    public boolean hasReceive() {
        return receiveMutability != null;
    }

    /** All overloads named {@code name} (empty list if none). */
    public List<AbiFunction> functions(String name) {
        return functionsByName.getOrDefault(name, List.of());
    }

    /**
     * The function with this full signature ({@code transfer(address,uint256)}) or, if there is only
     * one with this name, with this name.
     *
     * @throws IllegalArgumentException if there is none, or the name is overloaded; the message
     *                                  lists the candidates
     */
    public AbiFunction function(String nameOrSignature) {
        if (nameOrSignature == null) {
            throw new IllegalArgumentException("function name is null");
        }
        if (nameOrSignature.indexOf('(') >= 0) {
            String wanted = canonicalSignature(nameOrSignature);
            for (AbiFunction f : functions) {
                if (f.signature().equals(wanted)) {
                    return f;
                }
            }
            String name = nameOrSignature.substring(0, nameOrSignature.indexOf('(')).strip();
            throw new IllegalArgumentException("no function " + wanted + " in this ABI" + candidates(name));
        }
        List<AbiFunction> named = functions(nameOrSignature);
        if (named.size() == 1) {
            return named.get(0);
        }
        if (named.isEmpty()) {
            throw new IllegalArgumentException("no function named '" + nameOrSignature + "' in this ABI"
                    + candidates(nameOrSignature));
        }
        throw new IllegalArgumentException("function name '" + nameOrSignature + "' is overloaded; use one of "
                + signatures(named));
    }

    /**
     * The overload of {@code name} whose input types accept {@code args} (see {@link AbiValue#of}).
     *
     * @throws IllegalArgumentException if none or more than one overload accepts them; the message
     *                                  lists the candidates
     */
    public AbiFunction function(String name, Object... args) {
        List<AbiFunction> named = functions(name);
        if (named.isEmpty()) {
            throw new IllegalArgumentException("no function named '" + name + "' in this ABI" + candidates(name));
        }
        Object[] a = args == null ? new Object[] {null} : args;
        List<AbiFunction> fitting = new ArrayList<>();
        for (AbiFunction f : named) {
            if (f.accepts(a)) {
                fitting.add(f);
            }
        }
        if (fitting.size() == 1) {
            return fitting.get(0);
        }
        if (fitting.isEmpty()) {
            if (named.size() == 1) {
                named.get(0).toValues(a); // throws with the precise reason
            }
            throw new IllegalArgumentException("no overload of '" + name + "' accepts " + a.length + " argument"
                    + (a.length == 1 ? "" : "s") + " of types " + javaTypes(a) + "; candidates: " + signatures(named));
        }
        throw new IllegalArgumentException("call of '" + name + "' with " + javaTypes(a) + " is ambiguous: "
                + signatures(fitting) + " all accept it; select one by its full signature");
    }

    /** Calldata for {@code name} with {@code args}, choosing the overload that accepts them. */
    public byte[] encodeCall(String name, Object... args) {
        return function(name, args).encodeCall(args);
    }

    /** The function whose selector starts {@code calldata} (at least 4 bytes), if this ABI has one. */
    public Optional<AbiFunction> functionBySelector(byte[] calldata) {
        if (calldata == null || calldata.length < 4) {
            return Optional.empty();
        }
        for (AbiFunction f : functions) {
            if (f.hasSelector(calldata)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The event with this name (if unique) or full signature. */
    public AbiEvent event(String nameOrSignature) {
        return member(events, "event", nameOrSignature, AbiEvent::name, AbiEvent::signature);
    }

    /** The non-anonymous event whose topic 0 is {@code topic0}, if any. */
    public Optional<AbiEvent> eventByTopic(Hash topic0) {
        for (AbiEvent e : events) {
            if (!e.anonymous() && e.topic0().equals(topic0)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /**
     * Decodes a log by finding its event through topic 0.
     *
     * @throws AbiDecodingException if no event of this ABI has that topic, or the log is malformed
     */
    public DecodedEvent decodeLog(List<Hash> topics, byte[] data) {
        if (topics == null || topics.isEmpty() || topics.get(0) == null) {
            throw new AbiDecodingException("log has no topic 0 to identify its event");
        }
        AbiEvent event = eventByTopic(topics.get(0)).orElseThrow(() -> new AbiDecodingException(
                "no event in this ABI has topic 0 " + topics.get(0)));
        return event.decodeLog(topics, data);
    }

    /** The custom error with this name (if unique) or full signature. */
    public AbiError error(String nameOrSignature) {
        return member(errors, "error", nameOrSignature, AbiError::name, AbiError::signature);
    }

    /** The one member of {@code all} with this name or (if it has parentheses) full signature. */
    private static <T> T member(List<T> all, String kind, String nameOrSignature, Function<T, String> name,
            Function<T, String> signature) {
        boolean bySignature = nameOrSignature.indexOf('(') >= 0;
        String wanted = bySignature ? canonicalSignature(nameOrSignature) : nameOrSignature;
        List<T> found = new ArrayList<>();
        for (T m : all) {
            if ((bySignature ? signature : name).apply(m).equals(wanted)) {
                found.add(m);
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        List<String> signatures = new ArrayList<>();
        for (T m : (found.isEmpty() ? all : found)) {
            signatures.add(signature.apply(m));
        }
        throw new IllegalArgumentException((found.isEmpty() ? "no " + kind + " " : kind + " name is ambiguous: ")
                + wanted + "; " + kind + "s: " + signatures);
    }

    /** Decodes revert data, recognising this ABI's custom errors as well as Error and Panic. */
    public RevertReason decodeRevert(byte[] data) {
        return RevertDecoder.decode(data, this);
    }

    private static String canonicalSignature(String signature) {
        String name = Signatures.name(signature, "function");
        return AbiParameter.signature(name, Signatures.parameters(signature, "function"));
    }

    private String candidates(String name) {
        List<AbiFunction> same = functions(name);
        if (!same.isEmpty()) {
            return "; functions named '" + name + "': " + signatures(same);
        }
        List<String> all = new ArrayList<>();
        for (AbiFunction f : functions) {
            all.add(f.signature());
        }
        return all.isEmpty() ? "; the ABI has no functions" : "; available: " + all;
    }

    private static List<String> signatures(List<AbiFunction> fs) {
        List<String> out = new ArrayList<>();
        for (AbiFunction f : fs) {
            out.add(f.signature());
        }
        return out;
    }

    private static String javaTypes(Object[] args) {
        String[] names = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            names[i] = args[i] == null ? "null" : args[i].getClass().getSimpleName();
        }
        return Arrays.toString(names);
    }

    @Override
    public String toString() {
        return "Abi[" + functions.size() + " functions, " + events.size() + " events, " + errors.size() + " errors"
                + (constructor != null ? ", constructor" : "") + (hasFallback() ? ", fallback" : "")
                + (hasReceive() ? ", receive" : "") + "]";
    }
}
