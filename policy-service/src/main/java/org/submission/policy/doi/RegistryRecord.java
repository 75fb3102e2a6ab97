package org.submission.policy.doi;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.submission.policy.rules.RegistryDates;

/**
 * What the policy service reads of the DOI service's {@code /doi/registry} answer: the work's
 * dates, and its funders in the registry's own names (a funder deposited by its ROR id alone has
 * only an {@code id} entry of {@code id-type} {@code ROR}). The DOI service bounds the lists and
 * strings; a date is kept only as the registry's date-parts give one ({@code YYYY}, {@code YYYY-MM}
 * or {@code YYYY-MM-DD}), anything else as none.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RegistryRecord(Dates dates, List<Funder> funders) {

    public RegistryRecord {
        dates = dates == null ? new Dates(null, null, null, null) : dates;
        funders = funders == null ? List.of() : funders.stream().filter(java.util.Objects::nonNull).toList();
    }

    /** The registry's dates by their names; a date it has none of, or not as date-parts, is null. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Dates(@JsonProperty("accepted") String accepted, @JsonProperty("published-online") String publishedOnline,
                        @JsonProperty("published-print") String publishedPrint, @JsonProperty("issued") String issued) {

        public Dates {
            accepted = precise(accepted);
            publishedOnline = precise(publishedOnline);
            publishedPrint = precise(publishedPrint);
            issued = precise(issued);
        }

        /** By the registry's names, as {@link RegistryDates#of} takes them. */
        public Map<String, String> byName() {
            Map<String, String> named = new LinkedHashMap<>();
            named.put("accepted", accepted);
            named.put("published-online", publishedOnline);
            named.put("published-print", publishedPrint);
            named.put("issued", issued);
            return Collections.unmodifiableMap(named);
        }

        private static String precise(String date) {
            return date != null && RegistryDates.PRECISION.matcher(date).matches() ? date : null;
        }
    }

    /** @param doi the Crossref Funder ID as deposited, current or deprecated */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Funder(@JsonProperty("DOI") String doi, @JsonProperty("name") String name, @JsonProperty("id") List<Id> ids,
                         @JsonProperty("award") List<String> awards) {

        public Funder {
            ids = ids == null ? List.of() : ids.stream().filter(java.util.Objects::nonNull).toList();
            awards = awards == null ? List.of() : awards.stream().filter(java.util.Objects::nonNull).toList();
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Id(@JsonProperty("id") String id, @JsonProperty("id-type") String type) {
    }

    /** The heap it takes, roughly, as {@code GraphCache} weighs what it keeps: strings at two bytes a character. */
    public long bytes() {
        long bytes = 120 + 4 * 56L;
        for (Funder funder : funders) {
            bytes += 96 + text(funder.doi()) + text(funder.name());
            for (Id id : funder.ids()) {
                bytes += 40 + text(id.id()) + text(id.type());
            }
            for (String award : funder.awards()) {
                bytes += text(award);
            }
        }
        return bytes;
    }

    private static long text(String text) {
        return text == null ? 0 : 48 + 2L * text.length();
    }
}
