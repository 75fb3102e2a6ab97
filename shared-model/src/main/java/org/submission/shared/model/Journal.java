package org.submission.shared.model;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * A journal. Each ISSN is stored with its publication type: {@code Print:<issn>},
 * {@code Online:<issn>} or {@code :<issn>} when the type is unknown.
 */
@Entity
@Table(name = "pass_journal")
public class Journal extends PassEntity {

    @Column(name = "journalname")
    public String journalName;

    @Column(name = "nlmta")
    public String nlmta;

    @Column(name = "pmcparticipation")
    public String pmcParticipation;

    @ElementCollection
    @CollectionTable(name = "pass_journal_issns", joinColumns = @JoinColumn(name = "journal_id"))
    @Column(name = "issns")
    public List<String> issns = new ArrayList<>();
}
