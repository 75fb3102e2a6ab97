package org.submission.shared.model;

import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.LocalDateTime;

@Entity
@Table(name = "pass_grant")
public class Grant extends PassEntity {

    public String awardNumber;
    public String localKey;
    public String projectName;
    public String awardStatus;
    public LocalDateTime awardDate;
    public LocalDateTime startDate;
    public LocalDateTime endDate;

    @ManyToOne(fetch = FetchType.LAZY)
    public Funder primaryFunder;

    @ManyToOne(fetch = FetchType.LAZY)
    public Funder directFunder;

    @ManyToOne(fetch = FetchType.LAZY)
    public PassUser pi;
}
