package org.submission.shared.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.sql.DataSource;
import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.shared.seed.SeedOnStart;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.TestData;

/** The entities read and write the PASS layout exactly (rows checked through plain SQL). */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class EntityMappingTest {

    @Inject
    Mutiny.SessionFactory sessions;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void demoData() {
        TestData.replaceWith(dataSource, SeedOnStart.demoData());
    }

    private <T> T inTransaction(Function<Mutiny.Session, io.smallrye.mutiny.Uni<T>> work) {
        return sessions.withTransaction((session, tx) -> work.apply(session)).await().indefinitely();
    }

    @Test
    void submissionReadsEveryRelation() {
        Submission submission = inTransaction(s -> s.createQuery(
                        "select distinct s from Submission s left join fetch s.submitter left join fetch s.grants g"
                                + " left join fetch g.primaryFunder pf left join fetch pf.policy left join fetch g.directFunder"
                                + " where s.id = 60", Submission.class).getSingleResult()
                .call(x -> Mutiny.fetch(x.effectivePolicies)).call(x -> Mutiny.fetch(x.preparers))
                .call(x -> Mutiny.fetch(x.repositories)));

        assertThat(submission.submitter.username).isEqualTo("alice@example.edu");
        assertThat(submission.submitter.affiliation).containsExactly("FACULTY@example.edu");
        assertThat(submission.grants).extracting(g -> g.primaryFunder.name)
                .containsExactlyInAnyOrder("National Institutes of Health", "National Science Foundation");
        assertThat(submission.grants).extracting(g -> g.directFunder.id).containsExactlyInAnyOrder(30L, 32L);
        assertThat(submission.effectivePolicies).extracting(p -> p.id).containsExactlyInAnyOrder(20L, 21L, 22L);
        assertThat(submission.preparers).extracting(u -> u.username).containsExactly("paul@partner.org");
        assertThat(submission.repositories).extracting(r -> r.name).contains("Example Scholarship");
        assertThat(submission.metadata).contains("\"DOI\"");
        assertThat(submission.submitted).isFalse();
        assertThat(submission.version).isEqualTo(1L);
    }

    @Test
    void policyRepositoriesAndSchemaOrderAreRead() {
        Policy policy = inTransaction(s -> s.find(Policy.class, 20L).call(p -> Mutiny.fetch(p.repositories)));

        assertThat(policy.title).isEqualTo("NIH Public Access Policy");
        assertThat(policy.repositories).singleElement().satisfies(r -> assertThat(r.schemas).containsExactly(
                "https://submission.example.org/schemas/pass/common.json",
                "https://submission.example.org/schemas/pass/pmc.json"));
    }

    @Test
    void userWithEmptyAndSingleValuedListsRoundTrips() {
        PassUser user = new PassUser();
        user.username = "new@example.edu";
        user.roles = new ArrayList<>(List.of("submitter"));
        user.locatorIds = new ArrayList<>(List.of("example.edu:eppn:new", "example.edu:hopkinsid:X1"));
        Long id = inTransaction(s -> s.persist(user).replaceWith(() -> user.id));

        assertThat(column("SELECT roles FROM pass_user WHERE id = " + id)).isEqualTo("submitter");
        assertThat(column("SELECT affiliation FROM pass_user WHERE id = " + id)).isNull();
        assertThat(column("SELECT count(*) FROM pass_user_locators WHERE user_id = " + id)).isEqualTo("2");
        PassUser read = inTransaction(s -> s.find(PassUser.class, id).call(u -> Mutiny.fetch(u.locatorIds)));
        assertThat(read.affiliation).isEmpty();
        assertThat(read.roles).containsExactly("submitter");
        assertThat(read.locatorIds).containsExactlyInAnyOrder("example.edu:eppn:new", "example.edu:hopkinsid:X1");
    }

    @Test
    void newJournalTakesItsIdFromTheGlobalSequenceAndStoresTypedIssns() {
        Journal journal = new Journal();
        journal.journalName = "Journal of Tests";
        journal.issns = new ArrayList<>(List.of("Print:1234-5678", ":8765-4321"));
        Long id = inTransaction(s -> s.persist(journal).replaceWith(() -> journal.id));

        assertThat(id).isGreaterThan(62L);
        assertThat(column("SELECT string_agg(issns, ' ' ORDER BY issns) FROM pass_journal_issns WHERE journal_id = " + id))
                .isEqualTo(":8765-4321 Print:1234-5678");
    }

    private String column(String sql) {
        try (Connection connection = dataSource.getConnection();
             ResultSet rs = connection.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
