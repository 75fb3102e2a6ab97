package org.submission.shared.model;

import jakarta.persistence.Entity;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;

/** A funder's or the institution's deposit policy and the repositories that satisfy it. */
@Entity
@Table(name = "pass_policy")
public class Policy extends PassEntity {

    public String title;
    public String description;

    @ManyToMany
    @JoinTable(name = "pass_policy_repositories",
            joinColumns = @JoinColumn(name = "policy_id"),
            inverseJoinColumns = @JoinColumn(name = "repositories_id"))
    public List<Repository> repositories = new ArrayList<>();
}
