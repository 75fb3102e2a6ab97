package org.submission.policy.service;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.submission.policy.doi.RegistryRecord;
import org.submission.policy.rules.FunderCatalogue;

/**
 * The article's registry funders matched to the catalogue's: by Crossref Funder ID (current or
 * deprecated, as the file lists them) or ROR id, a funder deposited by its ROR id alone included,
 * else by name ignoring case and spacing. Each says whether a grant of the submission already
 * brings it. A suggestion only: it never changes which policies apply. Pure, so that every case
 * is tested without a DOI service.
 */
public final class AcknowledgedFunders {

    /** The funders read (the DOI service answers the first 100 of a work's) and what of each: bounded whatever arrives. */
    static final int MAX_FUNDERS = 100;
    static final int MAX_AWARDS = 50;
    static final int MAX_TEXT = 300;

    /** One registry funder; {@code match} is null when no catalogue funder is it. */
    public record Acknowledged(String name, String funderId, String ror, List<String> awards, FunderCatalogue.Entry match,
                               boolean linked) {

        /** As the compliance answer lists it. */
        Map<String, Object> answer() {
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("name", name);
            answer.put("funder-id", funderId);
            answer.put("ror", ror);
            answer.put("awards", awards);
            answer.put("funder", match == null ? null : match.key());
            answer.put("policies", match == null ? List.of() : match.policies());
            answer.put("linked", linked);
            return answer;
        }
    }

    private AcknowledgedFunders() {
    }

    /** @param brought the PASS funders the submission's grants reach (each grant's primary and direct funder) */
    public static List<Acknowledged> match(FunderCatalogue catalogue, List<RegistryRecord.Funder> funders, Set<Long> brought) {
        List<Acknowledged> acknowledged = new ArrayList<>();
        for (RegistryRecord.Funder funder : funders.subList(0, Math.min(MAX_FUNDERS, funders.size()))) {
            String funderId = cut(funder.doi() != null && !funder.doi().isBlank() ? funder.doi() : idOf(funder, "DOI"));
            String ror = cut(idOf(funder, "ROR"));
            String name = cut(funder.name() == null || funder.name().isBlank() ? null : funder.name().strip());
            if (funderId == null && ror == null && name == null) {
                continue;
            }
            FunderCatalogue.Entry match = matchOf(catalogue, funder, name);
            boolean linked = match != null && !Collections.disjoint(match.passFunders(), brought);
            List<String> awards = funder.awards().stream().limit(MAX_AWARDS).map(AcknowledgedFunders::cut).toList();
            acknowledged.add(new Acknowledged(name, funderId, ror, awards, match, linked));
        }
        return acknowledged;
    }

    /** The answer's {@code acknowledged} list. */
    static List<Map<String, Object>> answer(List<Acknowledged> acknowledged) {
        return acknowledged.stream().map(Acknowledged::answer).toList();
    }

    /**
     * Each entry (with reasons) whose policy a matched funder's rules give gains
     * {@code {"acknowledged": "<funder key>"}}: the list of policies stays as it is.
     */
    static List<PolicyEntry> withReasons(List<PolicyEntry> entries, List<Acknowledged> acknowledged) {
        List<PolicyEntry> explained = new ArrayList<>(entries.size());
        for (PolicyEntry entry : entries) {
            List<Map<String, String>> reasons = entry.reasons() == null ? null : new ArrayList<>(entry.reasons());
            long id = Long.parseLong(entry.id());
            List<String> keys = new ArrayList<>();
            for (Acknowledged funder : acknowledged) {
                if (reasons != null && funder.match() != null && funder.match().policyIds().contains(id)
                        && !keys.contains(funder.match().key())) {
                    keys.add(funder.match().key());
                    reasons.add(Map.of("acknowledged", funder.match().key()));
                }
            }
            explained.add(keys.isEmpty() ? entry : new PolicyEntry(entry.id(), entry.type(), entry.undecided(), reasons));
        }
        return explained;
    }

    private static FunderCatalogue.Entry matchOf(FunderCatalogue catalogue, RegistryRecord.Funder funder, String name) {
        FunderCatalogue.Entry found = catalogue.byFunderId(funder.doi());
        for (RegistryRecord.Id id : funder.ids()) {
            if (found == null && id.id() != null && id.type() != null) {
                String type = id.type().toUpperCase(Locale.ROOT);
                found = type.equals("DOI") ? catalogue.byFunderId(id.id()) : type.equals("ROR") ? catalogue.byRor(id.id()) : null;
            }
        }
        return found != null ? found : catalogue.byName(name);
    }

    private static String idOf(RegistryRecord.Funder funder, String type) {
        return funder.ids().stream().filter(id -> id.id() != null && !id.id().isBlank() && type.equalsIgnoreCase(id.type()))
                .map(RegistryRecord.Id::id).findFirst().orElse(null);
    }

    private static String cut(String text) {
        return text == null ? null : text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
    }
}
