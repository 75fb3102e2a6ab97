package org.submission.platform.http;

import io.netty.handler.codec.http.QueryStringDecoder;
import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * A query parameter's value is never cut at {@code ;}. Vert.x Web decodes the query with Netty's
 * default, which treats {@code ;} as a second separator, so {@code entityIds=1;2} reached the
 * resources as {@code 1} (and a DOI such as {@code 10.1002/(SICI)…CO;2-G} lost its tail). The
 * parameters of such a request are decoded again with {@code ;} as an ordinary character, into the
 * map RESTEasy and every later handler read ({@link RoutingContext#queryParams()} keeps it).
 */
@ApplicationScoped
public class QueryParameters {

    void install(@Observes Router router) {
        router.route().order(RouteOrder.QUERY).handler(QueryParameters::keepSemicolons);
    }

    static void keepSemicolons(RoutingContext context) {
        String query = context.request().query();
        if (query != null && query.indexOf(';') >= 0) {
            // a malformed escape fails here as it would later: a 400 through the router's error handler
            MultiMap parameters = context.queryParams();
            parameters.clear();
            QueryStringDecoder.builder().semicolonIsNormalChar(true).build(context.request().uri())
                    .parameters().forEach(parameters::add);
        }
        context.next();
    }
}
