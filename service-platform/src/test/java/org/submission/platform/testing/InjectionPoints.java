package org.submission.platform.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Executable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The classes compiled into a folder, and their {@code @ConfigProperty} injection points. */
final class InjectionPoints {

    private InjectionPoints() {
    }

    /** Every class of the folder, loaded without being initialised. */
    static List<Class<?>> classes(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            List<Class<?>> classes = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = folder.relativize(file).toString().replace(".class", "").replace('/', '.').replace('\\', '.');
                if (!name.endsWith("package-info") && !name.endsWith("module-info")) {
                    classes.add(Class.forName(name, false, InjectionPoints.class.getClassLoader()));
                }
            }
            return classes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("a compiled class is not on the test's class path", e);
        }
    }

    /** Each property injected with {@code @ConfigProperty} in the folder's classes, and its default ("" for none). */
    static Map<String, String> in(Path folder) {
        Map<String, String> points = new LinkedHashMap<>();
        for (Class<?> type : classes(folder)) {
            Stream<Annotation> fields = Arrays.stream(type.getDeclaredFields()).flatMap(f -> Arrays.stream(f.getAnnotations()));
            Stream<Annotation> parameters = Stream.concat(Arrays.stream(type.getDeclaredConstructors()),
                    Arrays.stream(type.getDeclaredMethods())).flatMap(InjectionPoints::parameters);
            Stream.concat(fields, parameters).filter(ConfigProperty.class::isInstance).map(ConfigProperty.class::cast).forEach(property ->
                    points.put(property.name(), property.defaultValue().equals(ConfigProperty.UNCONFIGURED_VALUE)
                            ? "" : property.defaultValue()));
        }
        return points;
    }

    private static Stream<Annotation> parameters(Executable executable) {
        return Arrays.stream(executable.getParameterAnnotations()).flatMap(Arrays::stream);
    }
}
