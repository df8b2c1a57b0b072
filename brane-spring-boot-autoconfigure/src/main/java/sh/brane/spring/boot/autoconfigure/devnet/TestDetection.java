package sh.brane.spring.boot.autoconfigure.devnet;

import java.util.List;

/**
 * Whether the application is being started by a test, told by the frames of the starting thread, as Boot's Docker
 * Compose support tells it: a test framework's launcher or Spring's test support is among them.
 */
final class TestDetection {

    private static final List<String> TEST_FRAMES = List.of("org.junit.platform.", "org.junit.runners.",
            "org.springframework.boot.test.", "org.springframework.test.", "cucumber.runtime.");

    private TestDetection() {
    }

    static boolean inTest() {
        for (StackTraceElement frame : Thread.currentThread().getStackTrace()) {
            String name = frame.getClassName();
            for (String prefix : TEST_FRAMES) {
                if (name.startsWith(prefix)) {
                    return true;
                }
            }
        }
        return false;
    }
}
