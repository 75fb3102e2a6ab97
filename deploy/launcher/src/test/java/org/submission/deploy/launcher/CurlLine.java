package org.submission.deploy.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A printed curl line (-u, -H, -b and the URL, single-quoted) sent with the JDK's client where curl is missing. */
final class CurlLine {

    private static final Pattern WORD = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)");

    private CurlLine() {
    }

    static JsonNode send(String line) throws Exception {
        List<String> words = new ArrayList<>();
        Matcher matcher = WORD.matcher(line);
        while (matcher.find()) {
            words.add(matcher.group(1) != null ? matcher.group(1) : matcher.group(2) != null ? matcher.group(2) : matcher.group(3));
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(words.get(words.size() - 1)));
        for (int i = 1; i < words.size() - 1; i += 2) {
            String value = words.get(i + 1);
            switch (words.get(i)) {
                case "-u" -> request.header("Authorization",
                        "Basic " + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)));
                case "-H" -> request.header(value.substring(0, value.indexOf(':')), value.substring(value.indexOf(':') + 1).strip());
                case "-b" -> request.header("Cookie", value);
                default -> throw new IllegalArgumentException("unexpected curl option " + words.get(i));
            }
        }
        HttpResponse<String> answer = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as("status of %s; body %s", line, answer.body()).isEqualTo(200);
        return new ObjectMapper().readTree(answer.body());
    }
}
