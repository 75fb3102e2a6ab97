package org.submission.doi.manuscript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.inject.Singleton;
import java.io.UncheckedIOException;
import org.submission.doi.cluster.CallerShare;
import org.submission.doi.cluster.Coordination;
import org.submission.doi.cluster.InFlightGuard;
import org.submission.doi.cluster.SingleFlight;
import org.submission.doi.config.DoiSettings.SameDoi;
import org.submission.doi.config.DoiSettings;
import org.submission.doi.metrics.DoiMetrics;
import org.submission.doi.metrics.MissingFields;
import org.submission.doi.model.Doi;
import org.submission.doi.upstream.OaLookupClient;
import org.submission.platform.error.ApiException;

/**
 * The open-access copies of an article: the lookup service's record for its DOI, one lookup
 * across all pods, mapped to safe copies ({@link ManuscriptMapper}). Identical lookups have no side
 * effect, so a request for a DOI in flight always waits for it, on any pod. A singleton, not a
 * normal scope: the single flight it extends has no client proxy to go through.
 */
@Singleton
public class Manuscripts extends SingleFlight<OpenCopies> {

    private final OaLookupClient oaLookup;
    private final ObjectMapper mapper;
    private final InFlightGuard inFlight;
    private final MissingFields missing;

    Manuscripts(OaLookupClient oaLookup, ObjectMapper mapper, DoiSettings settings, Coordination coordination,
            CallerShare shares, DoiMetrics metrics, MissingFields missing, Vertx vertx) {
        super(OaLookupClient.NAME, oaLookup.pace(), SameDoi.SHARE, settings, coordination, shares, metrics, vertx);
        this.oaLookup = oaLookup;
        this.mapper = mapper;
        this.missing = missing;
        this.inFlight = new InFlightGuard(SameDoi.SHARE, outcome -> metrics.singleFlight(OaLookupClient.NAME, outcome));
    }

    /** The copies answer without waiting for the other pods to see them: a pod asked meanwhile waits for them. */
    public Uni<OpenCopies> manuscripts(Doi doi, String caller) {
        if (!oaLookup.configured()) {
            return Uni.createFrom().failure(ApiException.unavailable(OaLookupClient.NO_MAILTO, OaLookupClient.NO_MAILTO_RETRY_SECONDS));
        }
        return inFlight.run(doi, wanted -> get(doi, caller, wanted, turns -> oaLookup.record(doi, turns).map(record -> record.map(found -> {
                    missing.seen(OaLookupClient.NAME, doi.toString(), ManuscriptMapper.missing(found));
                    return ManuscriptMapper.map(found);
                })))
                .map(found -> found.orElseGet(OpenCopies::none)));
    }

    @Override
    protected String encode(OpenCopies copies) {
        try {
            return mapper.writeValueAsString(copies);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected OpenCopies decode(String body) {
        try {
            return mapper.readValue(body, OpenCopies.class);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Small records: estimated by their text form. */
    @Override
    protected long bytes(OpenCopies copies) {
        return 2L * String.valueOf(copies).length();
    }
}
