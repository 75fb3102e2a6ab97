package org.submission.platform.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The settings reference (docs/settings.md) against what a module's code reads: each module's test
 * extends this with its service ({@code all} for the platform), what its code reads, and the
 * environment names an interceptor binds. It fails on a setting missing on either side, a default
 * that differs, a variable that does not set the property, or a setting listed under another service.
 */
public abstract class SettingsDocumented {

    private final String service;
    private final Map<String, String> code;
    private final Map<String, String> quarkusValues;
    private final Map<String, String> environmentNames;
    private final List<SettingsReference.Row> rows = SettingsReference.rows(SettingsReference.DOCUMENT);

    protected SettingsDocumented(String service, SettingsInCode code, Map<String, String> environmentNames) {
        this.service = service;
        this.code = code.defaults();
        this.quarkusValues = code.quarkusValues();
        this.environmentNames = environmentNames;
    }

    @Test
    void everySettingTheCodeReadsIsListedUnderItsServiceWithItsDefault() {
        Map<String, String> found = new TreeMap<>();
        code.keySet().forEach(property -> found.put(property, rows.stream()
                .filter(row -> row.service().equals(service) && row.property().equals(property))
                .map(row -> valueOf(row.defaultValue())).findFirst().orElse("missing under " + service)));

        assertThat(found).isEqualTo(code);
    }

    @Test
    void everyListedSettingOfTheServiceIsOneTheCodeReads() {
        assertThat(rows.stream().filter(row -> row.service().equals(service)).map(SettingsReference.Row::property)
                .filter(property -> !property.startsWith("quarkus."))).allMatch(code::containsKey);
    }

    @Test
    void aListedQuarkusSettingHasTheValueThePropertiesFileGivesIt() {
        Map<String, String> found = new TreeMap<>();
        SettingsReference.forService(rows, service).values().stream().filter(row -> quarkusValues.containsKey(row.property()))
                .forEach(row -> found.put(row.property(), valueOf(row.defaultValue())));

        assertThat(found).allSatisfy((property, value) -> assertThat(value).as(property).isEqualTo(quarkusValues.get(property)));
    }

    @Test
    void eachListedVariableIsTheOneThatSetsTheProperty() {
        rows.stream().filter(row -> row.service().equals(service)).forEach(row ->
                assertThat(row.variable()).as(row.property()).isEqualTo(environmentNames.getOrDefault(row.property(),
                        SettingsReference.environmentName(row.property()))));
    }

    private static String valueOf(String documented) {
        return documented == null ? "" : documented;
    }
}
