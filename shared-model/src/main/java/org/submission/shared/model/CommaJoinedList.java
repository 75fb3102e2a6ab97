package org.submission.shared.model;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.ArrayList;
import java.util.List;

/**
 * PASS keeps some string lists (user affiliations and roles, repository schema URIs) as one
 * comma-joined column. Blank pieces are dropped on read; an empty list is stored as NULL.
 */
@Converter
public class CommaJoinedList implements AttributeConverter<List<String>, String> {

    @Override
    public String convertToDatabaseColumn(List<String> values) {
        if (values == null || values.isEmpty()) {
            return null;
        }
        return String.join(",", values);
    }

    @Override
    public List<String> convertToEntityAttribute(String column) {
        List<String> values = new ArrayList<>();
        if (column == null) {
            return values;
        }
        for (String piece : column.split(",")) {
            String value = piece.trim();
            if (!value.isEmpty()) {
                values.add(value);
            }
        }
        return values;
    }
}
