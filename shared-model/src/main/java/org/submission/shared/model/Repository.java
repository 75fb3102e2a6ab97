package org.submission.shared.model;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;

/** A target repository; {@code schemas} lists the URIs of its metadata schemas, in order. */
@Entity
@Table(name = "pass_repository")
public class Repository extends PassEntity {

    @Column(name = "name")
    public String name;

    @Column(name = "description")
    public String description;

    @Column(name = "repositorykey")
    public String repositoryKey;

    @Column(name = "integrationtype")
    public String integrationType;

    @Column(name = "agreementtext")
    public String agreementText;

    @Convert(converter = CommaJoinedList.class)
    @Column(name = "schemas")
    public List<String> schemas = new ArrayList<>();
}
