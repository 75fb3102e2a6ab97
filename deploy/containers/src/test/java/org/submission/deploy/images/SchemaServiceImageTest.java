package org.submission.deploy.images;

class SchemaServiceImageTest extends ServiceImageTest {

    @Override
    String service() {
        return "schema-service";
    }

    @Override
    String request(int i) {
        return "/schemaservice?entityIds=12&merge=true";
    }
}
