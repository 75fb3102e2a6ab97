package org.submission.policy.service;

import java.util.List;
import java.util.Map;

/** One repository to deposit into; {@code reasons} only with {@code explain=true}. */
public record RepositoryEntry(String url, boolean selected, List<Map<String, String>> reasons) {
}
