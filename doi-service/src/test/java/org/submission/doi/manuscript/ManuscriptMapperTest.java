package org.submission.doi.manuscript;

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
        OpenCopies list = ManuscriptMapper.map(Fixtures.json("oa-record.json"));

        assertThat(list.manuscripts()).containsExactly(
                new OpenCopy("https://scholarship.example.edu/bitstream/handle/1774.2/5512/Accepted%20Manuscript.pdf?sequence=1",
                        "Example University - Example Scholarship", "application/pdf", "Unpaywall", "Accepted Manuscript.pdf", true,
                        "acceptedVersion", "repository", null, "https://scholarship.example.edu/handle/1774.2/5512", null),
                new OpenCopy("https://europepmc.example.org/articles/pmc9990412?pdf=render",
                        "PubMed Central - Europe PMC", "application/pdf", "Unpaywall", "pmc9990412", false,
                        "acceptedVersion", "repository", "cc-by", "https://europepmc.example.org/articles/pmc9990412", "2023-07-01"));
        assertThat(list.oaStatus()).isEqualTo("green");
        assertThat(list.publishedDate()).isEqualTo("2023-06-02");
    }

    @Test
    void mergesDuplicateUrlsKeepingTheBestMark() {
        OpenCopies list = ManuscriptMapper.map(Fixtures.parse("""
                {"oa_locations": [
                  {"url_for_pdf": "https://a.example.org/x.pdf", "is_best": false, "repository_institution": "A"},
                  {"url_for_pdf": "https://b.example.org/y.pdf"},
                  {"url_for_pdf": "https://a.example.org/x.pdf", "is_best": true, "repository_institution": "A again"}
                ]}"""));

        assertThat(list.manuscripts()).extracting(OpenCopy::url, OpenCopy::repositoryLabel, OpenCopy::isBest)
                .containsExactly(
                        tuple("https://a.example.org/x.pdf", "A", true),
                        tuple("https://b.example.org/y.pdf", null, false));
    }

    @Test
    void toleratesMissingAndNullKeys() {
        OpenCopies list = ManuscriptMapper.map(Fixtures.parse("""
                {"oa_locations": [
                  {},
                  null,
                  {"url_for_pdf": 42},
                  {"url_for_pdf": "https://c.example.org/z", "is_best": null, "repository_institution": null},
                  {"url_for_pdf": "https://d.example.org/w", "is_best": "yes", "repository_institution": {"name": "x"}}
                ]}"""));

        assertThat(list.manuscripts()).containsExactly(
                new OpenCopy("https://c.example.org/z", null, "application/pdf", "Unpaywall", "z", false, null, null, null, null, null),
                new OpenCopy("https://d.example.org/w", null, "application/pdf", "Unpaywall", "w", false, null, null, null, null, null));
        assertThat(list.oaStatus()).isNull();
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

        assertThat(ManuscriptMapper.map(record).manuscripts()).extracting(OpenCopy::url)
                .containsExactly("HTTPS://x.example.org/kept.pdf");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "PubMed Central - Europe PMC|PubMed Central - Europe PMC",
        "<b>Europe</b> PMC<script>alert(1)</script>|Europe PMC",
        "<img src=x onerror=alert(1)>Archive|Archive",
        "R&amp;D <i>Repository</i>|R&D Repository",
        "AT&T Archive|AT&T Archive",
        "<b>Repo</b>&lt;img src=x onerror=alert(1)&gt;|Repoimg src=x onerror=alert(1)",
        "&lt;script&gt;alert(1)&lt;/script&gt; Archive|scriptalert(1)/script Archive",
        "Tab\u0000bed\tlabel\u0007|Tabbed label",
    })
    void labelsArePlainText(String label, String text) {
        ObjectNode record = Fixtures.JSON.createObjectNode();
        record.putArray("oa_locations").addObject()
                .put("url_for_pdf", "https://x.example.org/paper.pdf").put("repository_institution", label);

        assertThat(ManuscriptMapper.map(record).manuscripts()).extracting(OpenCopy::repositoryLabel).containsExactly(text);
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

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "https://x.example.org/files/x%2F..%2F..%2F..%2Fetc%2Fcron.d%2Fjob.pdf|x_.._.._.._etc_cron.d_job.pdf",
        "https://x.example.org/files/..%5C..%5Cwindows%5Cwin.ini|.._.._windows_win.ini",
        "https://x.example.org/files/y%3Cimg%20src=x%20onerror=alert(1)%3E.pdf|y_img src=x onerror=alert(1)_.pdf",
        "https://x.example.org/files/a%00b%0D%0Ac.pdf|a_b__c.pdf",
        "https://x.example.org/files/report%E2%80%AEfdp.exe|report_fdp.exe",
        "https://x.example.org/files/a%3A%22%7C%3F%2A.pdf|a_____.pdf",
        "https://x.example.org/files/paper.pdf.%20.|paper.pdf",
        "https://x.example.org/files/%2E%2E%2E|manuscript.pdf",
    })
    void namesAreSafeFileNames(String url, String name) {
        assertThat(ManuscriptMapper.fileName(url)).isEqualTo(name);
    }

    @Test
    void aLongNameIsCutToTheCapKeepingItsExtension() {
        String name = ManuscriptMapper.fileName("https://x.example.org/" + "\u00e9".repeat(300) + ".pdf");

        assertThat(name).hasSize(ManuscriptMapper.MAX_NAME).endsWith("\u00e9.pdf");
    }

    @Test
    void entriesCarryTheVersionHostLicenceAndLandingPageAndTheAnswerTheOaStatus() {
        OpenCopies list = ManuscriptMapper.map(Fixtures.parse("""
                {"oa_status": "hybrid", "oa_locations": [
                  {"url_for_pdf": "https://p.example.org/a.pdf", "version": "publishedVersion", "host_type": "publisher",
                   "license": "cc-by-nc", "url_for_landing_page": "https://doi.org/10.1/a", "is_best": true,
                   "evidence": "open (via page says license)", "updated": "2020-01-01", "pmh_id": null, "oa_date": "2020-01-01",
                   "a_field_added_later": {"nested": [1, 2]}},
                  {"url_for_pdf": "https://r.example.org/b.pdf", "version": "acceptedVersion", "host_type": "repository",
                   "license": "publisher-specific, author manuscript", "url_for_landing_page": "https://r.example.org/b"},
                  {"url_for_pdf": "https://r.example.org/c.pdf", "version": "submittedVersion", "host_type": "repository"}
                ], "z_authors": [{"family": "X"}], "journal_is_in_doaj": false}"""));

        assertThat(list.manuscripts()).extracting(OpenCopy::version, OpenCopy::hostType, OpenCopy::license,
                        OpenCopy::landingPageUrl)
                .containsExactly(
                        tuple("publishedVersion", "publisher", "cc-by-nc", "https://doi.org/10.1/a"),
                        tuple("acceptedVersion", "repository", "publisher-specific, author manuscript", "https://r.example.org/b"),
                        tuple("submittedVersion", "repository", null, null));
        assertThat(list.oaStatus()).isEqualTo("hybrid");
    }

    @Test
    void unknownOrUnsafeValuesOfTheNewFieldsAreNull() {
        OpenCopies list = ManuscriptMapper.map(Fixtures.parse("""
                {"oa_status": "<b>gold</b>", "oa_locations": [
                  {"url_for_pdf": "https://p.example.org/a.pdf", "version": "publishedversion", "host_type": "other",
                   "license": "  ", "url_for_landing_page": "javascript:alert(1)"},
                  {"url_for_pdf": "https://p.example.org/b.pdf", "version": 3, "host_type": ["publisher"],
                   "license": {"id": "cc-by"}, "url_for_landing_page": "/relative"}
                ]}"""));

        assertThat(list.manuscripts()).extracting(OpenCopy::version, OpenCopy::hostType, OpenCopy::license,
                        OpenCopy::landingPageUrl)
                .containsOnly(tuple(null, null, null, null));
        assertThat(list.oaStatus()).isNull();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(nullValues = "-", value = {
            "2023-07-01, 2023-07-01", "2023-07-01T10:00:00, 2023-07-01", "2023-02-30, -", "July 2023, -", "20230701, -"})
    void theCopysOpenDayIsADayOrNull(String given, String expected) {
        OpenCopies list = ManuscriptMapper.map(Fixtures.parse("{\"oa_locations\": [{\"url_for_pdf\": \"https://a.example.org/x.pdf\","
                + " \"oa_date\": \"" + given + "\"}]}"));
        assertThat(list.manuscripts().get(0).oaDate()).isEqualTo(expected);
    }
}
