package org.submission.schema.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Finds a stored document by URI: by its {@code $id} first, else by the URI's last two path
 * segments {@code <institution>/<file>}, so that one document answers to every host and folder
 * layout PASS deployments have used for it. A later entry replaces an earlier one.
 */
final class UriIndex<T> {

    private static final Pattern SCHEME_AND_AUTHORITY = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:(//[^/]*)?");

    private final Map<String, T> byId = new HashMap<>();
    private final Map<String, T> byPath = new HashMap<>();

    /** Adds a document; answers a message for each entry it replaces (for the start-up log). */
    String add(String id, String pathKey, T value, String origin) {
        StringBuilder replaced = new StringBuilder();
        if (id != null && byId.put(id, value) != null) {
            replaced.append("$id ").append(id).append(" is now served from ").append(origin).append("; ");
        }
        if (byPath.put(pathKey, value) != null) {
            replaced.append(pathKey).append(" is now served from ").append(origin);
        }
        return replaced.toString();
    }

    T find(String uri) {
        String document = withoutFragment(uri);
        T hit = byId.get(document);
        if (hit != null) {
            return hit;
        }
        String tail = lastTwoSegments(document);
        return tail == null ? null : byPath.get(tail);
    }

    static String withoutFragment(String uri) {
        int hash = uri.indexOf('#');
        return hash < 0 ? uri : uri.substring(0, hash);
    }

    /** {@code jhu/common.json} for {@code https://host/any/folders/jhu/common.json?x=1}; null when the path is shorter. */
    static String lastTwoSegments(String uri) {
        String path;
        try {
            URI parsed = new URI(uri);
            path = parsed.isOpaque() ? null : parsed.getPath();
        } catch (URISyntaxException e) {
            String rest = SCHEME_AND_AUTHORITY.matcher(uri).replaceFirst("");
            int query = rest.indexOf('?');
            path = query < 0 ? rest : rest.substring(0, query);
        }
        if (path == null) {
            return null;
        }
        String[] segments = path.split("/");
        String file = null;
        String folder = null;
        for (int i = segments.length - 1; i >= 0 && folder == null; i--) {
            if (segments[i].isEmpty()) {
                continue;
            }
            if (file == null) {
                file = segments[i];
            } else {
                folder = segments[i];
            }
        }
        return folder == null ? null : folder + "/" + file;
    }
}
