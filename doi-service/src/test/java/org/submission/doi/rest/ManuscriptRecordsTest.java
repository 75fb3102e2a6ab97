package org.submission.doi.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.submission.doi.manuscript.ManuscriptMapper;
import org.submission.doi.manuscript.OpenCopies;
import org.submission.doi.support.Fixtures;

/**
 * The shared cache keeps the service's manuscript list in the shape of the answer, the shape the
 * pods of the version before kept it in, so that both read each other's rows during an update.
 */
class ManuscriptRecordsTest {

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void theServicesManuscriptListIsWrittenInTheAnswersShapeAndReadBack() throws JsonProcessingException {
        OpenCopies copies = ManuscriptMapper.map(Fixtures.json("oa-record.json"));
        String kept = mapper.writeValueAsString(copies);

        assertThat(mapper.readTree(kept)).isEqualTo(mapper.readTree(mapper.writeValueAsString(ManuscriptList.of(copies))));
        assertThat(mapper.readValue(kept, OpenCopies.class)).isEqualTo(copies);
    }
}
