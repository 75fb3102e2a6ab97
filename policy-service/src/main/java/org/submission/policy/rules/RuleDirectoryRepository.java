package org.submission.policy.rules;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.submission.policy.rules.RuleResolver.Names;

/**
 * Looks up every name of a rules file in one statement: the policies, funders and repositories
 * it names (by title or name, localKey, or {@code id:N}; a version-2 funder table's by name
 * ignoring case and spacing too) and the institutional policy.
 */
@ApplicationScoped
public class RuleDirectoryRepository {

    private static final String SQL = """
            SELECT 0 AS kind, id, title AS name, NULL::varchar AS key FROM pass_policy
             WHERE title = ANY($1) OR id = ANY($2)
            UNION ALL
            SELECT 1, id, name, localkey FROM pass_funder
             WHERE name = ANY($3) OR localkey = ANY($3) OR id = ANY($4)
                OR lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) = ANY($8) OR localkey = ANY($9)
            UNION ALL
            SELECT 2, id, name, NULL FROM pass_repository
             WHERE name = ANY($5) OR id = ANY($6)
            UNION ALL
            SELECT 3, min(id), NULL, NULL FROM pass_policy WHERE title = $7
            """;
    private static final String ID = "id:";

    private final Pool pool;

    public RuleDirectoryRepository(Pool pool) {
        this.pool = pool;
    }

    public Uni<RuleDirectory> load(Names names, String institutionalTitle) {
        Tuple parameters = Tuple.tuple()
                .addArrayOfString(texts(names.policies())).addArrayOfLong(ids(names.policies()))
                .addArrayOfString(texts(names.funders())).addArrayOfLong(ids(names.funders()))
                .addArrayOfString(texts(names.repositories())).addArrayOfLong(ids(names.repositories()))
                .addString(institutionalTitle)
                .addArrayOfString(names.funderNames().toArray(String[]::new))
                .addArrayOfString(names.funderLocalKeys().toArray(String[]::new));
        return pool.preparedQuery(SQL).execute(parameters).map(rows -> {
            Map<String, List<Long>> policies = new HashMap<>();
            Map<String, List<Long>> funders = new HashMap<>();
            Map<String, List<Long>> repositories = new HashMap<>();
            Map<Long, String> titles = new HashMap<>();
            Map<Long, String> funderNames = new HashMap<>();
            Map<Long, String> repositoryNames = new HashMap<>();
            List<RuleDirectory.FunderRecord> funderRecords = new ArrayList<>();
            Long institutional = null;
            for (Row row : rows) {
                Long id = row.getLong("id");
                String name = row.getString("name");
                switch (row.getInteger("kind")) {
                    case 0 -> {
                        titles.put(id, name);
                        match(names.policies(), id, policies, name);
                    }
                    case 1 -> {
                        funderNames.put(id, name);
                        funderRecords.add(new RuleDirectory.FunderRecord(id, name, row.getString("key")));
                        match(names.funders(), id, funders, name, row.getString("key"));
                    }
                    case 2 -> {
                        repositoryNames.put(id, name);
                        match(names.repositories(), id, repositories, name);
                    }
                    default -> institutional = id;
                }
            }
            return new RuleDirectory(policies, titles, funders, funderNames, repositories, repositoryNames, institutional,
                    List.copyOf(funderRecords));
        });
    }

    private static void match(List<String> written, long id, Map<String, List<Long>> byName, String... values) {
        for (String name : written) {
            boolean same = name.equals(ID + id);
            for (String value : values) {
                same |= name.equals(value);
            }
            if (same) {
                byName.computeIfAbsent(name, n -> new ArrayList<>()).add(id);
            }
        }
    }

    private static String[] texts(List<String> names) {
        return names.stream().filter(name -> !name.startsWith(ID)).toArray(String[]::new);
    }

    private static Long[] ids(List<String> names) {
        List<Long> ids = new ArrayList<>();
        for (String name : names) {
            if (name.startsWith(ID)) {
                try {
                    ids.add(Long.parseLong(name.substring(ID.length()).trim()));
                } catch (NumberFormatException notAnId) {
                    // matches no record: refused by the resolver as unknown
                }
            }
        }
        return ids.toArray(Long[]::new);
    }
}
