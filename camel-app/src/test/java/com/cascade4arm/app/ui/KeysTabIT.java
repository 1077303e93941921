package com.cascade4arm.app.ui;

import com.cascade4arm.app.TestGateway;
import com.cascade4arm.standins.upstream.InstantResponder;
import com.cascade4arm.testing.http.HttpTestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A team's key handed out from the console, in real Chromium against a gateway in keys mode: the Keys tab creates a
 * key and shows its secret once, the secret serves a chat request (HTTP from the test), the key's spend and usage show
 * in the tab, Revoke stops it (the next request gets 401), and the Requests tab finds both requests by the key with
 * their explanation and a link to the rule. Compare's Explain asks for the admin token instead of showing a raw 401.
 */
class KeysTabIT {
    private static final String ADMIN = "keys-tab-admin";
    private static final String ALIAS = "team-ui";

    @RegisterExtension
    static final BrowserExtension browser = new BrowserExtension();

    private static InstantResponder upstream;
    private static TestGateway gateway;
    private final ConsolePage console = new ConsolePage(browser);

    @BeforeAll
    static void boot() {
        upstream = InstantResponder.start(0);
        gateway = TestGateway.boot(Map.of(
                "cascade.auth.mode", "keys", // the feature under test; the shipped default is open
                "cascade.admin.token", ADMIN, // keys are made with the admin token (unset in the shipped configuration)
                // Instant upstreams instead of the embedded demo models: this test is about keys, not answers.
                "cascade.small.urls", upstream.baseUrl(),
                "cascade.large.urls", upstream.baseUrl()), true);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (upstream != null) {
            upstream.close();
        }
    }

    @Test
    void aKeyIsMadeUsedSeenRevokedAndTracedFromTheConsole() {
        BrowserSession page = browser.session();
        console.openAt(URI.create(gateway.baseUrl() + "/#keys")).forgetAdminToken();
        console.openAt(URI.create(gateway.baseUrl() + "/#keys"));
        ConsolePage.await("the tab says it needs the admin token").until(() -> page.byTestId("keys-gate").isDisplayed());
        assertThat(page.text("keys-gate")).contains("admin token");
        page.byTestId("keys-gate-button").click();
        console.enterAdminToken(ADMIN);
        ConsolePage.await("keys listed").until(() -> !page.byTestId("keys-gate").isDisplayed()
                && "true".equals(page.byTestId("keys-rows").getDomAttribute("data-loaded")));

        page.byTestId("keys-new").click();
        page.byTestId("key-create-alias").sendKeys(ALIAS);
        page.byTestId("key-create-owner").sendKeys("ana@example.com");
        page.byTestId("key-create-rpm").sendKeys("60");
        page.byTestId("key-create-daily").sendKeys("5");
        page.byTestId("key-create-submit").click();

        ConsolePage.await("the secret shown once").until(() -> page.byTestId("key-secret-panel").isDisplayed());
        String secret = page.byTestId("key-secret").getDomProperty("value");
        assertThat(secret).startsWith("sk-c4a-");
        assertThat(page.text("key-secret-panel")).contains("Shown once");
        WebElement row = keyRow();
        assertThat(row.getDomAttribute("data-status")).isEqualTo("active");
        assertThat(secret).contains(ConsolePage.textIn(row, "key-prefix"));
        page.byTestId("key-secret-hide").click();
        assertThat(page.byTestId("key-secret").getDomProperty("value")).as("hidden is gone from the page").isEmpty();

        HttpTestClient http = new HttpTestClient(gateway.baseUrl());
        HttpTestClient.Response answered = http.postAuthorized("/v1/chat/completions",
                HttpTestClient.chat("Say hello to the team", 8, false), secret);
        assertThat(answered.status()).as(answered.body()).isEqualTo(200);
        double cost = answered.json().path("cascade").path("cost_usd").asDouble();
        assertThat(cost).isPositive();

        page.byTestId("keys-refresh").click();
        ConsolePage.await("the key's usage in the tab").until(() -> page.allByTestId("key-usage-row").size() == 1
                && page.allByTestId("key-usage-row").get(0).getText().contains("1"));
        assertThat(ConsolePage.textIn(keyRow(), "key-spent")).as("spent today").doesNotStartWith("$0 ");
        assertThat(page.text("key-usage-spend")).contains("Spent today $0.0");
        ConsolePage.await("the chart drawn").until(() -> Boolean.TRUE.equals(page.script(
                "return !!document.querySelector('[data-testid=key-usage-chart]') && "
                        + "document.querySelector('[data-testid=key-usage-chart-note]').hidden")));
        String csv = URLDecoder.decode(page.byTestId("key-usage-csv").getDomAttribute("href")
                .substring("data:text/csv;charset=utf-8,".length()), StandardCharsets.UTF_8);
        assertThat(csv).startsWith("day,tier,requests,prompt_tokens,completion_tokens,cost_usd\n").contains(",1,");

        click(page.byTestId("key-revoke"));
        ConsolePage.await("revoke asks first").until(() -> console.dialogOpen("keys-confirm"));
        page.byTestId("keys-confirm-submit").click();
        ConsolePage.await("revoked in the list").until(() -> "revoked".equals(keyRow().getDomAttribute("data-status")));

        HttpTestClient.Response refused = http.postAuthorized("/v1/chat/completions",
                HttpTestClient.chat("Say hello again", 8, false), secret);
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().path("error").path("code").asText()).isEqualTo("revoked_api_key");

