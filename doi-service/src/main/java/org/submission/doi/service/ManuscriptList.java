package org.submission.doi.service;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The manuscript answer: open-access copies, the best one first. */
@Schema(description = "Open-access manuscript locations of an article")
public record ManuscriptList(List<Manuscript> manuscripts) {
}
