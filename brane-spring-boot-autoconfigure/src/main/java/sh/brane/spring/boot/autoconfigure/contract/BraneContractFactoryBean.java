package sh.brane.spring.boot.autoconfigure.contract;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

import sh.brane.client.BraneClient;
import sh.brane.client.SigningClient;
import sh.brane.client.contract.BraneContracts;
import sh.brane.client.contract.ContractBinder;
import sh.brane.core.types.Address;
import sh.brane.core.types.AddressFormatException;

/**
 * Binds one {@link BraneContract} interface: its address and client from the annotation or
 * {@code brane.contracts.<name>.*}, its ABI from its {@code @ContractAbi}. The interface is checked against the
 * ABI when the bean is created, so a mismatch stops the application at start-up.
 *
 * @param <T> the contract interface
 */
public final class BraneContractFactoryBean<T> implements FactoryBean<T>, BeanFactoryAware, EnvironmentAware {

    private final Class<T> type;
    private BeanFactory beanFactory;
    private Environment environment;

    public BraneContractFactoryBean(Class<T> type) {
        this.type = type;
    }

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = beanFactory;
    }

    @Override
    public void setEnvironment(Environment environment) {
        this.environment = environment;
    }

    @Override
    public T getObject() {
        BraneContract annotation = type.getAnnotation(BraneContract.class);
        String name = BraneContractScanner.beanName(type);
        String prefix = "brane.contracts." + name + ".";
        ContractBinder<T> binder = BraneContracts.binder(type);
        Address address = address(setting(annotation.address(), prefix + "address"), prefix, name);
        BraneClient client = client(setting(annotation.client(), prefix + "client"),
                setting(annotation.chain(), prefix + "chain"), prefix);
        SigningClient signer = signer(setting(annotation.signer(), prefix + "signer"), client);
        return signer != null ? binder.bind(address, signer) : binder.bind(address, client);
    }

    /** The named client, else the chain's client, else the one {@code BraneClient}. */
    private BraneClient client(String clientName, String chainName, String prefix) {
        boolean named = StringUtils.hasText(clientName);
        boolean chained = StringUtils.hasText(chainName);
        if (named && chained) {
            throw new IllegalStateException("@BraneContract " + type.getName() + " names both a client ('"
                    + clientName.strip() + "', " + prefix + "client) and a chain ('" + chainName.strip() + "', "
                    + prefix + "chain): set one of them");
        }
        if (named) {
            return beanFactory.getBean(clientName.strip(), BraneClient.class);
        }
        if (chained) {
            String chain = chainName.strip();
            Set<String> chains = Binder.get(environment)
                    .bind("brane.chains", Bindable.mapOf(String.class, Object.class)).map(Map::keySet).orElse(Set.of());
            if (!chains.contains(chain)) {
                throw new InvalidConfigurationPropertyValueException(prefix + "chain", chain, "is not a configured "
                        + "chain; configured under brane.chains: " + (chains.isEmpty() ? "none" : String.join(", ",
                        chains)) + ". Name one of them, or configure brane.chains." + chain + ".rpc.url");
            }
            return beanFactory.getBean(chain + "BraneClient", BraneClient.class);
        }
        BraneClient client = beanFactory.getBeanProvider(BraneClient.class).getIfAvailable();
        if (client == null) {
            throw new IllegalStateException("@BraneContract " + type.getName() + " needs a BraneClient bean: set "
                    + "brane.rpc.url (or name a client with " + prefix + "client, or a chain with " + prefix
                    + "chain)");
        }
        return client;
    }

    /** The named signer; else the one {@code SigningClient} on {@code client} (a chain's, or the default one). */
    private SigningClient signer(String signerName, BraneClient client) {
        if ("none".equals(signerName)) {
            return null;
        }
        if (StringUtils.hasText(signerName)) {
            return beanFactory.getBean(signerName, SigningClient.class);
        }
        List<SigningClient> onClient = beanFactory.getBeanProvider(SigningClient.class).stream()
                .filter(s -> s.client() == client).limit(2).toList();
        return onClient.size() == 1 ? onClient.get(0) : null;
    }

    private Address address(String value, String prefix, String name) {
        if (!StringUtils.hasText(value)) {
            throw new IllegalStateException("@BraneContract " + type.getName() + " has no address: set "
                    + prefix + "address, or @BraneContract(address = \"${...}\")");
        }
        try {
            return Address.of(value.strip());
        } catch (AddressFormatException e) {
            throw new InvalidConfigurationPropertyValueException(prefix + "address", value,
                    "the address of contract '" + name + "' must be 20 bytes of hex (0x followed by 40 digits): "
                            + e.getMessage());
        }
    }

    /** The annotation's value with placeholders resolved, else the property. */
    private String setting(String annotated, String property) {
        if (StringUtils.hasText(annotated)) {
            return environment.resolveRequiredPlaceholders(annotated);
        }
        return environment.getProperty(property);
    }

    @Override
    public Class<?> getObjectType() {
        return type;
    }

    @Override
    public String toString() {
        return "BraneContractFactoryBean[" + type.getName() + "]";
    }
}
