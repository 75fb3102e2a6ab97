package org.submission.deploy.k8s;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Version;
import java.util.List;
import java.util.Map;

/** The Prometheus operator's PrometheusRule (monitoring.coreos.com/v1), as far as the manifests use it. */
@JsonDeserialize(using = JsonDeserializer.None.class)
@Group("monitoring.coreos.com")
@Version("v1")
public class PrometheusRule extends OperatorObject<PrometheusRule.Spec> {

    public record Spec(List<RuleGroup> groups) {
    }

    public record RuleGroup(String name, String interval, List<Rule> rules) {
    }

    public record Rule(String alert, String record, String expr, @JsonProperty("for") String forDuration,
            Map<String, String> labels, Map<String, String> annotations) {
    }
}
