package org.submission.doi;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.faulttolerance.api.CircuitBreakerMaintenance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.doi.support.Api;
import org.submission.doi.support.Fixtures;
import org.submission.doi.support.Upstreams;
import org.submission.doi.support.WireMockUpstreams;
import org.submission.platform.testing.FreshDatabase;
import org.submission.platform.testing.PassCoreDatabase;

/**
 * The DOI service on pass-core's own database, set up by the owner's script and reached as its
 * least-privileged role with migrations off: it finds pass-core's journals, and every journal it
 * writes is one pass-core reads and writes (an id from pass-core's sequence, typed ISSNs, a name
 * within pass-core's width).
 */
@QuarkusTest
@WithTestResource(PassCoreDatabase.class)
@WithTestResource(WireMockUpstreams.class)
class PassCoreDatabaseTest {

    @WireMockUpstreams.Server
    WireMockServer upstream;

    @Inject
    CircuitBreakerMaintenance circuits;

    final FreshDatabase passCore = PassCoreDatabase.database();

    @BeforeEach
    void freshUpstreams() {
        Upstreams.reset(upstream, circuits);
    }

    @Test
    void aWorkOfAJournalPassCoreKnowsAnswersPassCoresRowAndWritesNothing() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, "J. Subm. Stud.", "electronic:2049-3649"));
        long journals = passCore.count("SELECT count(*) FROM pass_journal");

        String id = Api.journal(doi).then().statusCode(200).extract().jsonPath().getString("journal-id");

        assertThat(id).isEqualTo(Long.toString(passCore.count(
                "SELECT id FROM pass_journal WHERE journalname = 'Journal of Submission Studies'")));
        assertThat(passCore.count("SELECT count(*) FROM pass_journal")).isEqualTo(journals);
    }

    @Test
    void aNewJournalTakesItsIdFromPassCoresSequenceWithItsIssnsTypedAsPassCoreTypesThem() {
        String doi = Fixtures.newDoi();
        Upstreams.work(upstream, doi, Fixtures.work(doi, "Annals of Deposit Science", "print:1111-2226", "electronic:1111-2234", "3333-4448"));

        long id = Long.parseLong(Api.journal(doi).then().statusCode(200).extract().jsonPath().getString("journal-id"));

        assertThat(id).isEqualTo(passCore.count("SELECT last_value FROM hibernate_sequence"));
        assertThat(rows("SELECT issns FROM pass_journal_issns WHERE journal_id = " + id + " ORDER BY issns"))
                .containsExactly(":3333-4448", "Online:1111-2234", "Print:1111-2226");
        assertThat(rows("SELECT concat_ws('|', journalname, nlmta, pmcparticipation) FROM pass_journal WHERE id = " + id))
                .containsExactly("Annals of Deposit Science");
    }

    @Test
    void aRegistryTitleLongerThanPassCoresColumnIsStoredCutAtItsLastWordWithinTheWidth() {
        String doi = Fixtures.newDoi();
        String title = "Proceedings of the Symposium ".repeat(10) + "x".repeat(10);
        Upstreams.work(upstream, doi, Fixtures.work(doi, title, "print:5555-6662"));

        long id = Long.parseLong(Api.journal(doi).then().statusCode(200).extract().jsonPath().getString("journal-id"));

        String stored = rows("SELECT journalname FROM pass_journal WHERE id = " + id).get(0);
        assertThat(title).hasSize(300);
        assertThat(stored).hasSizeLessThanOrEqualTo(255).isEqualTo(title.substring(0, stored.length()))
                .endsWith("Proceedings of the").isEqualTo(String.join("", Collections.nCopies(8, "Proceedings of the Symposium "))
                        + "Proceedings of the");
    }

    @Test
    void theManuscriptsOfADoiAreAnsweredAndSharedThroughTheOwnersCoordinationTables() {
        String doi = Fixtures.newDoi();
        Upstreams.answer(upstream, "manuscript", doi, Upstreams.json(Fixtures.text("oa-record.json")));

        Api.manuscript(doi).then().statusCode(200).extract().jsonPath().getList("manuscripts");

        // the answer is shared by a statement after the call, which no client waits for
        Awaitility.await().atMost(Duration.ofSeconds(10))
                .until(() -> passCore.count("SELECT count(*) FROM doi_answer WHERE doi_key = lower('" + doi + "')") == 1);
    }

    private List<String> rows(String sql) {
        return passCore.rows(sql);
    }
}
