package sh.brane.client.contract;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import sh.brane.client.Receipt;
import sh.brane.client.SigningClient;
import sh.brane.client.TxRequest;
import sh.brane.core.abi.AbiFunction;
import sh.brane.core.abi.AbiType;
import sh.brane.core.types.Wei;

/**
 * One interface method bound to one ABI function, with its argument and result conversions built once, so
 * that a call does no lookups: convert the arguments, encode, then either call and decode, or hand the
 * calldata to the signer.
 */
final class MethodBinding {

    /** What a call of the method does, decided by the function's mutability and the method's return type. */
    enum Kind {
        /** {@code eth_call} and decode (view and pure functions). */
        READ,
        /** The same, without waiting: the method returns {@code CompletableFuture<T>}. */
        READ_ASYNC,
        /** Return the encoded call as a {@link PreparedCall}. */
        PREPARE,
        /** Return the encoded call as a {@link TxRequest}. */
        TX_REQUEST,
        /** {@link SigningClient#submit}: sign and send, return what it returns (the hash today). */
        SUBMIT,
        /** {@link SigningClient#send}: sign, send and wait for the receipt. */
        SEND
    }

    /** The return type of {@link SigningClient#submit(TxRequest, sh.brane.core.abi.Abi)}, whatever it becomes. */
    static final Class<?> SUBMIT_RETURNS = submitReturnType();

    final Method method;
    final AbiFunction function;
    final Kind kind;
    private final TypeMapping.Conversion[] arguments;
    private final boolean trailingValue;
    private final TypeMapping.Conversion result;
    private final boolean singleOutput;
    /** The method's result is {@code void} (or {@code CompletableFuture<Void>}): the return data is not decoded. */
    private final boolean returnsNothing;

    private MethodBinding(Method method, AbiFunction function, Kind kind, TypeMapping.Conversion[] arguments,
            boolean trailingValue, TypeMapping.Conversion result, boolean singleOutput, boolean returnsNothing) {
        this.method = method;
        this.function = function;
        this.kind = kind;
        this.arguments = arguments;
        this.trailingValue = trailingValue;
        this.result = result;
        this.singleOutput = singleOutput;
        this.returnsNothing = returnsNothing;
    }

