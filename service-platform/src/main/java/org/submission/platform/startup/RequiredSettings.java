package org.submission.platform.startup;

import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The settings a deployment names as its operator's to give ({@code SUBMISSION_REQUIRED_SETTINGS},
 * a list of environment variables): a service started without one of them stops before Quarkus
 * starts, with one line per missing variable, instead of serving with a demo value or none. The
 * production overlay lists what no one but the institution can know (its name, its policy, the
 * DOI contact address sent to the upstreams), so that nothing of the demo reaches production.
 */
public final class RequiredSettings {

    public static final String VARIABLE = "SUBMISSION_REQUIRED_SETTINGS";
    static final String PROPERTY = "submission.required-settings";

    private RequiredSettings() {
    }

    /** The listed variables that are unset or blank, in the list's order; {@code lookUp} gives a variable's value or null. */
    public static List<String> missing(UnaryOperator<String> lookUp) {
        String list = lookUp.apply(VARIABLE);
        if (blank(list)) {
            return List.of();
        }
        return Arrays.stream(list.split("[,\\s]+")).filter(name -> !name.isEmpty()).distinct()
                .filter(name -> blank(lookUp.apply(name))).toList();
    }

    /**
     * As the service reads its own settings ({@code setting} gives a property's or variable's value, or
     * null): the list from its property (or variable), each listed name as the variable it is.
     */
    public static List<String> missingFrom(UnaryOperator<String> setting) {
        return missing(name -> setting.apply(name.equals(VARIABLE) ? PROPERTY : name));
    }

    /** The line that names a missing variable. */
    public static String line(String variable) {
        return variable + " is not set: this deployment requires it (" + VARIABLE + "); set it in the overlay's config.env";
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
