package org.submission.doi.config;

import org.eclipse.microprofile.config.spi.Converter;

/**
 * A text setting without its surrounding whitespace, and absent when nothing else is left: a
 * variable set to spaces by a template means "not set", and every user of the setting must see
 * the same value.
 */
public class Trimmed implements Converter<String> {

    @Override
    public String convert(String value) {
        String trimmed = value == null ? "" : value.strip();
        return trimmed.isEmpty() ? null : trimmed;
    }
}
