package org.submission.doi.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.FreshUpstreamsAndRecords;
import org.submission.doi.support.Journals;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.EmbeddedPostgresResource;

/**
 * A registry record changes a PASS journal only when it agrees with it on the name and, where the
 * journal holds ISSNs, on one of them. One whose ISSNs and name point at more than one PASS
 * journal, or that shares a journal's ISSN but not its name, changes none, on its first lookup and
 * every later one, and names the conflict; journals are seeded as PASS's own loaders write them.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@WithTestResource(WireMockUpstreams.class)
class JournalConflictTest extends FreshUpstreamsAndRecords {

    @Inject
    MeterRegistry registry;

    private Map<String, Long> ids;

    @BeforeEach
    void loadJournals() {
        ids = Map.of(
                "a", Journals.insertAsPass(dataSource, "Journal A", null, null, "Print:1111-1111"),
                "b", Journals.insertAsPass(dataSource, "Another Journal Entirely", null, null, "Print:2222-3333", "Online:2222-4444"),
                "twin1", Journals.insertAsPass(dataSource, "Twin Journal", null, null, ":5555-5555"),
                "twin2", Journals.insertAsPass(dataSource, "Twin Journal", null, null, ":6666-6666"),
                "pmc", Journals.insertAsPass(dataSource, "Curated Journal", "Cur J", "D", "Print:8888-8888"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "one journal's name, another's ISSN | Journal A                | print:2222-3333                 | a     | b",
        "another's name, one journal's ISSN | Another Journal Entirely | print:1111-1111                 | a     | b",
        "ISSNs of two journals              | Journal A                | print:1111-1111 electronic:2222-4444 | a | b",
        "a name two journals hold           | Twin Journal             | print:7777-7777                 | twin1 | twin2",
        "a curated journal's ISSN, another's name | Journal A          | print:8888-8888                 | a     | pmc"})
    void aRecordPointingAtTwoJournalsChangesNoneAndNamesTheConflict(String record, String name, String issns, String best,
            String other) {
        answersWithTheConflictAndChangesNothing(name, issns, best, List.of(String.valueOf(ids.get(other))));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "a journal's only ISSN, beside one PASS lacks | print:1111-1111 electronic:9999-0001 | a",
        "a curated journal's ISSN                      | print:8888-8888                      | pmc"})
    void aRecordListingAJournalsIssnUnderAnotherNameChangesNothingAndNamesTheConflict(String record, String issns, String best) {
        answersWithTheConflictAndChangesNothing("Second Journal", issns, best, List.of());
    }

    @Test
    void aConflictingRecordLookedUpAgainLeavesEachJournalItsOwnWorks() {
        List<Journals.Row> before = Journals.all(dataSource);
        String mixed = Fixtures.newDoi();
        String ofA = Fixtures.newDoi();
        String ofB = Fixtures.newDoi();
        Upstreams.work(upstream, mixed, Fixtures.work(mixed, "Journal A", "print:2222-3333"));
        Upstreams.work(upstream, ofA, Fixtures.work(ofA, "Journal A", "print:1111-1111"));
        Upstreams.work(upstream, ofB, Fixtures.work(ofB, "Another Journal Entirely", "print:2222-3333", "electronic:2222-4444"));

        for (int round = 0; round < 3; round++) {
            Api.journal(mixed).then().statusCode(200);
            JsonPath a = Api.journal(ofA).then().statusCode(200).extract().jsonPath();
            JsonPath b = Api.journal(ofB).then().statusCode(200).extract().jsonPath();

            assertThat(a.getString("journal-id")).isEqualTo(String.valueOf(ids.get("a")));
            assertThat(b.getString("journal-id")).isEqualTo(String.valueOf(ids.get("b")));
            assertThat(List.of(a.getMap("$"), b.getMap("$"))).allSatisfy(json -> assertThat(json).doesNotContainKey("journal-conflict"));
        }
        assertThat(Journals.all(dataSource)).isEqualTo(before);
        assertThat(Upstreams.calls(upstream, "journal", mixed)).isEqualTo(1);
    }

    @Test
    void theSecondJournalOfAConflictingRecordGetsAJournalOfItsOwn() {
        String mixed = Fixtures.newDoi();
        String own = Fixtures.newDoi();
        Upstreams.work(upstream, mixed, Fixtures.work(mixed, "Second Journal", "electronic:9999-0001", "print:1111-1111"));
        Upstreams.work(upstream, own, Fixtures.work(own, "Second Journal", "electronic:9999-0001"));
        Api.journal(mixed).then().statusCode(200);

        String second = Api.journal(own).then().statusCode(200).extract().path("journal-id");

        assertThat(second).isNotEqualTo(String.valueOf(ids.get("a")));
        assertThat(Journals.all(dataSource)).filteredOn(row -> row.id() == ids.get("a")).singleElement()
                .satisfies(a -> assertThat(List.of(a.name(), a.issns())).containsExactly("Journal A", List.of("Print:1111-1111")));
        assertThat(Journals.all(dataSource)).filteredOn(row -> String.valueOf(row.id()).equals(second)).singleElement()
                .satisfies(row -> assertThat(row.issns()).containsExactly("Online:9999-0001"));
    }

    @Test
    void aRecordAgreeingOnTheNameAndOneIssnAddsItsNewIssnsAndKeepsPasssName() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, "another  journal ENTIRELY", "print:2222-3333", "electronic:2222-9999"));

        JsonPath answer = Api.journal(doi).then().statusCode(200).extract().jsonPath();

        assertThat(answer.getMap("$")).doesNotContainKey("journal-conflict");
        Journals.Row b = Journals.all(dataSource).stream().filter(row -> row.id() == ids.get("b")).findFirst().orElseThrow();
        assertThat(b.name()).isEqualTo("Another Journal Entirely");
        assertThat(b.issns()).containsExactlyInAnyOrder("Print:2222-3333", "Online:2222-4444", "Online:2222-9999");
    }

    @Test
    void aRecordAgreeingOnTheNameAloneAddsNothingToAJournalWithIssns() {
        List<Journals.Row> before = Journals.all(dataSource);
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, "Journal A", "print:3333-0001"));

        JsonPath answer = Api.journal(doi).then().statusCode(200).extract().jsonPath();

        assertThat(answer.getString("journal-id")).isEqualTo(String.valueOf(ids.get("a")));
        assertThat(Journals.all(dataSource)).isEqualTo(before);
    }

    @Test
    void aLookupNeverRenamesAJournal() {
        List<Journals.Row> before = Journals.all(dataSource);
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, "JOURNAL  a", "print:1111-1111"));

        JsonPath answer = Api.journal(doi).then().statusCode(200).extract().jsonPath();

        assertThat(answer.getMap("$")).doesNotContainKey("journal-conflict");
        assertThat(Journals.all(dataSource)).isEqualTo(before);
    }

    /** A new work of this journal name and ISSNs: answered with the best match and the others, counted once, nothing written. */
    private void answersWithTheConflictAndChangesNothing(String name, String issns, String best, List<String> others) {
        List<Journals.Row> before = Journals.all(dataSource);
        double conflicts = conflicts();
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, name, issns.split(" ")));

        JsonPath answer = Api.journal(doi).then().statusCode(200).extract().jsonPath();

        assertThat(answer.getString("journal-id")).isEqualTo(String.valueOf(ids.get(best)));
        assertThat(answer.getList("journal-conflict.journal-ids", String.class)).containsExactlyElementsOf(others);
        assertThat(answer.getString("journal-conflict.message")).contains("no Journal record was changed");
        assertThat(Journals.all(dataSource)).isEqualTo(before);
        assertThat(conflicts() - conflicts).isEqualTo(1);
    }

    private double conflicts() {
        return registry.get("doi.journal.conflicts").counter().count();
    }
}
