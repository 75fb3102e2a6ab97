package org.submission.schema.rest;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
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

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == JsonNode.class;
    }

    @Override
    public JsonNode readFrom(Class<JsonNode> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                             MultivaluedMap<String, String> headers, InputStream body) throws IOException {
        try {
            return Json.MAPPER.readTree(body);
        } catch (StreamConstraintsException beyondLimits) {
            throw ApiException.badRequest("The JSON body is beyond what this service reads: at most " + Json.MAX_DEPTH
                    + " nested levels, strings and keys of at most " + Json.MAX_STRING_LENGTH
                    + " characters and numbers of at most " + Json.MAX_NUMBER_LENGTH + " digits.");
        } catch (JsonProcessingException malformed) {
            JsonLocation at = malformed.getLocation();
            throw ApiException.badRequest("The body is not valid JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": send one JSON object, without repeated keys or anything after it.");
        }
    }
}
