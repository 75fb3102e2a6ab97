package org.submission.doi.support;

import jakarta.inject.Inject;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.submission.platform.testing.TestData;

/** {@link FreshUpstreams}, and no records left by an earlier test (runs after the upstream reset). */
public abstract class FreshUpstreamsAndRecords extends FreshUpstreams {

    @Inject
    protected DataSource dataSource;

    @BeforeEach
    protected void clearRecords() {
        TestData.clear(dataSource);
    }
}
