package org.submission.deploy.k8s;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Version;
import java.util.List;
import java.util.Map;

/**
 * The Prometheus operator's PrometheusRule (monitoring.coreos.com/v1), as far as the manifests use
 * it; the fabric8 model has no type for it, and {@link Rendered} reads strictly, so a misspelt
 * field fails as it would on a cluster validating against the CRD.
 */
// HasMetadata routes reading through fabric8's own deserializer, which knows no PrometheusRule
@JsonDeserialize(using = JsonDeserializer.None.class)
@Group("monitoring.coreos.com")
@Version("v1")
public class PrometheusRule implements HasMetadata {

    public record Spec(List<RuleGroup> groups) {
    }

    public record RuleGroup(String name, String interval, List<Rule> rules) {
    }

    public record Rule(String alert, String record, String expr, @JsonProperty("for") String forDuration,
            Map<String, String> labels, Map<String, String> annotations) {
    }

    private String apiVersion;
    private String kind;
    private ObjectMeta metadata;
    private Spec spec;

    @Override
    public ObjectMeta getMetadata() {
        return metadata;
    }

    @Override
    public void setMetadata(ObjectMeta metadata) {
        this.metadata = metadata;
    }

    @Override
    public String getApiVersion() {
        return apiVersion;
    }

    @Override
    public void setApiVersion(String apiVersion) {
        this.apiVersion = apiVersion;
    }

    @Override
    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    public Spec getSpec() {
        return spec;
    }

    public void setSpec(Spec spec) {
        this.spec = spec;
    }
}
