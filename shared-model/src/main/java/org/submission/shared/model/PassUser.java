package org.submission.shared.model;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Convert;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;

/** A person known to PASS; {@code username} is the principal an authenticating proxy sends. */
@Entity
@Table(name = "pass_user")
public class PassUser extends PassEntity {

    public static final String ROLE_ADMIN = "admin";
    public static final String ROLE_SUBMITTER = "submitter";

    public String username;
    public String firstName;
    public String lastName;
    public String displayName;
    public String email;

    @Convert(converter = CommaJoinedList.class)
    public List<String> affiliation = new ArrayList<>();

    @Convert(converter = CommaJoinedList.class)
    public List<String> roles = new ArrayList<>();

    @ElementCollection
    @CollectionTable(name = "pass_user_locators", joinColumns = @JoinColumn(name = "user_id"))
    public List<String> locatorIds = new ArrayList<>();
}
