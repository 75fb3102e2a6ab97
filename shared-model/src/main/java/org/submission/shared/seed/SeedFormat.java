package org.submission.shared.seed;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seed file format: one JSON object whose members are record types, each an array of
 * records. A record has a {@code key} of the file's own (unique in the file), an optional
 * numeric {@code id}, and the fields listed here. Fields of kind REF / REFS name other records
 * of the given type by their key. Types are loaded in the order of this table, so a reference
 * always points to a type loaded earlier.
 */
final class SeedFormat {

    enum Kind { STRING, STRINGS, BOOLEAN, INTEGER, JSON, REF, REFS }

    record Field(String name, String column, Kind kind, String target, String joinTable) {
    }

    record Type(String name, String table, Map<String, Field> fields) {
    }

    static final List<Type> TYPES = List.of(
            type("users", "pass_user",
                    column("username", "username", Kind.STRING),
                    column("firstName", "firstname", Kind.STRING),
                    column("lastName", "lastname", Kind.STRING),
                    column("displayName", "displayname", Kind.STRING),
                    column("email", "email", Kind.STRING),
                    column("affiliation", "affiliation", Kind.STRINGS),
                    column("roles", "roles", Kind.STRINGS),
                    new Field("locatorIds", "locatorids", Kind.STRINGS, null, "pass_user_locators:user_id")),
            type("repositories", "pass_repository",
                    column("name", "name", Kind.STRING),
                    column("description", "description", Kind.STRING),
                    column("repositoryKey", "repositorykey", Kind.STRING),
                    column("integrationType", "integrationtype", Kind.STRING),
                    column("agreementText", "agreementtext", Kind.STRING),
                    column("schemas", "schemas", Kind.STRINGS)),
            type("policies", "pass_policy",
                    column("title", "title", Kind.STRING),
                    column("description", "description", Kind.STRING),
                    refs("repositories", "repositories", "pass_policy_repositories:policy_id:repositories_id")),
            type("funders", "pass_funder",
                    column("name", "name", Kind.STRING),
                    column("localKey", "localkey", Kind.STRING),
                    ref("policy", "policy_id", "policies")),
            type("grants", "pass_grant",
                    column("awardNumber", "awardnumber", Kind.STRING),
                    column("localKey", "localkey", Kind.STRING),
                    column("projectName", "projectname", Kind.STRING),
                    column("awardStatus", "awardstatus", Kind.STRING),
                    ref("primaryFunder", "primaryfunder_id", "funders"),
                    ref("directFunder", "directfunder_id", "funders"),
                    ref("pi", "pi_id", "users")),
            type("journals", "pass_journal",
                    column("journalName", "journalname", Kind.STRING),
                    column("nlmta", "nlmta", Kind.STRING),
                    column("pmcParticipation", "pmcparticipation", Kind.STRING),
                    new Field("issns", "issns", Kind.STRINGS, null, "pass_journal_issns:journal_id")),
            type("submissions", "pass_submission",
                    column("metadata", "metadata", Kind.JSON),
                    ref("submitter", "submitter_id", "users"),
                    column("submitted", "submitted", Kind.BOOLEAN),
                    column("submissionStatus", "submissionstatus", Kind.STRING),
                    column("source", "source", Kind.STRING),
                    column("version", "version", Kind.INTEGER),
                    refs("grants", "grants", "pass_submission_grants:submission_id:grants_id"),
                    refs("effectivePolicies", "policies", "pass_submission_effectivepolicies:submission_id:effectivepolicies_id"),
                    refs("preparers", "users", "pass_submission_preparers:submission_id:preparers_id"),
                    refs("repositories", "repositories", "pass_submission_repositories:submission_id:repositories_id")));

    private SeedFormat() {
    }

    static Type type(String name) {
        return TYPES.stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
    }

    private static Type type(String name, String table, Field... fields) {
        Map<String, Field> byName = new LinkedHashMap<>();
        for (Field field : fields) {
            byName.put(field.name(), field);
        }
        return new Type(name, table, byName);
    }

    private static Field column(String name, String column, Kind kind) {
        return new Field(name, column, kind, null, null);
    }

    private static Field ref(String name, String column, String target) {
        return new Field(name, column, Kind.REF, target, null);
    }

    private static Field refs(String name, String target, String joinTable) {
        return new Field(name, null, Kind.REFS, target, joinTable);
    }
}
