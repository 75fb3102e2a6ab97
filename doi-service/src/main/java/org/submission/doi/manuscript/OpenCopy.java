package org.submission.doi.manuscript;

/**
 * One open-access copy of the article, its values made safe by {@link ManuscriptMapper}: the
 * download URL, the repository's label, the MIME type, the source, a safe file name, whether it is
 * the best copy, and what the lookup says of it (version, host type, licence, landing page, and the
 * day it first became open, {@code YYYY-MM-DD}).
 */
public record OpenCopy(String url, String repositoryLabel, String type, String source, String name, boolean isBest,
                       String version, String hostType, String license, String landingPageUrl, String oaDate) {

    OpenCopy asBest() {
        return new OpenCopy(url, repositoryLabel, type, source, name, true, version, hostType, license, landingPageUrl, oaDate);
    }
}
