package org.submission.shared.model;

import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;

/** A target repository; {@code schemas} lists the URIs of its metadata schemas, in order. */
@Entity
@Table(name = "pass_repository")
public class Repository extends PassEntity {

    public String name;
    public String description;
    public String repositoryKey;
    public String integrationType;
    public String agreementText;

    @Convert(converter = CommaJoinedList.class)
    public List<String> schemas = new ArrayList<>();
}
