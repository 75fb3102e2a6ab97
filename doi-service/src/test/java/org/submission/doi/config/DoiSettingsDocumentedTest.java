package org.submission.doi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.submission.platform.testing.SettingsReference;

/** The documented DOI settings are the ones the code reads, with the names and defaults it uses. */
class DoiSettingsDocumentedTest {

    static final Path DOCUMENT = Path.of("README.md");

    private final Map<String, String> code = SettingsReference.defaults(DoiSettings.class, "doi");
    private final Map<String, SettingsReference.Row> documented = SettingsReference.rows(DOCUMENT);

    @Test
    void everySettingTheCodeReadsIsDocumentedWithItsDefault() {
        Map<String, String> expected = new TreeMap<>();
        Map<String, String> found = new TreeMap<>();
        code.forEach((property, value) -> {
            if (!property.equals("doi.product")) {
                expected.put(property, String.valueOf(value));
                SettingsReference.Row row = documented.get(property);
                found.put(property, row == null ? "missing" : String.valueOf(row.defaultValue()));
            }
        });

        assertThat(found).isEqualTo(expected);
    }

    @Test
    void everyDocumentedDoiSettingIsOneTheCodeReads() {
        assertThat(documented.keySet().stream().filter(property -> property.startsWith("doi."))).allMatch(code::containsKey);
    }

    @Test
    void eachDocumentedVariableIsTheOneThatSetsTheProperty() {
        documented.values().stream().filter(row -> row.property().startsWith("doi.")).forEach(row ->
                assertThat(row.variable()).as(row.property()).isEqualTo(EnvironmentNames.NAMES.getOrDefault(row.property(),
                        SettingsReference.environmentName(row.property()))));
    }
}
