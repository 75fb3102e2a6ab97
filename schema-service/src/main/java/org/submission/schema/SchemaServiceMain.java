package org.submission.schema;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import org.submission.shared.db.LocalDatabase;
import org.submission.shared.security.RequestScreen;

/** Starts an embedded PostgreSQL with the demo data when no database is configured, then the service. */
@QuarkusMain
public class SchemaServiceMain {

    public static void main(String... args) {
        LocalDatabase.prepareForRun();
        RequestScreen.takeOverUriValidation();
        Quarkus.run(args);
    }
}
