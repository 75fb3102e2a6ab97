package org.submission.platform.testing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import io.smallrye.config.WithParentName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The settings a module's code reads, each with its default (null: none): the properties of its
 * {@code @ConfigMapping} interfaces as SmallRye Config names them ({@code @WithDefault}), its
 * {@code @ConfigProperty} injection points ({@link InjectionPoints}), the expressions and own keys of
 * its properties file, and the look-ups a test names. A value the properties file gives a setting is
 * its default, since the file is read before any code default.
 */
public final class SettingsInCode {

    /** Keys of these prefixes are read at build time to write manifests and images, never by a running service. */
    private static final List<String> BUILD_TIME = List.of("quarkus.kubernetes.", "quarkus.jib.", "quarkus.container-image.");
    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([^:}]+):([^}]*)}");

    private final Map<String, String> read = new TreeMap<>();
    private final Map<String, String> set = new TreeMap<>();
    private final Map<String, String> quarkusValues = new TreeMap<>();
    private final Set<String> excepted = new TreeSet<>();

    /** Every {@code @ConfigMapping} interface and {@code @ConfigProperty} injection point under a classes folder. */
    public SettingsInCode classes(Path folder) {
        // the mappings' own defaults first: a @ConfigProperty without one does not hide them
        for (Class<?> type : InjectionPoints.classes(folder)) {
            ConfigMapping mapping = type.getAnnotation(ConfigMapping.class);
            if (mapping != null) {
                walk(type, mapping.prefix());
            }
        }
        InjectionPoints.in(folder).forEach(this::readsIfUnset);
        return this;
    }

    /** The expressions ({@code ${name:default}}) and own keys of a properties file, which it sets. */
    public SettingsInCode properties(Path file) {
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(file)) {
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        properties.stringPropertyNames().stream().sorted().forEach(key -> {
            String value = properties.getProperty(key);
            if (BUILD_TIME.stream().noneMatch(key::startsWith)) {
                EXPRESSION.matcher(value).results().filter(found -> !found.group(1).startsWith("quarkus."))
                        .forEach(found -> readsIfUnset(found.group(1), found.group(2)));
            }
            (key.startsWith("quarkus.") ? quarkusValues : set).put(key, value);
        });
        return this;
    }

    /** A setting read another way (an interceptor, a look-up at start). */
    public SettingsInCode reads(String property, String defaultValue) {
        readsIfUnset(property, defaultValue);
        return this;
    }

    /** Leaves out a value the code reads that no operator sets (a service's own name, a derived value). */
    public SettingsInCode except(String property) {
        excepted.add(property);
        return this;
    }

    /** Each setting and its default ("" for none): what the properties file sets, else the code's default. */
    public Map<String, String> defaults() {
        Map<String, String> defaults = new TreeMap<>(read);
        defaults.putAll(set);
        defaults.replaceAll((property, value) -> quarkusValues.getOrDefault(property, value));
        defaults.keySet().removeAll(excepted);
        return defaults;
    }

    /** The Quarkus settings the properties file gives a value, which a documented default must state. */
    public Map<String, String> quarkusValues() {
        return quarkusValues;
    }

    private void readsIfUnset(String property, String defaultValue) {
        read.merge(property, defaultValue == null ? "" : defaultValue, (old, added) -> old.isEmpty() ? added : old);
    }

    private void walk(Class<?> group, String prefix) {
        Method[] methods = group.getMethods();
        Arrays.sort(methods, (a, b) -> a.getName().compareTo(b.getName()));
        for (Method method : methods) {
            if (method.getParameterCount() > 0 || method.isDefault() || method.getDeclaringClass() == Object.class) {
                continue;
            }
            WithName named = method.getAnnotation(WithName.class);
            // a group of the parent's prefix (@WithParentName) adds no name of its own
            boolean parentName = method.isAnnotationPresent(WithParentName.class);
            String property = parentName ? prefix : prefix + "." + (named != null ? named.value() : kebab(method.getName()));
            Class<?> type = method.getReturnType();
            if (Map.class.isAssignableFrom(type)) {
                readsIfUnset(property + ".<name>", null);
            } else if (type.isInterface() && (type.getEnclosingClass() != null || parentName) && type != Optional.class) {
                walk(type, property);
            } else {
                WithDefault value = method.getAnnotation(WithDefault.class);
                readsIfUnset(property, value == null ? null : value.value());
            }
        }
    }

    private static String kebab(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }
}
