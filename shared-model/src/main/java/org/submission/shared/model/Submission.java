package org.submission.shared.model;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** A submission; {@code metadata} holds the flat JSON metadata blob as a string. */
@Entity
@Table(name = "pass_submission")
public class Submission extends PassEntity {

    public String metadata;

    @ManyToOne(fetch = FetchType.LAZY)
    public PassUser submitter;

    public Boolean submitted;
    public String submissionStatus;
    public String source;
    public Long version;
    public LocalDateTime submittedDate;

    @ManyToMany
    @JoinTable(name = "pass_submission_grants",
            joinColumns = @JoinColumn(name = "submission_id"),
            inverseJoinColumns = @JoinColumn(name = "grants_id"))
    public List<Grant> grants = new ArrayList<>();

    @ManyToMany
    @JoinTable(name = "pass_submission_effectivepolicies",
            joinColumns = @JoinColumn(name = "submission_id"),
            inverseJoinColumns = @JoinColumn(name = "effectivepolicies_id"))
    public List<Policy> effectivePolicies = new ArrayList<>();

    @ManyToMany
    @JoinTable(name = "pass_submission_preparers",
            joinColumns = @JoinColumn(name = "submission_id"),
            inverseJoinColumns = @JoinColumn(name = "preparers_id"))
    public List<PassUser> preparers = new ArrayList<>();

    @ManyToMany
    @JoinTable(name = "pass_submission_repositories",
            joinColumns = @JoinColumn(name = "submission_id"),
            inverseJoinColumns = @JoinColumn(name = "repositories_id"))
    public List<Repository> repositories = new ArrayList<>();
}
