package org.submission.shared.model;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

@Entity
@Table(name = "pass_grant")
public class Grant extends PassEntity {

    @Column(name = "awardnumber")
    public String awardNumber;

    @Column(name = "localkey")
    public String localKey;

    @Column(name = "projectname")
    public String projectName;

    @Column(name = "awardstatus")
    public String awardStatus;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "primaryfunder_id")
    public Funder primaryFunder;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "directfunder_id")
    public Funder directFunder;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "pi_id")
    public PassUser pi;
}
