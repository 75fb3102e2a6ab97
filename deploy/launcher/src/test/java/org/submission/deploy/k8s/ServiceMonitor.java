package org.submission.deploy.k8s;

import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Version;
import java.util.List;

/** The Prometheus operator's ServiceMonitor (monitoring.coreos.com/v1), as far as the manifests use it. */
@JsonDeserialize(using = JsonDeserializer.None.class)
@Group("monitoring.coreos.com")
@Version("v1")
public class ServiceMonitor extends OperatorObject<ServiceMonitor.Spec> {

    public record Spec(LabelSelector selector, List<Endpoint> endpoints, String jobLabel) {
    }

    public record Endpoint(String port, String path, String scheme, String interval, String scrapeTimeout) {
    }
}
