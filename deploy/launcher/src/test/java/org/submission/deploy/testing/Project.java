package org.submission.deploy.testing;

import java.nio.file.Path;

/** Where the checkout is (Surefire passes it; from the module folder it is two levels up). */
public final class Project {

    public static final Path ROOT = Path.of(System.getProperty("project.root", "../..")).toAbsolutePath().normalize();

    private Project() {
    }
}
