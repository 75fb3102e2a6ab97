package org.submission.doi.config;

import io.smallrye.config.RelocateConfigSourceInterceptor;
import java.util.Map;

/**
 * The environment names PASS deployments already set for the DOI service, which carry no common
 * prefix, bound to the {@code doi.*} settings ({@link DoiSettings}). A relocation, not a
 * {@code ${NAME:default}} line in application.properties, so that each default stays in one place;
 * where both names are set, the source of higher priority wins (the environment over the file).
 * The one interceptor the services keep: a mapping derives a property's environment name from the
 * property, and SmallRye's relocation is its supported way to give a property a second, unrelated name.
 */
public class EnvironmentNames extends RelocateConfigSourceInterceptor {

    /** Each setting and the environment name that sets it. */
    public static final Map<String, String> NAMES = Map.of(
            "doi.mailto", "DOI_SERVICE_MAILTO",
            "doi.registry.base-uri", "REGISTRY_BASEURI",
            "doi.oa-lookup.base-uri", "OALOOKUP_BASEURI",
            "doi.same-doi", "DOI_SERVICE_SAME_DOI",
            "doi.lease-timeout", "DOI_SERVICE_LEASE_TIMEOUT",
            "doi.coordination-timeout", "DOI_SERVICE_COORDINATION_TIMEOUT",
            "doi.crossref-plus-token", "DOI_SERVICE_CROSSREF_PLUS_TOKEN");

    public EnvironmentNames() {
        super(NAMES);
    }
}
