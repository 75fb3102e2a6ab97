package org.submission.shared.model;

import jakarta.persistence.CollectionTable;
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

    public String journalName;
    public String nlmta;
    public String pmcParticipation;

    @ElementCollection
    @CollectionTable(name = "pass_journal_issns", joinColumns = @JoinColumn(name = "journal_id"))
    public List<String> issns = new ArrayList<>();
}
