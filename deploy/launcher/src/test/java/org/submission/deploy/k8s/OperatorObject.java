package org.submission.deploy.k8s;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;

/**
 * An object of a Prometheus operator's CRD, its {@code spec} a record of the fields the manifests
 * use: the fabric8 model has no types for them, and {@link Rendered} reads strictly, so a misspelt
 * field fails as it would on a cluster validating against the CRD. A subclass names its group and
 * version ({@code @Group}, {@code @Version}) and carries
 * {@code @JsonDeserialize(using = JsonDeserializer.None.class)}: HasMetadata routes reading
 * through fabric8's own deserializer, which knows none of them.
 */
abstract class OperatorObject<S> implements HasMetadata {

    private String apiVersion;
    private ObjectMeta metadata;
    private S spec;

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

    /** The kind is the class's name ({@link HasMetadata#getKind()}); {@link Rendered} chose the class by it. */
    public void setKind(String kind) {
        // nothing to keep
    }

    public S getSpec() {
        return spec;
    }

    public void setSpec(S spec) {
        this.spec = spec;
    }
}
