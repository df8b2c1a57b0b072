package sh.brane.example;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import sh.brane.devnet.test.AutoConfigureBrane;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opens the dashboard in a real headless Chromium and waits until its charts plot real request data and the
 * latest block advances; leaves a screenshot in {@code target/dashboard.png}.
 */
@AutoConfigureBrane(devnet = true)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DashboardBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @LocalServerPort
    int port;

    private ChromeDriver browser;
    private Path profile;

    @BeforeEach
    void openBrowser() throws IOException {
        assertThat(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER))
                .as("headless Chromium is needed: apt-get update && apt-get install -y chromium chromium-driver"
                        + " (.ci/run installs it when missing)")
                .isTrue();
        // a local driver and browser: Selenium Manager stays out and nothing is downloaded
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        profile = Files.createTempDirectory("brane-dashboard-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toString());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1400,1000",
                "--user-data-dir=" + profile);
        browser = new ChromeDriver(options);
    }

    @AfterEach
    void closeBrowser() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void chartsShowRealRequestDataAndTheLatestBlockAdvances() throws IOException {
        browser.get("http://127.0.0.1:" + port + "/");
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(90));
        JavascriptExecutor js = browser;

        // Chart.js loaded from the app's WebJar, and both charts plot several seconds of real, non-zero figures
        // for eth_getBalance (a method only the app's own traffic calls), each point under its own x label
        String plotted = """
                const chart = window.Chart && Chart.getChart(arguments[0]);
                if (!chart || chart.data.labels.length < 5) return false;
                const ds = chart.data.datasets.find(d => d.label === 'eth_getBalance');
                return !!ds && ds.data.length === chart.data.labels.length
                    && ds.data.filter(v => v > 0).length >= 3;
                """;
        wait.until(d -> Boolean.TRUE.equals(js.executeScript(plotted, "rate-chart")));
        wait.until(d -> Boolean.TRUE.equals(js.executeScript(plotted, "latency-chart")));

        long first = waitForBlockNumber(wait);
        wait.until(d -> Long.parseLong(d.findElement(By.id("latest-block")).getText()) > first);
        assertThat(Long.parseLong(browser.findElement(By.id("latest-block")).getText())).isGreaterThan(first);
        assertThat(Double.parseDouble(browser.findElement(By.id("total-rate")).getText())).isPositive();
        assertThat(browser.findElement(By.id("connection")).getText()).isEqualTo("CONNECTED");
        assertThat(browser.findElement(By.id("ring-remaining")).getText()).isNotEqualTo("–");
        // the payments' lifecycle tiles are filled from the snapshot (0 until a transfer is made)
        assertThat(browser.findElement(By.id("tx-confirmed")).getText()).matches("\\d+");
        assertThat(browser.findElement(By.id("tx-stranded")).getText()).matches("\\d+(\\.0)?");

        Path screenshot = Path.of("target", "dashboard.png");
        Files.createDirectories(screenshot.getParent());
        Files.write(screenshot, browser.getScreenshotAs(OutputType.BYTES));
        assertThat(Files.size(screenshot)).isPositive();
    }

    private long waitForBlockNumber(WebDriverWait wait) {
        return wait.until(d -> {
            String text = d.findElement(By.id("latest-block")).getText();
            return text.matches("\\d+") ? Long.parseLong(text) : null;
        });
    }
}
