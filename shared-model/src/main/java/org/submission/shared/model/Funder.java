package org.submission.shared.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

@Entity
@Table(name = "pass_funder")
public class Funder extends PassEntity {

    @Column(name = "name")
    public String name;

    @Column(name = "localkey")
    public String localKey;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "policy_id")
    public Policy policy;
}
