package org.submission.doi.service;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;

/**
 * The lookup record's {@code oa_locations} as manuscript entries; missing or null keys never fail.
 * Clients put {@code url} into links and {@code repositoryLabel} into pages, so a location whose
 * PDF address is not an absolute http(s) URL is dropped and a label is reduced to plain text.
 */
public final class ManuscriptMapper {

    static final String TYPE = "application/pdf";
    static final String SOURCE = "Unpaywall";
    static final String DEFAULT_NAME = "manuscript.pdf";

    private ManuscriptMapper() {
    }

    public static ManuscriptList map(JsonNode record) {
        Map<String, Manuscript> byUrl = new LinkedHashMap<>();
        for (JsonNode location : record.path("oa_locations")) {
            JsonNode pdf = location.path("url_for_pdf");
            if (!pdf.isTextual() || !Links.web(pdf.asText())) {
                continue;
            }
            String url = pdf.asText();
            JsonNode institution = location.path("repository_institution");
            Manuscript entry = new Manuscript(url, institution.isTextual() ? plainText(institution.asText()) : null, TYPE,
                    SOURCE, fileName(url), location.path("is_best").asBoolean(false));
            byUrl.merge(url, entry, (first, again) -> again.isBest() ? first.best() : first);
        }
        List<Manuscript> ordered = new ArrayList<>(byUrl.size());
        byUrl.values().stream().filter(Manuscript::isBest).forEach(ordered::add);
        byUrl.values().stream().filter(m -> !m.isBest()).forEach(ordered::add);
        return new ManuscriptList(ordered);
    }

    /** Markup in a label is read as a browser would and only its text kept. */
    static String plainText(String label) {
        return label.indexOf('<') < 0 ? label : Jsoup.parseBodyFragment(label).text();
    }

    /** The last non-empty segment of the URL's decoded path (query and fragment ignored). */
    static String fileName(String url) {
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
