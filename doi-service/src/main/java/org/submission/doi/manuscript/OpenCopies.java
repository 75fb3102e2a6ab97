package org.submission.doi.manuscript;

import java.util.List;
import java.util.Objects;

/**
 * The open-access copies of an article, the best first, its open-access status and its
 * publication day ({@code YYYY-MM-DD}; each null when unknown). Kept as JSON in the shared cache, named as in the answer, so that pods of the
 * version before and after a change of these records read each other's rows.
 */
public record OpenCopies(List<OpenCopy> manuscripts, String oaStatus, String publishedDate) {

    public OpenCopies {
        // a row the shared cache cannot read as this record is asked for again, not answered empty
        Objects.requireNonNull(manuscripts, "manuscripts");
    }

    static OpenCopies none() {
        return new OpenCopies(List.of(), null, null);
    }
}
