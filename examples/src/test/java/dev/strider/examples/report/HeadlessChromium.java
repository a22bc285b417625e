package dev.strider.examples.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * Headless Chromium driven through chromedriver's W3C WebDriver HTTP protocol with the JDK's
 * {@link HttpClient} and Gson (which the module already uses for the benchmark results): no
 * Selenium, no download. One instance is one chromedriver process on a
 * free local port and one browser session with a fresh profile directory; {@link #close()} ends
 * both and deletes the profile.
 *
 * <p>The browser runs with {@link #FLAGS} (those CI uses) plus {@code --user-data-dir}. Every
 * failure says what was being done and, when chromedriver died, what it logged.
 */
final class HeadlessChromium implements AutoCloseable {

    /** The flags the browser always gets, besides a fresh {@code --user-data-dir}. */
    static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking");

    private static final Duration STARTUP = Duration.ofSeconds(30);
    private static final Duration REQUEST = Duration.ofSeconds(60);
    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    private final Process driver;
    private final Path log;
    private final Path profile;
    private final URI base;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private String session;

    private HeadlessChromium(Process driver, Path log, Path profile, URI base) {
        this.driver = driver;
        this.log = log;
        this.profile = profile;
        this.base = base;
    }

    /** The browser and driver executables found on this machine. */
    record Executables(Path browser, Path driver) {
    }

    /**
     * The executables, from {@code STRIDER_CHROMIUM} and {@code STRIDER_CHROMEDRIVER} when set,
     * else {@code chromium} (or {@code chromium-browser}) and {@code chromedriver} on the PATH.
     *
     * @throws Missing saying which is missing
     */
    static Executables find() throws Missing {
        Optional<Path> browser = executable("STRIDER_CHROMIUM", "chromium", "chromium-browser");
        Optional<Path> driver = executable("STRIDER_CHROMEDRIVER", "chromedriver");
        List<String> missing = new ArrayList<>();
        if (browser.isEmpty()) {
            missing.add("no chromium or chromium-browser on the PATH (or STRIDER_CHROMIUM)");
        }
        if (driver.isEmpty()) {
            missing.add("no chromedriver on the PATH (or STRIDER_CHROMEDRIVER)");
        }
        if (!missing.isEmpty()) {
            throw new Missing(String.join(" and ", missing));
        }
        return new Executables(browser.get(), driver.get());
    }

    /** No browser here: the message says which executable is missing. */
    static final class Missing extends Exception {
        Missing(String message) {
            super(message);
        }
    }

    private static Optional<Path> executable(String variable, String... names) {
        String given = System.getenv(variable);
        if (given != null && !given.isBlank()) {
            Path p = Path.of(given);
            return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        String path = System.getenv("PATH");
        List<String> dirs = new ArrayList<>(List.of((path == null ? "" : path).split(File.pathSeparator)));
        dirs.add("/usr/bin");
        for (String name : names) {
            for (String dir : dirs) {
                if (dir.isEmpty()) {
                    continue;
                }
                Path p = Path.of(dir, name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** Starts chromedriver on a free port, waits until it is ready, and opens a browser session. */
    static HeadlessChromium start(Executables exe, Path workDir) throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path log = Files.createTempFile(workDir, "chromedriver-", ".log");
        Path profile = Files.createTempDirectory(workDir, "profile-");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Process driver = new ProcessBuilder(exe.driver().toString(), "--port=" + port)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        HeadlessChromium chromium = new HeadlessChromium(driver, log, profile, URI.create("http://127.0.0.1:" + port));
        try {
            chromium.awaitReady();
            chromium.openSession(exe.browser());
            return chromium;
        } catch (IOException | InterruptedException | RuntimeException | AssertionError e) {
            chromium.close();
            throw e;
        }
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (true) {
            if (!driver.isAlive()) {
                throw new IOException("chromedriver exited with " + driver.exitValue() + " before it was ready: "
                        + driverLog());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve("/status"))
                        .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
                JsonElement value = value(r, "ask whether chromedriver is ready");
                if (value.isJsonObject() && value.getAsJsonObject().has("ready")
                        && value.getAsJsonObject().get("ready").getAsBoolean()) {
                    return;
                }
            } catch (ConnectException e) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("chromedriver on " + base + " was not ready within " + STARTUP.toSeconds()
                        + " s: " + driverLog());
            }
            Thread.sleep(100);
        }
    }

    private void openSession(Path browser) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(FLAGS);
        args.add("--user-data-dir=" + profile);
        Map<String, Object> capabilities = Map.of("capabilities", Map.of("alwaysMatch",
                Map.of("goog:chromeOptions", Map.of("binary", browser.toString(), "args", args))));
        JsonElement value = call("POST", "/session", capabilities, "open a browser session");
        session = value.getAsJsonObject().get("sessionId").getAsString();
    }

    // ---------------------------------------------------------------- commands

    /** Sets the size of the browser window, in CSS pixels. */
    void windowSize(int width, int height) throws IOException, InterruptedException {
        call("POST", "/session/" + session + "/window/rect", Map.of("width", width, "height", height),
                "set the window size");
    }

    /** Opens {@code page} and waits until it is loaded (WebDriver's default page-load strategy). */
    void open(URI page) throws IOException, InterruptedException {
        call("POST", "/session/" + session + "/url", Map.of("url", page.toString()), "open " + page);
    }

    /** Runs {@code script} (a function body) in the page; what it returns, as JSON. */
    JsonElement script(String script) throws IOException, InterruptedException {
        return call("POST", "/session/" + session + "/execute/sync", Map.of("script", script, "args", List.of()),
                "run a script");
    }

    /** The viewport as it is drawn now. */
    BufferedImage screenshot() throws IOException, InterruptedException {
        return png(call("GET", "/session/" + session + "/screenshot", null, "take a screenshot").getAsString());
    }

    /**
     * The element the CSS selector finds first, drawn alone and whole. WebDriver shows only what
     * fits the viewport, so the window is made taller than the element (with room for whatever
     * follows it, should the page not scroll that far), the element scrolled to the top, and the
     * window set back to {@code width} x {@code height} afterwards.
     */
    BufferedImage screenshotWhole(String cssSelector, int width, int height) throws IOException, InterruptedException {
        String find = "const e = document.querySelector(" + GSON.toJson(cssSelector) + ");";
        int tall = script(find + " return Math.ceil(e.getBoundingClientRect().height);").getAsInt();
        windowSize(width, Math.max(height, tall + 200));
        try {
            script(find + " e.scrollIntoView({block: 'start'}); return null;");
            JsonElement element = call("POST", "/session/" + session + "/element",
                    Map.of("using", "css selector", "value", cssSelector), "find " + cssSelector);
            String id = element.getAsJsonObject().get(ELEMENT).getAsString();
            return png(call("GET", "/session/" + session + "/element/" + id + "/screenshot", null,
                    "take a screenshot of " + cssSelector).getAsString());
        } finally {
            windowSize(width, height);
        }
    }

    private static BufferedImage png(String base64) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(base64)));
        if (image == null) {
            throw new IOException("the screenshot is not an image ImageIO can read");
        }
        return image;
    }

    /**
     * One WebDriver command; its {@code value}, or an exception with the driver's error.
     *
     * @param body what Gson writes as the request's JSON (maps, lists, strings, numbers), or null for none
     */
    private JsonElement call(String method, String path, Object body, String what)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST)
                .header("Content-Type", "application/json; charset=utf-8");
        request = body == null ? request.method(method, HttpRequest.BodyPublishers.noBody())
                : request.method(method, HttpRequest.BodyPublishers.ofString(GSON.toJson(body), StandardCharsets.UTF_8));
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IOException("could not " + what + ": " + e + "; chromedriver: " + driverLog(), e);
        }
        JsonElement value = value(response, what);
        if (response.statusCode() != 200) {
            JsonObject error = value.isJsonObject() ? value.getAsJsonObject() : new JsonObject();
            throw new IOException("could not " + what + ": HTTP " + response.statusCode() + " " + error.get("error")
                    + ": " + error.get("message") + "; chromedriver: " + driverLog());
        }
        return value;
    }

    /** The {@code value} of a WebDriver response ({@code JsonNull} when it is null). */
    private JsonElement value(HttpResponse<String> response, String what) throws IOException {
        try {
            JsonElement value = JsonParser.parseString(response.body()).getAsJsonObject().get("value");
            if (value == null) {
                throw new IOException("could not " + what + ": HTTP " + response.statusCode()
                        + ", a response without a value: " + response.body());
            }
            return value;
        } catch (JsonParseException | IllegalStateException e) {
            throw new IOException("could not " + what + ": HTTP " + response.statusCode() + ", not a JSON object: "
                    + response.body() + "; chromedriver: " + driverLog(), e);
        }
    }

    private String driverLog() {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? "(nothing logged)" : text.length() > 2000 ? "..." + text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            return "(its log " + log + " cannot be read: " + e + ")";
        }
    }

    /** Ends the session, then the driver (and the browser it started), then deletes the profile. */
    @Override
    public void close() {
        try {
            if (session != null && driver.isAlive()) {
                call("DELETE", "/session/" + session, null, "end the session");
            }
        } catch (IOException | RuntimeException e) {
            // the driver is killed below anyway
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            session = null;
            driver.descendants().forEach(ProcessHandle::destroy);
            driver.destroy();
            try {
                if (!driver.waitFor(10, TimeUnit.SECONDS)) {
                    driver.descendants().forEach(ProcessHandle::destroyForcibly);
                    driver.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            delete(profile);
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a profile left in target/ is harmless
        }
    }
}
