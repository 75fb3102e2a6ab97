package org.submission.doi.manuscript;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.submission.doi.html.SafeText;
import org.submission.doi.metrics.DoiMetrics;

/**
 * The lookup record's {@code oa_locations} as manuscript entries; missing or null keys, unknown
 * and deprecated fields never fail. Clients put {@code url} into links, {@code repositoryLabel}
 * into pages and {@code name} into a file name, so a location whose PDF address is not an
 * absolute http(s) URL is dropped, a label is reduced to plain text without angle brackets and a
 * name to a safe file name. Each entry is small and bounded, and so is the number read, so this
 * runs on the event loop.
 */
public final class ManuscriptMapper {

    static final String TYPE = "application/pdf";
    static final String SOURCE = "Unpaywall";
    static final String DEFAULT_NAME = "manuscript.pdf";
    /** A longer PDF address drops the entry, a longer landing page is null. */
    static final int MAX_URL = 4096;
    public static final int MAX_NAME = 200;
    static final int MAX_LABEL = 500;
    static final int MAX_LICENSE = 200;
    private static final int MAX_EXTENSION = 16;
    private static final Set<String> VERSIONS = Set.of("submittedVersion", "acceptedVersion", "publishedVersion");
    private static final Set<String> HOST_TYPES = Set.of("publisher", "repository");
    private static final Pattern DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}(?:$|T)");
    private static final Pattern OA_STATUS = Pattern.compile("[a-z][a-z_-]{0,31}");
    /** Path separators, markup and what common file systems reserve. */
    private static final String UNSAFE_IN_NAME = "/\\<>:\"|?*";

    private ManuscriptMapper() {
    }

    public static OpenCopies map(JsonNode record) {
        Map<String, OpenCopy> byUrl = new LinkedHashMap<>();
        // at most OaLookupClient.MAX_LOCATIONS: the rest were skipped as the record was read
        for (JsonNode location : record.path("oa_locations")) {
            String url = webUrl(location.path("url_for_pdf"));
            if (url == null) {
                continue;
            }
            OpenCopy entry = new OpenCopy(url, label(location.path("repository_institution")), TYPE, SOURCE,
                    fileName(url), location.path("is_best").asBoolean(false), oneOf(location.path("version"), VERSIONS),
                    oneOf(location.path("host_type"), HOST_TYPES), license(location.path("license")),
                    webUrl(location.path("url_for_landing_page")), day(location.path("oa_date")));
            byUrl.merge(url, entry, (first, again) -> again.isBest() ? first.asBest() : first);
        }
        List<OpenCopy> ordered = new ArrayList<>(byUrl.size());
        byUrl.values().stream().filter(OpenCopy::isBest).forEach(ordered::add);
        byUrl.values().stream().filter(m -> !m.isBest()).forEach(ordered::add);
        JsonNode status = record.path("oa_status");
        return new OpenCopies(ordered, status.isTextual() && OA_STATUS.matcher(status.textValue()).matches()
                ? status.textValue() : null, day(record.path("published_date")));
    }

    /**
     * The fields of {@code DoiMetrics.RELIED_ON_FIELDS} a record lacks (absent, not null: the lookup
     * service answers null for a value it does not know); a location field only when no location has it.
     */
    public static List<String> missing(JsonNode record) {
        List<String> missing = new ArrayList<>();
        for (String field : DoiMetrics.RELIED_ON_FIELDS.get(SOURCE)) {
            int dot = field.indexOf('.');
            if (dot < 0 ? !record.has(field) : !anyLocationHas(record.path("oa_locations"), field.substring(dot + 1))) {
                missing.add(field);
            }
        }
        return missing;
    }

    private static boolean anyLocationHas(JsonNode locations, String member) {
        if (locations.isEmpty()) {
            return true;
        }
        for (JsonNode location : locations) {
            if (location.has(member)) {
                return true;
            }
        }
        return false;
    }

    /** A day as {@code YYYY-MM-DD} (the day of a timestamp), or null for anything else. */
    static String day(JsonNode value) {
        if (!value.isTextual() || !DAY.matcher(value.textValue()).lookingAt()) {
            return null;
        }
        try {
            return java.time.LocalDate.parse(value.textValue().substring(0, 10)).toString();
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    private static String webUrl(JsonNode value) {
        return value.isTextual() && value.textValue().length() <= MAX_URL && SafeText.webLink(value.textValue()) ? value.textValue() : null;
    }

    private static String oneOf(JsonNode value, Set<String> allowed) {
        return value.isTextual() && allowed.contains(value.textValue()) ? value.textValue() : null;
    }

    private static String label(JsonNode value) {
        return value.isTextual() ? cut(plainText(cut(value.textValue(), 4 * MAX_LABEL)), MAX_LABEL) : null;
    }

    private static String license(JsonNode value) {
        return value.isTextual() ? blankAsNull(cut(plainText(cut(value.textValue(), 4 * MAX_LICENSE)), MAX_LICENSE)) : null;
    }

    /**
     * Text as a browser would show it (markup read and only its text kept, character references
     * decoded), then without angle brackets and control characters: {@code .text()} decodes
     * {@code &lt;img&gt;} into {@code <img>}, which inserted into a page would be markup again.
     */
    static String plainText(String label) {
        String text = label.indexOf('<') < 0 && label.indexOf('&') < 0 ? label : Jsoup.parseBodyFragment(label).text();
        return SafeText.line(text.replace("<", "").replace(">", ""));
    }

    /**
     * A safe file name from a URL: its last path segment decoded ({@link #lastSegment}), then
     * path separators, markup, reserved and control or invisible formatting characters each
     * replaced by {@code _}, trailing dots and spaces dropped, and the name shortened to
     * {@link #MAX_NAME} characters keeping its extension; {@code manuscript.pdf} when nothing is left.
     */
    static String fileName(String url) {
        StringBuilder safe = new StringBuilder();
        lastSegment(url).codePoints().forEach(c -> {
            int type = Character.getType(c);
            boolean unsafe = Character.isISOControl(c) || type == Character.FORMAT || type == Character.SURROGATE
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                    || c < 128 && UNSAFE_IN_NAME.indexOf(c) >= 0;
            safe.appendCodePoint(unsafe ? '_' : c);
        });
        String name = safe.toString().strip().replaceAll("[. ]+$", "");
        if (name.codePointCount(0, name.length()) > MAX_NAME) {
            int dot = name.lastIndexOf('.');
            String extension = dot > 0 && name.length() - dot <= MAX_EXTENSION ? name.substring(dot) : "";
            name = cut(name, MAX_NAME - extension.length()) + extension;
        }
        return name.isEmpty() ? DEFAULT_NAME : name;
    }

    /** At most {@code max} code points. */
    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, text.offsetByCodePoints(0, Math.min(max, text.codePointCount(0, text.length()))));
    }

    private static String blankAsNull(String text) {
        return text.isBlank() ? null : text;
    }

    /** The last non-empty segment of the URL's decoded path (query and fragment ignored). */
    static String lastSegment(String url) {
        String rest = url;
        int scheme = rest.indexOf("://");
        if (scheme >= 0) {
            int path = scheme + 3;
            while (path < rest.length() && "/?#".indexOf(rest.charAt(path)) < 0) {
                path++;
            }
            rest = path < rest.length() && rest.charAt(path) == '/' ? rest.substring(path) : "";
        }
        int end = rest.length();
        for (char stop : new char[] {'?', '#'}) {
            int at = rest.indexOf(stop);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        String[] segments = rest.substring(0, end).split("/");
        for (int i = segments.length - 1; i >= 0; i--) {
            String name = decode(segments[i]);
            if (!name.isBlank() && !name.equals(".") && !name.equals("..")) {
                return name;
            }
        }
        return DEFAULT_NAME;
    }

    /** Percent-decoding of a path segment ({@code +} stays a plus); malformed escapes stay as they are. */
    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int i = 0;
        while (i < segment.length()) {
            int hi = i + 2 < segment.length() ? Character.digit(segment.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(segment.charAt(i + 2), 16) : -1;
            if (segment.charAt(i) == '%' && lo >= 0) {
                bytes.write(hi * 16 + lo);
                i += 3;
            } else {
                int next = segment.indexOf('%', i + 1);
                int end = next < 0 ? segment.length() : next;
                bytes.writeBytes(segment.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            return segment;
        }
    }
}
