package org.submission.shared.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommaJoinedListTest {

    private final CommaJoinedList converter = new CommaJoinedList();

    @Test
    void emptyListIsStoredAsNull() {
        assertThat(converter.convertToDatabaseColumn(List.of())).isNull();
    }

    @Test
    void nullAndBlankColumnsReadAsEmptyLists() {
        assertThat(converter.convertToEntityAttribute(null)).isEmpty();
        assertThat(converter.convertToEntityAttribute("")).isEmpty();
        assertThat(converter.convertToEntityAttribute(" , ")).isEmpty();
    }

    @Test
    void singleValueRoundTrips() {
        assertThat(converter.convertToEntityAttribute(converter.convertToDatabaseColumn(List.of("admin"))))
                .containsExactly("admin");
    }

    @Test
    void piecesAreTrimmedAndKeepTheirOrder() {
        assertThat(converter.convertToEntityAttribute("b@x.edu, a@x.edu,,c"))
                .containsExactly("b@x.edu", "a@x.edu", "c");
    }
}
