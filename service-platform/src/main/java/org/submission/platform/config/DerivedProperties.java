package org.submission.platform.config;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Quarkus's own properties derived from an operator's settings ({@code T}, a {@code @ConfigMapping}
 * where their defaults are), instead of property expressions that would repeat each default.
 * Registered as a {@code io.smallrye.config.ConfigSourceFactory} service. Its values are as low as
 * the platform's properties file, so that whatever an operator sets under Quarkus's own names wins.
 * SmallRye's {@code ConfigurableConfigSourceFactory} would read the mapping without Quarkus's
 * converters ({@code 2s}, {@code 1M}), so the mapping is read here with them.
 */
public abstract class DerivedProperties<T> implements ConfigSourceFactory {

    private static final int ORDINAL = 100;

    private final Class<T> settings;

    protected DerivedProperties(Class<T> settings) {
        this.settings = settings;
    }

    /** Quarkus's properties and their values, from the operator's settings. */
    protected abstract Map<String, String> derive(T settings);

    @Override
    public final Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        List<String> profiles = new ArrayList<>(context.getProfiles());
        Collections.reverse(profiles);
        T given = new SmallRyeConfigBuilder().withProfiles(profiles)
                .withSources(new ConfigSourceContext.ConfigSourceContextConfigSource(context))
                .withSources(context.getConfigSources()).addDiscoveredConverters()
                .withMapping(settings).withValidateUnknown(false).build().getConfigMapping(settings);
        return List.of(new PropertiesConfigSource(derive(given), getClass().getSimpleName(), ORDINAL));
    }
}
