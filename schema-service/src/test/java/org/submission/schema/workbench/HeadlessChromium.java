package org.submission.schema.workbench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.submission.platform.testing.ExternalTool;

/**
 * Debian's Chromium, headless, driven through its chromedriver: a fresh profile, nothing fetched
 * but the pages the test opens, and every request carrying the headers of a person the trusted
 * proxy names (as PASS users reach the service).
 */
final class HeadlessChromium implements AutoCloseable {

    static final Path SCREENSHOTS = Path.of("target", "workbench-screenshots");

    private final ChromeDriver driver;
    private final Path profile;

    private HeadlessChromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Skips the calling test (fails it in CI) without chromium and chromedriver. */
    static HeadlessChromium start(Map<String, Object> headers) throws IOException {
        Path chromium = ExternalTool.find("chromium").orElse(null);
        Path chromedriver = ExternalTool.find("chromedriver").orElse(null);
        ExternalTool.require(chromium != null && chromedriver != null, "chromium and its chromedriver are not installed");
        Path profile = Files.createTempDirectory("workbench-chromium");
        ChromeOptions options = new ChromeOptions().setBinary(chromium.toFile()).addArguments("--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1280,1600", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.executeCdpCommand("Network.enable", Map.of());
        driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", headers));
        return new HeadlessChromium(driver, profile);
    }

    ChromeDriver driver() {
        return driver;
    }

    WebDriverWait waiting() {
        return new WebDriverWait(driver, Duration.ofSeconds(30));
    }

    /** The console's messages since the last call (CSP violations appear there). */
    List<String> console() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::getMessage).toList();
    }

    Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        File shot = driver.getScreenshotAs(OutputType.FILE);
        Path target = SCREENSHOTS.resolve(name + ".png");
        Files.copy(shot.toPath(), target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return target;
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