    /** The calldata for {@code args}. */
    byte[] encode(Object[] args) {
        int n = arguments.length;
        Object[] converted = new Object[n];
        try {
            for (int i = 0; i < n; i++) {
                converted[i] = arguments[i].apply(args[i]);
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        return function.encodeCall(converted);
    }

    /** The wei to send: the trailing {@link Wei} argument of a payable function, else zero. */
    BigInteger value(Object[] args) {
        if (!trailingValue) {
            return BigInteger.ZERO;
        }
        Wei wei = (Wei) args[args.length - 1];
        if (wei == null) {
            throw new IllegalArgumentException(describe() + ": the Wei value is null; pass Wei.ZERO to send none");
        }
        return wei.toBigInteger();
    }

    /** The method's result from the call's return data. */
    Object decode(byte[] returnData) {
        if (returnsNothing) {
            return null;
        }
        List<Object> out = function.decodeReturn(returnData);
        try {
            return result.apply(singleOutput ? out.get(0) : out);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    String describe() {
        return method.getDeclaringClass().getSimpleName() + "." + method.getName();
    }

    /**
     * Binds {@code method} to the one overload among {@code candidates} it matches.
     *
     * @throws ContractBindingException naming the method and each candidate's mismatch
     */
    static MethodBinding bind(Method method, List<AbiFunction> candidates) {
        String where = method.getDeclaringClass().getSimpleName() + "." + method.getName();
        List<String> problems = new ArrayList<>();
        List<MethodBinding> fits = new ArrayList<>();
        for (AbiFunction f : candidates) {
            try {
                fits.add(bindTo(method, f));
            } catch (TypeMapping.Mismatch m) {
                problems.add(f.signature() + ": " + m.getMessage());
            }
        }
        if (fits.size() == 1) {
            return fits.get(0);
        }
        if (fits.isEmpty()) {
            throw new ContractBindingException("method " + where + " does not match its ABI function"
                    + (problems.size() == 1 ? " " + problems.get(0) : "s: " + problems));
        }
        List<String> signatures = new ArrayList<>();
        fits.forEach(b -> signatures.add(b.function.signature()));
        throw new ContractBindingException("method " + where + " matches several overloads " + signatures
                + "; pick one with @Function(\"" + signatures.get(0) + "\")");
    }

    private static MethodBinding bindTo(Method method, AbiFunction f) throws TypeMapping.Mismatch {
        Type[] params = method.getGenericParameterTypes();
        int inputs = f.inputs().size();
        boolean payable = "payable".equals(f.stateMutability());
        boolean trailingValue = payable && params.length == inputs + 1 && params[inputs] == Wei.class;
        if (params.length != inputs && !trailingValue) {
            throw new TypeMapping.Mismatch("takes " + inputs + " argument" + (inputs == 1 ? "" : "s")
                    + (payable ? " (and optionally a trailing Wei value)" : "") + ", the method has " + params.length);
        }
        TypeMapping.Conversion[] arguments = new TypeMapping.Conversion[inputs];
        for (int i = 0; i < inputs; i++) {
            try {
                arguments[i] = TypeMapping.argument(f.inputs().get(i).type(), params[i]);
            } catch (TypeMapping.Mismatch m) {
                String name = f.inputs().get(i).name();
                throw new TypeMapping.Mismatch("argument " + i + (name.isEmpty() ? "" : " '" + name + "'") + ": "
                        + m.getMessage());
            }
        }
        Class<?> returns = method.getReturnType();
        boolean reads = "view".equals(f.stateMutability()) || "pure".equals(f.stateMutability());
        boolean async = returns == CompletableFuture.class;
        Kind kind;
        if (returns == PreparedCall.class) {
            kind = Kind.PREPARE;
        } else if (returns == TxRequest.class) {
            kind = Kind.TX_REQUEST;
        } else if (async) {
            if (!reads) {
                throw new TypeMapping.Mismatch("is " + f.stateMutability() + " (it changes state); only view and "
                        + "pure functions can return CompletableFuture (a read that does not wait)");
            }
            kind = Kind.READ_ASYNC;
        } else if (reads) {
            kind = Kind.READ;
        } else if (returns == Receipt.class) {
            kind = Kind.SEND;
        } else if (returns != void.class && returns != Object.class && returns.isAssignableFrom(SUBMIT_RETURNS)) {
            kind = Kind.SUBMIT;
        } else {
            throw new TypeMapping.Mismatch("is " + f.stateMutability() + " (it changes state), so the method must "
                    + "return " + SUBMIT_RETURNS.getSimpleName() + " (sign and send), Receipt (send and wait), "
                    + "PreparedCall or TxRequest (encode only), not " + returns.getSimpleName());
        }
        // the value a read produces: the return type, or the future's type argument
        Type generic = async ? futureValueType(method) : method.getGenericReturnType();
        Class<?> valueClass = TypeMapping.raw(generic);
        boolean nothing = async ? valueClass == Void.class : returns == void.class;
        TypeMapping.Conversion result = TypeMapping.IDENTITY;
        boolean single = false;
        if ((kind == Kind.READ || kind == Kind.READ_ASYNC) && !nothing) {
            List<AbiType> outputs = f.outputTypes();
            if (outputs.isEmpty()) {
                throw new TypeMapping.Mismatch("returns nothing, so the method must be void" + (async
                        ? " or return CompletableFuture<Void>" : "") + ", not " + valueClass.getSimpleName());
            } else if (outputs.size() == 1) {
                single = true;
                try {
                    result = TypeMapping.result(outputs.get(0), generic);
                } catch (TypeMapping.Mismatch m) {
                    throw new TypeMapping.Mismatch("return value: " + m.getMessage());
                }
            } else if (valueClass == List.class) {
                result = TypeMapping.IDENTITY;
            } else {
                try {
                    result = TypeMapping.recordResult(outputs, valueClass, valueClass.getSimpleName());
                } catch (TypeMapping.Mismatch m) {
                    throw new TypeMapping.Mismatch("returns " + outputs.size() + " values, which map to a record "
                            + "with one component each (or List<Object>): " + m.getMessage());
                }
            }
        }
        return new MethodBinding(method, f, kind, arguments, trailingValue, result, single, nothing);
    }

    /** {@code T} of a method returning {@code CompletableFuture<T>}; a raw future yields the decoder's value. */
    private static Type futureValueType(Method method) throws TypeMapping.Mismatch {
        Type generic = method.getGenericReturnType();
        if (!(generic instanceof ParameterizedType p)) {
            return Object.class;
        }
        Type value = p.getActualTypeArguments()[0];
        if (value instanceof WildcardType || value instanceof TypeVariable<?>) {
            throw new TypeMapping.Mismatch("returns CompletableFuture<" + value.getTypeName() + ">; name the value "
                    + "type, e.g. CompletableFuture<BigInteger>");
        }
        return value;
    }

    private static Class<?> submitReturnType() {
        try {
            return SigningClient.class.getMethod("submit", TxRequest.class, sh.brane.core.abi.Abi.class).getReturnType();
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
