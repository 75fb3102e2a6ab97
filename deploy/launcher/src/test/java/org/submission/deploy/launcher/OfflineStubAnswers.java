package org.submission.deploy.launcher;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.client.WireMock;
import java.net.URI;
import java.util.Arrays;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Answers for tests of what an upstream may send or announce, registered on a running offline
 * stub through WireMock's admin API, as a developer adds them to {@code ./run.sh --offline}: each
 * for one DOI, from now on, ahead of the recorded ones.
 */
final class OfflineStubAnswers {

    private final WireMock admin;

    OfflineStubAnswers(OfflineStub stub) {
        URI base = stub.base();
        this.admin = new WireMock(base.getHost(), base.getPort());
    }

    /** Answers {@code body} for the registry work {@code doi}. */
    void answerWork(String doi, String body) {
        answer("/registry/works/", doi, okJson(body));
    }

    /** Answers {@code body} for the registry work {@code doi}, announcing {@code limit} calls per {@code interval} as the registry's rate headers. */
    void announceWork(String doi, String body, String limit, String interval) {
        answer("/registry/works/", doi, okJson(body).withHeader("X-Rate-Limit-Limit", limit)
                .withHeader("X-Rate-Limit-Interval", interval));
    }

    /** Answers {@code body} for the open-access lookup of {@code doi}. */
    void answerLookup(String doi, String body) {
        answer("/oalookup/v2/", doi, okJson(body));
    }

    /** Answers the registry work {@code doi} with a bare {@code status} and {@code Retry-After} (if not null): a failing or pausing upstream. */
    void failWork(String doi, int status, String retryAfter) {
        ResponseDefinitionBuilder answer = aResponse().withStatus(status);
        answer("/registry/works/", doi, retryAfter == null ? answer : answer.withHeader("Retry-After", retryAfter));
    }

    private void answer(String base, String doi, ResponseDefinitionBuilder answer) {
        admin.register(get(urlPathMatching(pathOf(base, doi))).atPriority(1).willReturn(answer));
    }

    /** The DOI's path under {@code base}, its slashes written or escaped, in any case. */
    private static String pathOf(String base, String doi) {
        return "(?i)" + Pattern.quote(base) + Arrays.stream(doi.split("/", -1)).map(Pattern::quote)
                .collect(Collectors.joining("(/|%2f)"));
    }
}
