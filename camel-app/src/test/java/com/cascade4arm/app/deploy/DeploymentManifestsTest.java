package com.cascade4arm.app.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The deployment files in deploy/ against the application they deploy: Kubernetes manifests parsed as YAML, systemd
 * units and env files parsed as key=value — probes hit /health on the port the gateway listens on, every environment
 * variable is one application.properties reads, images and jar names match the build, secrets stay in Secrets.
 */
class DeploymentManifestsTest {
    private static final Path DEPLOY = Path.of("..", "deploy");
    private static final Path PROPERTIES = Path.of("src", "main", "resources", "application.properties");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern ENV_PLACEHOLDER = Pattern.compile("\\{\\{env:([A-Z0-9_]+)");

    private static List<JsonNode> manifests(String file) throws IOException {
        List<JsonNode> documents = new ArrayList<>();
        try (MappingIterator<JsonNode> it = YAML.readerFor(JsonNode.class).readValues(DEPLOY.resolve("k8s").resolve(file).toFile())) {
            while (it.hasNext()) {
                JsonNode doc = it.next();
                if (doc != null && !doc.isMissingNode() && !doc.isNull()) {
                    documents.add(doc);
                }
            }
        }
        return documents;
    }

    private static JsonNode find(List<JsonNode> documents, String kind, String name) {
        return documents.stream().filter(d -> d.path("kind").asText().equals(kind)
                        && d.path("metadata").path("name").asText().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    private static Set<String> environmentVariablesTheApplicationReads() throws IOException {
        Set<String> names = new HashSet<>();
        Matcher m = ENV_PLACEHOLDER.matcher(Files.readString(PROPERTIES));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static Properties applicationProperties() throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(PROPERTIES)) {
            p.load(in);
        }
        return p;
    }

    /**
     * Seconds a graceful stop may take: the drain (the deployment's override, else application.properties' default)
     * plus Camel's shutdown timeout.
     */
    private static int stopSeconds(String drainOverrideMs) throws IOException {
        Properties p = applicationProperties();
        String drain = drainOverrideMs != null ? drainOverrideMs
                : p.getProperty("cascade.shutdown.drain-timeout-ms").replaceAll(".*:(\\d+)}}.*", "$1").trim();
        int shutdownSeconds = Integer.parseInt(p.getProperty("camel.main.shutdown-timeout").trim());
        return (int) Math.ceil(Long.parseLong(drain) / 1000.0) + shutdownSeconds;
    }

    private static Map<String, String> keyValues(Path file) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String trimmed = line.trim();
            if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("[") || !trimmed.contains("=")) {
                continue;
            }
            int equals = trimmed.indexOf('=');
            values.put(trimmed.substring(0, equals).trim(), trimmed.substring(equals + 1).trim());
        }
        return values;
    }

    @Test
    void gatewayRunsThreeReplicasReadyOnHealthAtTheConfiguredPort() throws IOException {
        List<JsonNode> docs = manifests("gateway.yaml");
        JsonNode deployment = find(docs, "Deployment", "cascade-gateway");
        assertThat(deployment.path("spec").path("replicas").asInt()).isEqualTo(3);
        JsonNode pod = deployment.path("spec").path("template").path("spec");
        JsonNode container = pod.path("containers").get(0);
        JsonNode port = container.path("ports").get(0);
        JsonNode config = find(manifests("gateway-config.yaml"), "ConfigMap", "cascade-gateway").path("data");
        assertThat(port.path("containerPort").asText()).isEqualTo(config.path("CASCADE_PORT").asText());
        JsonNode readiness = container.path("readinessProbe").path("httpGet");
        assertThat(readiness.path("path").asText()).isEqualTo("/health");
        assertThat(readiness.path("port").asText()).isEqualTo(port.path("name").asText());
        assertThat(pod.path("securityContext").path("runAsNonRoot").asBoolean()).isTrue();
        int preStop = container.path("lifecycle").path("preStop").path("sleep").path("seconds").asInt();
        assertThat(preStop).as("preStop pause: the pod leaves the Service before the drain refuses requests").isPositive();
        assertThat(pod.path("terminationGracePeriodSeconds").asInt())
                .as("grace period covers preStop + the drain + Camel's shutdown")
                .isGreaterThan(preStop + stopSeconds(config.path("CASCADE_SHUTDOWN_DRAIN_TIMEOUT_MS").asText(null)));
        JsonNode service = find(docs, "Service", "cascade-gateway");
        assertThat(service.path("spec").path("ports").get(0).path("targetPort").asText()).isEqualTo("http");
        JsonNode budget = find(docs, "PodDisruptionBudget", "cascade-gateway");
        assertThat(budget.path("spec").path("minAvailable").asInt()).isBetween(1, 2);
        assertThat(budget.path("spec").path("selector")).isEqualTo(deployment.path("spec").path("selector"));
    }

    @Test
    void gatewayImageIsTheOneJibBuilds() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher target = Pattern.compile("<jib.target.image>([^<]+)</jib.target.image>").matcher(pom);
        assertThat(target.find()).isTrue();
        String version = Files.readString(Path.of("..", "pom.xml")).replaceAll("(?s).*?<artifactId>cascade4arm</artifactId>\\s*<version>([^<]+)</version>.*", "$1");
        String image = find(manifests("gateway.yaml"), "Deployment", "cascade-gateway").path("spec").path("template")
                .path("spec").path("containers").get(0).path("image").asText();
        assertThat(image).isEqualTo(target.group(1).replace("${project.version}", version));
        assertThat(pom).contains("<user>10001:10001</user>");
    }

    @Test
    void everyEnvironmentVariableIsOneTheApplicationReadsAndSecretsStayInTheSecret() throws IOException {
        Set<String> known = environmentVariablesTheApplicationReads();
        JsonNode config = find(manifests("gateway-config.yaml"), "ConfigMap", "cascade-gateway").path("data");
        JsonNode secret = find(manifests("gateway-config.yaml"), "Secret", "cascade-gateway").path("stringData");
        List<String> names = new ArrayList<>();
        config.fieldNames().forEachRemaining(names::add);
        secret.fieldNames().forEachRemaining(names::add);
        find(manifests("gateway.yaml"), "Deployment", "cascade-gateway").path("spec").path("template").path("spec")
                .path("containers").get(0).path("env").forEach(env -> names.add(env.path("name").asText()));
        names.addAll(keyValues(DEPLOY.resolve("systemd").resolve("cascade-gateway.env")).keySet());
        assertThat(names).isNotEmpty().allSatisfy(name -> assertThat(known).as("application.properties reads " + name)
                .contains(name));
        assertThat(names).contains("CASCADE_STORE", "CASCADE_DB_URL", "CASCADE_DB_PASSWORD", "CASCADE_REPLICA_NAME");
        List<String> configNames = new ArrayList<>();
        config.fieldNames().forEachRemaining(configNames::add);
        assertThat(configNames).noneMatch(n -> n.contains("TOKEN") || n.contains("PASSWORD") || n.contains("KEY"));
        assertThat(secret.has("CASCADE_ADMIN_TOKEN") && secret.has("CASCADE_DB_PASSWORD")).isTrue();
        assertThat(config.path("CASCADE_STORE").asText()).isEqualTo("postgres");
    }

    @Test
    void llamaServersRunOnArmNodesWithTheRecipeFlagsBehindThePoolUrls() throws IOException {
        List<JsonNode> docs = manifests("llama-servers.yaml");
        JsonNode config = find(manifests("gateway-config.yaml"), "ConfigMap", "cascade-gateway").path("data");
        for (String pool : List.of("small", "large")) {
            JsonNode deployment = find(docs, "Deployment", "llama-" + pool);
            JsonNode pod = deployment.path("spec").path("template").path("spec");
            assertThat(pod.path("nodeSelector").path("kubernetes.io/arch").asText()).isEqualTo("arm64");
            JsonNode container = pod.path("containers").get(0);
            assertThat(container.path("readinessProbe").path("httpGet").path("path").asText()).isEqualTo("/health");
            List<String> args = new ArrayList<>();
            container.path("args").forEach(a -> args.add(a.asText()));
            assertThat(args).contains("--metrics", "--parallel", "--host", "0.0.0.0");
            String port = args.get(args.indexOf("--port") + 1);
            JsonNode service = find(docs, "Service", "llama-" + pool);
            assertThat(service.path("spec").path("ports").get(0).path("port").asText()).isEqualTo(port);
            assertThat(config.path("CASCADE_" + pool.toUpperCase() + "_URLS").asText())
                    .isEqualTo("http://llama-" + pool + ":" + port);
        }
        List<String> large = new ArrayList<>();
        find(docs, "Deployment", "llama-large").path("spec").path("template").path("spec").path("containers").get(0)
                .path("args").forEach(a -> large.add(a.asText()));
        // Current llama-server builds draft only with --spec-type, and p-min 0 collapses acceptance (llama-host/README).
        assertThat(large).contains("-md", "--spec-type", "draft-simple", "--spec-draft-p-min");
    }

    @Test
    void systemdUnitsRunAsServiceUsersWithGracefulStop() throws IOException {
        Map<String, String> gateway = keyValues(DEPLOY.resolve("systemd").resolve("cascade-gateway.service"));
        assertThat(gateway.get("User")).isNotBlank().isNotEqualTo("root");
        assertThat(gateway.get("ExecStart")).contains("-jar /opt/cascade4arm/camel-app.jar");
        assertThat(Files.readString(Path.of("pom.xml"))).contains("<finalName>${project.artifactId}</finalName>");
        assertThat(gateway.get("EnvironmentFile")).isEqualTo("/etc/cascade4arm/cascade-gateway.env");
        assertThat(gateway.get("KillSignal")).isEqualTo("SIGTERM");
        assertThat(Integer.parseInt(gateway.get("TimeoutStopSec"))).as("stop timeout covers the drain + Camel's shutdown")
                .isGreaterThan(stopSeconds(keyValues(DEPLOY.resolve("systemd").resolve("cascade-gateway.env"))
                        .get("CASCADE_SHUTDOWN_DRAIN_TIMEOUT_MS")));
        Map<String, String> llama = keyValues(DEPLOY.resolve("systemd").resolve("llama-server@.service"));
        assertThat(llama.get("User")).isNotBlank().isNotEqualTo("root");
        assertThat(llama.get("ExecStart")).contains("$LLAMA_ARGS");
        Map<String, String> env = keyValues(DEPLOY.resolve("systemd").resolve("cascade-gateway.env"));
        for (String pool : List.of("small", "large")) {
            String args = keyValues(DEPLOY.resolve("systemd").resolve("llama-" + pool + ".env")).get("LLAMA_ARGS");
            String port = args.replaceAll(".*--port (\\d+).*", "$1");
            assertThat(env.get("CASCADE_" + pool.toUpperCase() + "_URLS")).endsWith(":" + port);
        }
        assertThat(keyValues(DEPLOY.resolve("systemd").resolve("llama-large.env")).get("LLAMA_ARGS"))
                .contains("--spec-type draft-simple");
    }
}
