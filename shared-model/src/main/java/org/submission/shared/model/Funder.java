package org.submission.shared.model;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

@Entity
@Table(name = "pass_funder")
public class Funder extends PassEntity {

    public String name;
    public String localKey;

    @ManyToOne(fetch = FetchType.LAZY)
    public Policy policy;
}