        page.byTestId("tab-requests").click();
        WebElement key = page.byTestId("requests-key");
        key.sendKeys(ALIAS);
        page.byTestId("requests-refresh").click();
        ConsolePage.await("both requests found by the key").until(() -> statuses().equals(List.of("401", "200")));
        assertThat(page.allByTestId("request-row")).allSatisfy(r ->
                assertThat(r.getDomAttribute("data-key")).isEqualTo(ALIAS));

        WebElement served = page.allByTestId("request-row").get(1);
        served.findElement(By.cssSelector("[data-testid=request-toggle]")).click();
        ConsolePage.await("the explanation open").until(() -> page.byTestId("request-details").isDisplayed());
        String rule = page.text("request-rule");
        assertThat(rule).isNotBlank().doesNotContain("none");
        assertThat(page.text("request-reason")).isNotBlank();
        assertThat(page.text("request-facts")).contains("wordCount").contains("category");
        assertThat(page.text("requests-rows")).as("no prompt text without content logging")
                .doesNotContain("Say hello to the team");

        page.byTestId("request-rule-link").click();
        ConsolePage.await("the rule shown in the Rules tab").until(() -> console.selectedTab().equals("rules")
                && page.text("rules-message").startsWith("Rule \u201c" + rule + "\u201d: "));
    }

    @Test
    void compareAsksForTheAdminTokenInKeysModeAndThenExplains() {
        BrowserSession page = browser.session();
        console.openAt(URI.create(gateway.baseUrl() + "/#compare")).forgetAdminToken();
        new ComparePage(page).typePrompt("What is the capital of France?");
        page.byTestId("explain").click();
        ConsolePage.await("the token asked for").until(console::adminDialogOpen);
        assertThat(page.text("admin-token-purpose")).contains("requires an API key");
        assertThat(page.text("explain-message")).contains("requires an API key").doesNotContain("401");
        console.enterAdminToken(ADMIN);
        page.byTestId("explain").click();
        ConsolePage.await("explained with the admin token").until(() -> !page.text("explain-rule").isBlank()
                && !page.text("explain-rule").equals("\u2014"));
    }

    @Test
    void aKeyIsEditedAndRotatedFromItsDetails() {
        BrowserSession page = browser.session();
        HttpTestClient http = new HttpTestClient(gateway.baseUrl());
        HttpTestClient.Response created = http.postAuthorized("/api/keys", "{\"alias\":\"team-rotate\",\"rpm\":60}", ADMIN);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String oldSecret = created.json().path("secret").asText();

        console.openAt(URI.create(gateway.baseUrl() + "/#keys"));
        if (page.byTestId("keys-gate").isDisplayed()) {
            page.byTestId("keys-gate-button").click();
            console.enterAdminToken(ADMIN);
        }
        ConsolePage.await("the key listed").until(() -> row("team-rotate").isDisplayed());
        row("team-rotate").findElement(By.cssSelector("[data-testid=key-open]")).click();
        ConsolePage.await("its details").until(() -> page.text("key-details-title").contains("team-rotate"));
        ConsolePage.retype(page.byTestId("key-edit-rpm"), "30");
        click(page.byTestId("key-edit-submit"));
        ConsolePage.await("the new limit listed").until(() -> row("team-rotate").getText().contains("30 req/min"));
        assertThat(http.get("/api/keys/" + created.json().path("id").asText()).status()).as("admin only").isEqualTo(401);

        click(page.byTestId("key-rotate"));
        ConsolePage.await("rotate asks first").until(() -> console.dialogOpen("keys-confirm"));
        page.byTestId("keys-confirm-submit").click();
        ConsolePage.await("the new secret shown once").until(() -> page.byTestId("key-secret-panel").isDisplayed()
                && page.text("key-secret-title").contains("rotated"));
        String newSecret = page.byTestId("key-secret").getDomProperty("value");
        assertThat(newSecret).startsWith("sk-c4a-").isNotEqualTo(oldSecret);

        assertThat(http.postAuthorized("/v1/chat/completions", HttpTestClient.chat("Hi", 4, false), oldSecret).status())
                .as("the old secret stops at once").isEqualTo(401);
        assertThat(http.postAuthorized("/v1/chat/completions", HttpTestClient.chat("Hi", 4, false), newSecret).status())
                .isEqualTo(200);
    }

    /** Clicks a button scrolled to the middle of the window: at the top the sticky header would cover it. */
    private void click(WebElement button) {
        browser.session().script("arguments[0].scrollIntoView({block: 'center'})", button);
        button.click();
    }

    private WebElement row(String alias) {
        return browser.session().driver().findElement(By.cssSelector("[data-testid=key-row][data-alias=\"" + alias + "\"]"));
    }

    private WebElement keyRow() {
        return browser.session().driver().findElement(By.cssSelector("[data-testid=key-row][data-alias=\"" + ALIAS + "\"]"));
    }

    private List<String> statuses() {
        return browser.session().allByTestId("request-row").stream().map(r -> r.getDomAttribute("data-status")).toList();
    }
}
