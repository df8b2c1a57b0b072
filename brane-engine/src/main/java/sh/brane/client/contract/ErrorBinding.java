package sh.brane.client.contract;

import java.util.List;

import sh.brane.core.abi.AbiError;

/** Decodes one custom error's arguments into a record; checked once, when the binding is made. */
final class ErrorBinding {

    private final Class<? extends Record> type;
    private final AbiError error;
    private final TypeMapping.Conversion toRecord;

    private ErrorBinding(Class<? extends Record> type, AbiError error, TypeMapping.Conversion toRecord) {
        this.type = type;
        this.error = error;
        this.toRecord = toRecord;
    }

    static ErrorBinding of(Class<? extends Record> type, AbiError error) {
        try {
            return new ErrorBinding(type, error,
                    TypeMapping.recordResult(error.inputs().stream().map(sh.brane.core.abi.AbiParameter::type).toList(), type,
                            type.getSimpleName()));
        } catch (TypeMapping.Mismatch m) {
            throw new ContractBindingException("record " + type.getSimpleName() + " does not match error "
                    + error.signature() + ": " + m.getMessage());
        }
    }

    AbiError error() {
        return error;
    }

    Class<? extends Record> type() {
        return type;
    }

    Record toRecord(List<Object> arguments) {
        try {
            return type.cast(toRecord.apply(arguments));
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("record " + type.getSimpleName() + " constructor failed", t);
        }
    }
}
