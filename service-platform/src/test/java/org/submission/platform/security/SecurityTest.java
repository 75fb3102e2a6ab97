package org.submission.platform.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.submission.shared.seed.SeedOnStart;
import org.submission.platform.testing.EmbeddedPostgresResource;
import org.submission.platform.testing.Requests;
import org.submission.platform.testing.TestData;

@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SecurityTest {

    @Inject
    DataSource dataSource;

    @BeforeEach
    void demoData() {
        TestData.replaceWith(dataSource, SeedOnStart.demoData());
    }

    @Test
    void backendAccountIsAcceptedWithTheRightPassword() {
        Requests.as(Requests.BACKEND)
                .when().get("/probe")
                .then().statusCode(200)
                .body("principal", equalTo("backend"))
                .body("backend", equalTo(true));
    }

    @Test
    void wrongPasswordIsRejectedAsJsonWithoutBrowserPopUp() {
        given().auth().preemptive().basic("backend", "wrong")
                .when().get("/probe")
                .then().statusCode(401)
                .contentType(ContentType.JSON)
                .header("WWW-Authenticate", nullValue())
                .body("error", containsString("Authentication required"));
    }

    @Test
    void anotherBackendAccountCanComeFromThePropertiesRealm() {
        given().auth().preemptive().basic("scripts", "scripts-secret")
                .when().get("/probe")
                .then().statusCode(200)
                .body("principal", equalTo("scripts"))
                .body("backend", equalTo(true));
        given().auth().preemptive().basic("scripts", "backend-secret")
                .when().get("/probe")
                .then().statusCode(401).contentType(ContentType.JSON);
    }

    @Test
    void aRealmAccountWithoutTheBackendRoleIsNoBackend() {
        given().auth().preemptive().basic("ada-script", "ada-secret")
                .when().get("/probe")
                .then().statusCode(200)
                .body("principal", equalTo("ada-script"))
                .body("backend", equalTo(false))
                .body("roles", empty());
    }

    @Test
    void aUsernameSharedByTwoUsersMeansTheOneWithTheLowestId() {
        insertUser(900, "twin@example.edu", "admin");
        insertUser(50, "twin@example.edu", "submitter");
        Requests.as("twin@example.edu")
                .when().get("/probe")
                .then().statusCode(200)
                .body("userId", equalTo("50"))
                .body("roles", contains("submitter"));
    }

    private void insertUser(long id, String username, String roles) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement insert = connection.prepareStatement(
                     "insert into pass_user (id, username, roles, affiliation) values (?, ?, ?, '')")) {
            insert.setLong(1, id);
            insert.setString(2, username);
            insert.setString(3, roles);
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void unknownUserIsRejected() {
        given().auth().preemptive().basic("mallory", "backend-secret")
                .when().get("/probe")
                .then().statusCode(401).contentType(ContentType.JSON);
    }

    @Test
    void anonymousRequestGetsJson401() {
        given().when().get("/probe")
                .then().statusCode(401).contentType(ContentType.JSON)
                .body("error", containsString("Authentication required"));
    }

    @Test
    void proxyHeadersWithTheSecretIdentifyThePassUser() {
        given().header("X-Proxy-Secret", "proxy-secret")
                .header("Eppn", "alice@example.edu")
                .header("Affiliation", "MEMBER@example.edu; lab.example.edu")
                .when().get("/probe")
                .then().statusCode(200)
                .body("principal", equalTo("alice@example.edu"))
                .body("backend", equalTo(false))
                .body("userId", equalTo("1"))
                .body("roles", hasItems("submitter"))
                .body("affiliations", hasItems("FACULTY@example.edu", "MEMBER@example.edu", "lab.example.edu"));
    }

    @Test
    void proxyHeadersWithoutTheSecretAreIgnored() {
        given().header("Eppn", "alice@example.edu")
                .when().get("/probe")
                .then().statusCode(401);
    }

    @Test
    void proxyHeadersWithAWrongSecretAreIgnored() {
        given().header("X-Proxy-Secret", "guess")
                .header("Eppn", "ada@example.edu")
                .when().get("/probe")
                .then().statusCode(401);
    }

    @Test
    void anonymousStateChangeIsToldToAuthenticateBeforeAnythingAboutXsrf() {
        given().when().post("/probe")
                .then().statusCode(401).contentType(ContentType.JSON)
                .body("error", containsString("Authentication required"));
        given().when().get("/doi/probe")
                .then().statusCode(401).contentType(ContentType.JSON)
                .body("error", containsString("Authentication required"));
    }

    @Test
    void requestWithoutCookieIsIssuedAnXsrfToken() {
        given().when().get("/probe/open")
                .then().statusCode(200)
                .cookie("XSRF-TOKEN")
                .header("Set-Cookie", containsString("SameSite=Lax"));
    }

    @Test
    void stateChangingRequestWithoutXsrfHeaderIsForbidden() {
        Requests.as(Requests.BACKEND)
                .cookie("XSRF-TOKEN", "abc")
                .when().post("/probe")
                .then().statusCode(403).contentType(ContentType.JSON)
                .body("error", containsString("X-XSRF-TOKEN"));
    }

    @Test
    void stateChangingRequestWithMismatchedXsrfHeaderIsForbidden() {
        Requests.as(Requests.BACKEND)
                .cookie("XSRF-TOKEN", "abc").header("X-XSRF-TOKEN", "abd")
                .when().post("/probe")
                .then().statusCode(403);
    }

    @Test
    void stateChangingRequestWithMatchingXsrfHeaderIsAccepted() {
        Requests.as(Requests.BACKEND)
                .cookie("XSRF-TOKEN", "abc").header("X-XSRF-TOKEN", "abc")
                .when().post("/probe")
                .then().statusCode(200).body("changed", equalTo(true));
    }

    @Test
    void doiPathsNeedTheXsrfHeaderEvenForGet() {
        Requests.as(Requests.BACKEND)
                .when().get("/doi/probe")
                .then().statusCode(403);
        Requests.as(Requests.BACKEND)
                .cookie("XSRF-TOKEN", "t0k").header("X-XSRF-TOKEN", "t0k")
                .when().get("/doi/probe")
                .then().statusCode(200);
    }

    @Test
    void unknownPathIsJson404() {
        given().when().get("/no/such/thing")
                .then().statusCode(404).contentType(ContentType.JSON)
                .body("error", containsString("/no/such/thing"));
    }

    @Test
    void wrongMethodIsJson405() {
        Requests.as(Requests.BACKEND)
                .cookie("XSRF-TOKEN", "abc").header("X-XSRF-TOKEN", "abc")
                .when().delete("/probe")
                .then().statusCode(405).contentType(ContentType.JSON)
                .body("error", containsString("DELETE"));
    }

    @Test
    void healthEndpointsAreOpen() {
        given().when().get("/q/health/ready").then().statusCode(200);
    }
}
