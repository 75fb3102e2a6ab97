package org.submission.schema.rest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import org.submission.schema.store.Json;
import org.submission.platform.error.ApiException;

/**
 * Binds a JSON request body with the service's one JSON configuration ({@link Json}: strict, with
 * bounded depth and lengths). The framework's own reader would answer a body it refuses with a
 * bare "malformed request"; this one says what to change, without the parser's internal wording.
 */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
public class JsonBodyReader implements MessageBodyReader<JsonNode> {

    /**
     * Far above any real blob (a form's few dozen keys, a few thousand authors), far below the
     * 90,000 unknown keys that made the validator build 90,000 failures: each value can fail a
     * schema once, and the validator (everit) builds every failure before the first can be kept.
     */
    public static final int MAX_BLOB_VALUES = 20_000;

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == JsonNode.class;
    }

    @Override
    public JsonNode readFrom(Class<JsonNode> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                             MultivaluedMap<String, String> headers, InputStream body) throws IOException {
        return parse(body);
    }

    /**
     * The metadata blob of a validation: one JSON object. Called on a validation thread, not as a
     * reader on the event loop: parsing a large blob takes long enough to delay other requests.
     */
    public static JsonNode metadataBlob(byte[] body) {
        try {
            if (values(body) > MAX_BLOB_VALUES) {
                throw ApiException.badRequest("The metadata blob holds more than " + MAX_BLOB_VALUES
                        + " JSON values (keys, array elements): send the blob the submission has.");
            }
            JsonNode blob = parse(new ByteArrayInputStream(body));
            if (blob == null || !blob.isObject()) {
                throw ApiException.badRequest("The body must be a JSON object: the metadata blob.");
            }
            return blob;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Counts the values from the parser's tokens, up to just past the limit, before any tree is
     * built: the tree of a refused 979 KB blob held 10 MB until it was counted, enough for the
     * collector to stop the service for a full collection (schema-service/README.md, "Validation").
     */
    private static int values(byte[] body) throws IOException {
        try (JsonParser tokens = Json.MAPPER.createParser(body)) {
            // duplicates are found when the tree is built; detecting them here would hold every key
            tokens.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            int values = 0;
            for (JsonToken token = tokens.nextToken(); token != null && values <= MAX_BLOB_VALUES; token = tokens.nextToken()) {
                if (token.isScalarValue() || token.isStructStart()) {
                    values++;
                }
            }
            return values;
        } catch (JsonProcessingException malformed) {
            throw refusal(malformed);
        }
    }

    private static JsonNode parse(InputStream body) throws IOException {
        try {
            return Json.MAPPER.readTree(body);
        } catch (JsonProcessingException refused) {
            throw refusal(refused);
        }
    }

    private static ApiException refusal(JsonProcessingException refused) {
        if (refused instanceof StreamConstraintsException) {
            return ApiException.badRequest("The JSON body is beyond what this service reads: at most " + Json.MAX_DEPTH
                    + " nested levels, strings and keys of at most " + Json.MAX_STRING_LENGTH
                    + " characters and numbers of at most " + Json.MAX_NUMBER_LENGTH + " digits.");
        }
        JsonLocation at = refused.getLocation();
        return ApiException.badRequest("The body is not valid JSON" + (at == null ? "" : " at line " + at.getLineNr()
                + ", column " + at.getColumnNr()) + ": send one JSON object, without repeated keys or anything after it.");
    }
}
