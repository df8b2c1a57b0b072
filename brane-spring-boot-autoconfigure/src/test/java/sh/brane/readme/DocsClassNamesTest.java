package sh.brane.readme;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fully qualified Brane classes the starter's pages name (imports users copy) exist: a class that moves (as the
 * test support moved into brane-devnet) fails here until the page follows. The upgrade section names former
 * classes on purpose and is left out.
 */
class DocsClassNamesTest {

    private static final Pattern CLASS_NAME = Pattern.compile("\\bsh\\.brane(\\.[a-z0-9_]+)+\\.[A-Z][A-Za-z0-9_]*");

    @ParameterizedTest
    @ValueSource(strings = { "docs/getting-started.md", "docs/spring-boot.md" })
    void everyNamedClassExists(String page) throws IOException {
        String text = withoutUpgradeSection(Files.readString(Path.of("..").resolve(page)));
        Matcher matcher = CLASS_NAME.matcher(text);
        List<String> names = matcher.results().map((result) -> result.group()).distinct().toList();
        assertThat(names).as(page).isNotEmpty();
        ClassLoader loader = getClass().getClassLoader();
        assertThat(names).allSatisfy((name) -> assertThat(ClassUtils.isPresent(name, loader)).as(page + ": " + name)
            .isTrue());
    }

    private static String withoutUpgradeSection(String text) {
        int start = text.indexOf("\n## Upgrading");
        if (start < 0) {
            return text;
        }
        int end = text.indexOf("\n## ", start + 1);
        return text.substring(0, start) + (end < 0 ? "" : text.substring(end));
    }
}
