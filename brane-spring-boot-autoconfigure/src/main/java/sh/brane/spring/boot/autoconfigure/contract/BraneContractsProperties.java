package sh.brane.spring.boot.autoconfigure.contract;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code brane.contracts.<name>.*}: the settings of each {@link BraneContract} interface bean, by its name (the
 * annotation's values win). Read by {@link BraneContractFactoryBean}; declared here for the configuration metadata.
 */
@ConfigurationProperties("brane")
public class BraneContractsProperties {

    /**
     * Contract interface beans by name (@BraneContract name, default the interface's simple name with a lower-case
     * first letter): address, client (a BraneClient bean name) or chain (a brane.chains name), signer (a
     * SigningClient bean name, or none).
     */
    private Map<String, Contract> contracts = new LinkedHashMap<>();

    public Map<String, Contract> getContracts() {
        return this.contracts;
    }

    public void setContracts(Map<String, Contract> contracts) {
        this.contracts = contracts;
    }

    public static class Contract {
        /** The contract's address (0x followed by 40 hex digits). */
        private String address;
        /** The BraneClient bean to read through (e.g. a chain's client); default the one BraneClient. */
        private String client;
        /** The chain to read through (a name under brane.chains); set it or client, not both. */
        private String chain;
        /** The SigningClient bean that sends its transactions; none: read-only. */
        private String signer;

        public String getAddress() {
            return this.address;
        }

        public void setAddress(String address) {
            this.address = address;
        }

        public String getClient() {
            return this.client;
        }

        public void setClient(String client) {
            this.client = client;
        }

        public String getChain() {
            return this.chain;
        }

        public void setChain(String chain) {
            this.chain = chain;
        }

        public String getSigner() {
            return this.signer;
        }

        public void setSigner(String signer) {
            this.signer = signer;
        }
    }
}
