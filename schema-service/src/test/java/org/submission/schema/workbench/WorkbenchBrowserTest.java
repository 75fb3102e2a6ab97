package org.submission.schema.workbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.submission.platform.testing.Requests.backend;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.TestData;
import org.submission.schema.rest.SchemaResourceTest;
import org.submission.schema.store.Json;

/**
 * The workbench page in headless Chromium, as an author uses it: the bundled PubMed Central and
 * Example Scholarship repositories (10 and 12, whose schemas merge), the form filled and validated
 * on the server, and drafts uploaded as files. Screenshots of the form, the field error and the
 * conflict are left in {@code target/workbench-screenshots/}.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkbenchBrowserTest {

    @TestHTTPResource("/schemaservice/workbench")
    URL page;

    @Inject
    DataSource dataSource;

    private HeadlessChromium chromium;

    @BeforeAll
    void startChromium() throws Exception {
        chromium = HeadlessChromium.start(Map.of("X-Proxy-Secret", Requests.PROXY_SECRET, "Eppn", "author@example.edu"));
    }

    @AfterAll
    void stopChromium() throws Exception {
        if (chromium != null) {
            chromium.close();
        }
    }

    /** Each test starts from a freshly loaded page: no draft or choice of another test stays. */
    @BeforeEach
    void seedAndLoad() {
        TestData.replaceWith(dataSource, SchemaResourceTest.SEED);
        chromium.driver().get(page.toString());
        chromium.waiting().until(d -> d.findElements(By.cssSelector("input[name=repository]")).size() >= 2);
    }

    @Test
    void theFormOfTwoMergingRepositoriesHasTheFieldsOrderAndRequiredMarkersOfTheSurveyJsGeneration() throws Exception {
        preview(List.of("10", "12"));
        JsonNode generated = Json.parse(backend().get("/schemaservice/surveyjs?entityIds=10,12").then().statusCode(200)
                .extract().asByteArray());
        List<String> expected = new ArrayList<>();
        generated.get("elements").forEach(q -> expected.add(q.get("name").asText()
                + (requiredOnAnEmptyForm(q) ? " *" : "")));

        assertThat(renderedQuestions()).containsExactlyElementsOf(expected);
        assertThat(text("problems-box")).isEmpty();
        scrollTo(chromium.driver().findElement(By.id("form-heading")));
        chromium.screenshot("form");
    }

    @Test
    void theServersFieldErrorIsShownAtItsFieldThenTheAnswersValidate() throws Exception {
        preview(List.of("10", "12"));
        type("title", "On yeast");
        type("journal-title", "Journal of Experimental Biology");
        type("journal-NLMTA-ID", "J Exp Biol");

        click("validate");
        WebElement authors = question("authors");
        chromium.waiting().until(d -> authors.getText().contains("required key [authors] not found"));
        assertThat(text("validation-errors")).contains("/authors: required key [authors] not found");
        scrollTo(authors);
        chromium.screenshot("field-error");

        authors.findElement(By.cssSelector(".sd-paneldynamic__add-btn")).click();
        WebElement author = chromium.waiting().until(d -> authors.findElement(By.cssSelector("[data-name='author'] input")));
        author.sendKeys("Ada Lovelace");
        click("validate");
        chromium.waiting().until(ExpectedConditions.textToBe(By.id("validation"), "Valid: the service accepts these answers."));
        assertThat(authors.getText()).doesNotContain("required key");
    }

    @Test
    void anUploadedDraftThatConflictsShowsThePointerOfTheConflict() throws Exception {
        Path draft = draftFile("conflict.json", """
                {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://submission.example.org/schemas/drafts/conflict.json",
                 "type": "object", "definitions": {"form": {"type": "object", "properties": {"volume": {"type": "string"}}},
                 "options": {"fields": ["volume"]}}}""");
        upload(draft);
        preview(List.of("10", "12"));

        chromium.waiting().until(d -> !text("problems").isEmpty());
        assertThat(text("problems")).contains("Type conflict at /definitions/options/fields: object vs array");
        assertThat(chromium.driver().findElements(By.cssSelector("#problems .pointer")))
                .extracting(WebElement::getText).contains("/definitions/options/fields");
        scrollTo(chromium.driver().findElement(By.id("problems-box")));
        chromium.screenshot("conflict");
    }

    @Test
    void markupInADraftsTitlesDescriptionsAndChoicesIsShownAsText() throws Exception {
        String markup = "<script>document.title='pwned'</script><img src=x onerror=\\\"document.title='pwned'\\\">";
        Path draft = draftFile("markup.json", """
                {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://submission.example.org/schemas/drafts/markup.json",
                 "type": "object", "definitions": {"form": {"type": "object", "properties": {
                   "volume": {"type": "string", "title": "%1$s", "description": "%1$s"},
                   "issue": {"type": "string", "title": "Issue", "enum": ["%1$s", "plain"]}}}}}""".formatted(markup));
        upload(draft);
        preview(List.of());

        WebElement volume = question("volume");
        assertThat(volume.getText()).contains("<script>document.title='pwned'</script>");
        assertThat(chromium.driver().findElements(By.cssSelector("#survey img, #survey script"))).isEmpty();
        assertThat(chromium.driver().getTitle()).isEqualTo("Schema workbench");
        assertThat(chromium.driver().getPageSource()).doesNotContain("<img src=\"x\"");
    }

    /** The policy allows scripts from the service only: nothing inline, no eval, and the form still works under it. */
    @Test
    void thePageNeedsNeitherInlineScriptNorEval() throws Exception {
        chromium.console();
        preview(List.of("10", "12"));
        question("title");
        assertThat(chromium.console()).noneMatch(message -> message.contains("script-src") || message.contains("unsafe-eval"));
    }

    private void preview(List<String> repositories) {
        for (String id : repositories) {
            chromium.driver().findElement(By.cssSelector("input[name=repository][value='" + id + "']")).click();
        }
        click("preview");
        chromium.waiting().until(d -> !text("status").equals("Previewing…") && !text("status").isEmpty());
    }

    /** The page's questions as rendered: each top-level question's name, and " *" where its own title shows the required mark. */
    @SuppressWarnings("unchecked")
    private List<String> renderedQuestions() {
        chromium.waiting().until(d -> !d.findElements(By.cssSelector("#survey .sd-question")).isEmpty());
        return (List<String>) ((JavascriptExecutor) chromium.driver()).executeScript("""
                return Array.from(document.querySelectorAll('#survey .sd-question[data-name]'))
                  .filter(q => !q.parentElement.closest('.sd-question'))
                  .map(q => q.dataset.name + (Array.from(q.querySelectorAll('.sd-question__required-text'))
                    .some(mark => mark.closest('.sd-question') === q && mark.textContent.trim() === '*') ? ' *' : ''));""");
    }

    /** The generated expressions are "{key} empty" clauses joined with "or" (true on an empty form) or "{key} notempty". */
    private static boolean requiredOnAnEmptyForm(JsonNode question) {
        if (question.path("isRequired").asBoolean()) {
            return true;
        }
        String condition = question.path("requiredIf").asText("");
        return Arrays.stream(condition.split(" or ")).anyMatch(c -> c.trim().endsWith("} empty"));
    }

    private WebElement question(String name) {
        return chromium.waiting().until(d -> d.findElement(By.cssSelector("#survey .sd-question[data-name='" + name + "']")));
    }

    private void type(String name, String value) {
        question(name).findElement(By.cssSelector("input, textarea")).sendKeys(value);
    }

    private void click(String id) {
        chromium.driver().findElement(By.id(id)).click();
    }

    private String text(String id) {
        return chromium.driver().findElement(By.id(id)).getText();
    }

    private void scrollTo(WebElement element) {
        ((JavascriptExecutor) chromium.driver()).executeScript("arguments[0].scrollIntoView({block: 'center'})", element);
    }

    private void upload(Path file) {
        chromium.driver().findElement(By.id("draft-files")).sendKeys(file.toAbsolutePath().toString());
        chromium.waiting().until(d -> text("drafts").contains("drafts/" + file.getFileName()));
    }

    private static Path draftFile(String name, String text) throws Exception {
        Path folder = Files.createDirectories(Path.of("target", "workbench-drafts"));
        return Files.writeString(folder.resolve(name), text);
    }
}
