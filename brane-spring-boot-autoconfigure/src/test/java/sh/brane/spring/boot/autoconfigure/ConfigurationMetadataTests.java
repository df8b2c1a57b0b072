package sh.brane.spring.boot.autoconfigure;

import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.io.InputStream;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The generated META-INF/spring-configuration-metadata.json lists every brane.* property (found by walking
 * {@link BraneProperties} itself) with a description, and with a default wherever the property has one.
 */
class ConfigurationMetadataTests {

    @Test
    void everyPropertyHasADescriptionAndItsDefault() throws Exception {
        Map<String, JsonNode> metadata = new HashMap<>();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("generated metadata on the classpath").isNotNull();
            for (JsonNode property : JsonMapper.builder().build().readTree(in).get("properties")) {
                metadata.put(property.get("name").asString(), property);
            }
        }
        Map<String, Object> expected = new TreeMap<>();
        walk("brane", new BraneProperties(), expected);
        assertThat(expected).hasSizeGreaterThan(40);
        walk("brane.tx", new sh.brane.spring.boot.autoconfigure.tx.BraneTransactionProperties(), expected);
        walk("brane.events", new sh.brane.spring.boot.autoconfigure.events.BraneEventsProperties(), expected);
        walk("brane", new sh.brane.spring.boot.autoconfigure.contract.BraneContractsProperties(), expected);
        // the processor's standard properties of the @Endpoint(id = "brane") transactions endpoint
        expected.put("management.endpoint.brane.access", null);
        expected.put("management.endpoint.brane.cache.time-to-live", null);

        for (Map.Entry<String, Object> entry : expected.entrySet()) {
            JsonNode property = metadata.get(entry.getKey());
            assertThat(property).as(entry.getKey() + " in metadata").isNotNull();
            assertThat(property.path("description").asString("")).as(entry.getKey() + " description")
                .hasSizeGreaterThan(10);
            Object defaultValue = entry.getValue();
            if (hasDefault(defaultValue)) {
                assertThat(property.has("defaultValue")).as(entry.getKey() + " default").isTrue();
                String written = property.get("defaultValue").asString();
                if (defaultValue instanceof java.time.Duration && written.matches("\\d+")) {
                    // a @DurationUnit(SECONDS) property's default is written as a bare number of seconds
                    written = written + "s";
                }
                assertThat(normalize(written))
                    .as(entry.getKey() + " default value")
                    .isEqualTo(normalize(String.valueOf(defaultValue)));
            }
        }
        // hand-written entries (additional-spring-configuration-metadata.json) for properties outside brane.*
        assertThat(metadata.get("management.health.brane.enabled")).as("management.health.brane.enabled").isNotNull();
        assertThat(metadata.get("management.health.brane.enabled").get("defaultValue").asBoolean()).isTrue();
        assertThat(metadata.keySet()).allMatch((name) -> expected.containsKey(name) || !name.startsWith("brane."),
                "no stale metadata entry");
    }

    @Test
    void referenceTableListsEveryProperty() throws Exception {
        // the reference table of docs/spring-boot.md, or the table of the docs/ page that documents the feature (e.g. docs/signers.md)
        StringBuilder tables = new StringBuilder(java.nio.file.Files.readString(java.nio.file.Path.of("../README.md")));
        java.nio.file.Path docsDir = java.nio.file.Path.of("../docs");
        try (java.util.stream.Stream<java.nio.file.Path> docs = java.nio.file.Files.isDirectory(docsDir)
                ? java.nio.file.Files.list(docsDir) : java.util.stream.Stream.empty()) {
            for (java.nio.file.Path doc : docs.filter((f) -> f.toString().endsWith(".md")).toList()) {
                tables.append(java.nio.file.Files.readString(doc));
            }
        }
        String readme = tables.toString();
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            for (JsonNode property : JsonMapper.builder().build().readTree(in).get("properties")) {
                assertThat(readme).contains("| `" + property.get("name").asString() + "` |");
            }
        }
    }

    private static boolean hasDefault(Object value) {
        return value != null && !(value instanceof Map<?, ?> map && map.isEmpty())
                && !(value instanceof Collection<?> c && c.isEmpty()) && !"".equals(value);
    }

    /** Durations and sizes are written in their short form (30s, 64KB); compare their canonical form. */
    private static String normalize(String value) {
        String lower = value.toLowerCase(java.util.Locale.ROOT);
        if (lower.matches("pt.*")) {
            return java.time.Duration.parse(value).toString();
        }
        if (lower.matches("\\d+(ns|us|ms|s|m|h|d)")) {
            return org.springframework.boot.convert.DurationStyle.SIMPLE.parse(value).toString();
        }
        if (lower.matches("\\d+\\.0")) {
            // a double default (2.0) is written as the processor's literal (2)
            return lower.substring(0, lower.length() - 2);
        }
        if (lower.matches("\\d+(b|kb|mb|gb)")) {
            return Long.toString(org.springframework.util.unit.DataSize.parse(value.toUpperCase()).toBytes());
        }
        return lower.replace('_', '-');
    }

    private static void walk(String prefix, Object bean, Map<String, Object> out) throws Exception {
        for (PropertyDescriptor pd : Introspector.getBeanInfo(bean.getClass(), Object.class)
            .getPropertyDescriptors()) {
            String name = prefix + "." + kebab(pd.getName());
            Object value = pd.getReadMethod().invoke(bean);
            if (pd.getWriteMethod() == null) {
                walk(name, value, out); // a nested group
            }
            else {
                if (value instanceof org.springframework.util.unit.DataSize size) {
                    value = size.toBytes();
                }
                out.put(name, value);
            }
        }
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
    }
}
