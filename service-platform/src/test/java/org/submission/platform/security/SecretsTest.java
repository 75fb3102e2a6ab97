package org.submission.platform.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SecretsTest {

    @Test
    void eitherOfTwoConfiguredSecretsMatchesAndNothingElse() {
        List<String> accepted = Secrets.configured(Optional.of("current"), Optional.of("next"));

        assertThat(Secrets.oneOf("current", accepted)).isTrue();
        assertThat(Secrets.oneOf("next", accepted)).isTrue();
        assertThat(Secrets.oneOf("curren", accepted)).isFalse();
        assertThat(Secrets.oneOf("", accepted)).isFalse();
        assertThat(Secrets.oneOf(null, accepted)).isFalse();
    }

    @Test
    void anUnsetOrEmptyNextSecretIsNoSecret() {
        assertThat(Secrets.configured(Optional.of("current"), Optional.of(""))).containsExactly("current");
        assertThat(Secrets.configured(Optional.empty(), Optional.empty())).isEmpty();
        assertThat(Secrets.oneOf("", Secrets.configured(Optional.of("current"), Optional.of("")))).isFalse();
    }
}
