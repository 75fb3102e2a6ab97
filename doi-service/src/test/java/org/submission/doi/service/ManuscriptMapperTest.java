package org.submission.doi.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.submission.doi.support.Fixtures;

class ManuscriptMapperTest {

    @Test
    void mapsLocationsWithAPdfBestFirstAndSkipsANullPdfUrl() {
        ManuscriptList list = ManuscriptMapper.map(Fixtures.json("oa-record.json"));

        assertThat(list.manuscripts()).containsExactly(
                new Manuscript("https://scholarship.example.edu/bitstream/handle/1774.2/5512/Accepted%20Manuscript.pdf?sequence=1",
                        "Example University - Example Scholarship", "application/pdf", "Unpaywall", "Accepted Manuscript.pdf", true),
                new Manuscript("https://europepmc.example.org/articles/pmc9990412?pdf=render",
                        "PubMed Central - Europe PMC", "application/pdf", "Unpaywall", "pmc9990412", false));
    }

    @Test
    void mergesDuplicateUrlsKeepingTheBestMark() {
        ManuscriptList list = ManuscriptMapper.map(Fixtures.parse("""
                {"oa_locations": [
                  {"url_for_pdf": "https://a.example.org/x.pdf", "is_best": false, "repository_institution": "A"},
                  {"url_for_pdf": "https://b.example.org/y.pdf"},
                  {"url_for_pdf": "https://a.example.org/x.pdf", "is_best": true, "repository_institution": "A again"}
                ]}"""));

        assertThat(list.manuscripts()).extracting(Manuscript::url, Manuscript::repositoryLabel, Manuscript::isBest)
                .containsExactly(
                        tuple("https://a.example.org/x.pdf", "A", true),
                        tuple("https://b.example.org/y.pdf", null, false));
    }

    @Test
    void toleratesMissingAndNullKeys() {
        ManuscriptList list = ManuscriptMapper.map(Fixtures.parse("""
                {"oa_locations": [
                  {},
                  null,
                  {"url_for_pdf": 42},
                  {"url_for_pdf": "https://c.example.org/z", "is_best": null, "repository_institution": null},
                  {"url_for_pdf": "https://d.example.org/w", "is_best": "yes", "repository_institution": {"name": "x"}}
                ]}"""));

        assertThat(list.manuscripts()).containsExactly(
                new Manuscript("https://c.example.org/z", null, "application/pdf", "Unpaywall", "z", false),
                new Manuscript("https://d.example.org/w", null, "application/pdf", "Unpaywall", "w", false));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "javascript:alert(1)", "JavaScript:alert(1)", "data:application/pdf;base64,JVBERi0=", "/files/paper.pdf",
        "files/paper.pdf", "//other.example.org/paper.pdf", "ftp://x.example.org/paper.pdf", "https://",
        "https:///paper.pdf", " https://x.example.org/paper.pdf", "https://x.example.org/a\tb.pdf",
    })
    void dropsEntriesWhosePdfUrlIsNotAnAbsoluteWebUrl(String url) {
        ObjectNode record = Fixtures.JSON.createObjectNode();
        record.putArray("oa_locations")
                .add(Fixtures.JSON.createObjectNode().put("url_for_pdf", url).put("is_best", true))
                .add(Fixtures.JSON.createObjectNode().put("url_for_pdf", "HTTPS://x.example.org/kept.pdf"));

        assertThat(ManuscriptMapper.map(record).manuscripts()).extracting(Manuscript::url)
                .containsExactly("HTTPS://x.example.org/kept.pdf");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "PubMed Central - Europe PMC|PubMed Central - Europe PMC",
        "<b>Europe</b> PMC<script>alert(1)</script>|Europe PMC",
        "<img src=x onerror=alert(1)>Archive|Archive",
        "R&amp;D <i>Repository</i>|R&D Repository",
        "AT&T Archive|AT&T Archive",
    })
    void labelsArePlainText(String label, String text) {
        ObjectNode record = Fixtures.JSON.createObjectNode();
        record.putArray("oa_locations").addObject()
                .put("url_for_pdf", "https://x.example.org/paper.pdf").put("repository_institution", label);

        assertThat(ManuscriptMapper.map(record).manuscripts()).extracting(Manuscript::repositoryLabel).containsExactly(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}", "{\"oa_locations\": null}", "{\"oa_locations\": {}}", "{\"oa_locations\": \"x\"}", "{\"oa_locations\": []}"})
    void answersNoEntriesWithoutLocations(String record) {
        assertThat(ManuscriptMapper.map(Fixtures.parse(record)).manuscripts()).isEmpty();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "https://journals.example.org/doi/pdf/10.4137/CMC.S38446|CMC.S38446",
        "https://europepmc.org/articles/pmc5072460?pdf=render|pmc5072460",
        "https://x.example.org/files/paper.pdf#page=2|paper.pdf",
        "https://x.example.org/files/My%20Paper%C3%A9.pdf|My Paperé.pdf",
        "https://x.example.org/files/a+b.pdf|a+b.pdf",
        "https://x.example.org/files/bad%zz.pdf|bad%zz.pdf",
        "https://x.example.org/dir/sub//|sub",
        "https://x.example.org/dir/..|dir",
        "https://x.example.org/|manuscript.pdf",
        "https://x.example.org|manuscript.pdf",
        "https://x.example.org?x=/a/b|manuscript.pdf",
        "not a url|not a url",
    })
    void namesTheFileAfterTheLastPathSegment(String url, String name) {
        assertThat(ManuscriptMapper.fileName(url)).isEqualTo(name);
    }
}
