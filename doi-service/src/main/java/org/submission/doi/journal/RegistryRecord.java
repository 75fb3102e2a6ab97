package org.submission.doi.journal;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the policy service takes from a registry work (doi-service/README.md, "GET /doi/registry"):
 * its dates and its funders, as the registry names them (a Funder DOI, a name, ROR and other
 * identifiers, award numbers), bounded. Read from the work's text by streaming: the funder list
 * past its first {@link #MAX_FUNDERS} is skipped, only counted.
 *
 * @param dates each of {@link #DATES}, {@code YYYY}, {@code YYYY-MM} or {@code YYYY-MM-DD}, or null
 * @param funderCount the funder entries of the work as read (its lists are cut at 10,000 as read)
 */
public record RegistryRecord(Map<String, String> dates, List<Funder> funders, int funderCount) {

    /** The dates answered, in the registry's names. */
    public static final List<String> DATES = List.of("accepted", "published-online", "published-print", "issued");
    /** Funders answered: real works name a handful, a consortium paper a few dozen. */
    public static final int MAX_FUNDERS = 100;
    static final int MAX_AWARDS = 50;
    static final int MAX_IDS = 8;
    static final int MAX_TEXT = 300;

    /** One identifier of a funder: {@code id-type} {@code DOI} (a Funder ID), {@code ROR}, {@code ISNI}, … */
    public record FunderId(String id, String idType, String assertedBy) {
    }

    /** A funder entry; each member null (lists empty) when the registry has none. */
    public record Funder(String doi, String name, String doiAssertedBy, List<FunderId> ids, List<String> awards) {
    }

    /** Whether funders past {@link #MAX_FUNDERS} were left out. */
    public boolean fundersCut() {
        return funderCount > funders.size();
    }

    static RegistryRecord of(String work, ObjectMapper mapper) {
        Map<String, String> dates = new LinkedHashMap<>();
        DATES.forEach(name -> dates.put(name, null));
        List<Funder> funders = new ArrayList<>();
        int[] count = {0};
        RegistryWork.eachMessageMember(work, mapper, (member, parser) -> {
            JsonToken token = parser.currentToken();
            if (dates.containsKey(member) && token == JsonToken.START_OBJECT) {
                dates.put(member, date(parser.readValueAsTree()));
            } else if (member.equals("funder") && token == JsonToken.START_ARRAY) {
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    count[0]++;
                    if (funders.size() < MAX_FUNDERS && parser.currentToken() == JsonToken.START_OBJECT) {
                        funders.add(funder(parser.readValueAsTree()));
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        });
        return new RegistryRecord(Collections.unmodifiableMap(dates), List.copyOf(funders), count[0]);
    }

    /** {@code {"date-parts": [[2024, 5, 1]]}} as {@code 2024-05-01}; a year alone, or a year and month, as far as given. */
    static String date(JsonNode date) {
        JsonNode parts = date.path("date-parts").path(0);
        int[] limits = {9999, 12, 31};
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < limits.length && parts.path(i).canConvertToInt(); i++) {
            int value = parts.path(i).asInt();
            if (value < (i == 0 ? 1000 : 1) || value > limits[i]) {
                break;
            }
            text.append(i == 0 ? "" : "-").append(i == 0 ? String.valueOf(value) : String.format("%02d", value));
        }
        return text.isEmpty() ? null : text.toString();
    }

    private static Funder funder(JsonNode funder) {
        List<FunderId> ids = new ArrayList<>();
        for (JsonNode id : funder.path("id")) {
            if (ids.size() == MAX_IDS) {
                break;
            }
            String value = text(id.path("id"));
            if (value != null) {
                ids.add(new FunderId(value, text(id.path("id-type")), text(id.path("asserted-by"))));
            }
        }
        List<String> awards = new ArrayList<>();
        for (JsonNode award : funder.path("award")) {
            String value = text(award);
            if (awards.size() < MAX_AWARDS && value != null) {
                awards.add(value);
            }
        }
        return new Funder(text(funder.path("DOI")), text(funder.path("name")), text(funder.path("doi-asserted-by")),
                List.copyOf(ids), List.copyOf(awards));
    }

    /** A string member, trimmed and cut to {@link #MAX_TEXT}; null when absent, blank or not a string. */
    private static String text(JsonNode value) {
        if (!value.isTextual() || value.asText().isBlank()) {
            return null;
        }
        String text = value.asText().strip();
        if (text.length() <= MAX_TEXT) {
            return text;
        }
        // never half of a surrogate pair
        return text.substring(0, Character.isHighSurrogate(text.charAt(MAX_TEXT - 1)) ? MAX_TEXT - 1 : MAX_TEXT);
    }
}
