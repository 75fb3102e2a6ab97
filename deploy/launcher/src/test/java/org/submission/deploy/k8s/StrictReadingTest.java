package org.submission.deploy.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The reader of rendered manifests refuses what the Kubernetes API would refuse. */
class StrictReadingTest {

    private static final String DEPLOYMENT = """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: app
            spec:
              replicas: 2
              template:
                spec:
                  containers:
                    - name: app
                      image: app:1
            """;

    @Test
    void validObjectIsReadIntoItsApiType() throws Exception {
        Rendered rendered = Rendered.parse(DEPLOYMENT);

        assertThat(rendered.find(Deployment.class, "app")).hasValueSatisfying(d -> assertThat(d.getSpec().getReplicas()).isEqualTo(2));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown field             | 'replicas: 2'        | '  replica: 2'          | replica",
            "misplaced field           | '      image: app:1' | '      imag: app:1'     | imag",
            "wrong value type          | 'replicas: 2'        | 'replicas: two'         | two",
            "wrong apiVersion          | 'apiVersion: apps/v1' | 'apiVersion: v1'       | apiVersion v1",
            "kind outside the list     | 'kind: Deployment'   | 'kind: CronJob'         | CronJob"})
    void invalidObjectIsRefused(String what, String valid, String invalid, String named) {
        String yaml = DEPLOYMENT.replace(valid.strip(), invalid.strip());

        assertThatThrownBy(() -> Rendered.parse(yaml)).hasMessageContaining(named);
    }
}
