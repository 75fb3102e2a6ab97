package org.submission.platform.security;

import java.util.Set;
import org.submission.shared.model.PassUser;

/**
 * Who is calling: a backend account, or a person with (when PASS knows them) their User record.
 * {@code roles} are the person's PASS roles; {@code affiliations} are the User's affiliations
 * plus those the authenticating proxy sent.
 */
public record Caller(String principal, boolean backend, PassUser user, Set<String> roles, Set<String> affiliations) {

    public boolean admin() {
        return roles.contains(PassUser.ROLE_ADMIN);
    }

    public Long userId() {
        return user == null ? null : user.id;
    }
}
