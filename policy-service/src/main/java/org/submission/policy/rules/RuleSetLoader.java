package org.submission.policy.rules;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.submission.policy.config.PolicySettings;

/**
 * A rules file's bytes to a {@link RuleSet}: parsed, its names looked up in one statement,
 * resolved. Fails with {@link org.submission.platform.reload.RejectedFile} for a file it will not take.
 * The same for the mounted file and a dry run's candidate, so both are refused alike.
 */
@ApplicationScoped
public class RuleSetLoader {

    private final RuleDirectoryRepository directory;
    private final String institutionalTitle;

    public RuleSetLoader(RuleDirectoryRepository directory, PolicySettings settings) {
        this.directory = directory;
        this.institutionalTitle = settings.activeInstitution().flatMap(i -> settings.institutionalPolicyTitle()).orElse(null);
    }

    /** Parses on the subscribing thread: subscribe off the event loop. */
    public Uni<RuleSet> load(byte[] content) {
        return Uni.createFrom().item(() -> RulesParser.parse(content))
                .flatMap(document -> directory.load(RuleResolver.names(document), institutionalTitle)
                        .map(found -> RuleResolver.resolve(document, found)));
    }
}
