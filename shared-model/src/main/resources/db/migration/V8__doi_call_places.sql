-- An upstream may limit how many of its calls are open at once, summed over every client: the
-- registry's polite pool allows 3 (doi-service/README.md, "Across pods"). The pods share that
-- bound here, as they share the leases: a place is a row held in a pod's name for one DOI until
-- the statement after the call gives it back, or until it expires (a pod that died mid-call), and
-- no connection is held while the upstream answers. doi_lookup_begin takes a place with the lease,
-- in one round trip as before; doi_lookup_end gives it back. Pods of the version before call the
-- signatures they know, which take no place, so the bound holds once they are gone.

-- At most p_places rows per upstream are used (place 1 to p_places); a row past expires_at is free.
CREATE UNLOGGED TABLE doi_call_place (
    upstream   text        NOT NULL,
    place      integer     NOT NULL,
    holder     text        NOT NULL,
    doi_key    text        NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (upstream, place)
);

-- Takes a free place for the holder's lookup of p_key: true when one was taken (or p_places <= 0:
-- no bound). Two pods racing for the same row: the second waits for the first's commit, finds the
-- row held and tries the next, so no place is ever given twice.
CREATE FUNCTION doi_take_place(p_upstream text, p_key text, p_holder text, p_places integer, p_lease_ms bigint)
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    v_now timestamptz := clock_timestamp();
BEGIN
    IF p_places IS NULL OR p_places <= 0 THEN
        RETURN true;
    END IF;
    FOR n IN 1 .. least(p_places, 64) LOOP
        INSERT INTO doi_call_place AS p VALUES (p_upstream, n, p_holder, p_key, v_now + p_lease_ms * interval '1 millisecond')
            ON CONFLICT (upstream, place) DO UPDATE
            SET holder = excluded.holder, doi_key = excluded.doi_key, expires_at = excluded.expires_at
            WHERE p.expires_at <= v_now;
        IF FOUND THEN
            RETURN true;
        END IF;
    END LOOP;
    RETURN false;
END
$$;

-- As the V3 function of six arguments, and with the lease a place among p_places: none free is
-- 'full' (the lease is kept, renewed by the next begin of the same lookup, which polls), and a
-- pause or no turn gives both back.
CREATE FUNCTION doi_lookup_begin(p_upstream text, p_key text, p_holder text, p_lease_ms bigint,
                                 p_default_spacing_ms bigint, p_max_wait_ms bigint, p_places integer,
                                 OUT state text, OUT is_found boolean, OUT body text, OUT millis bigint,
                                 OUT spacing_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
    v_now timestamptz := clock_timestamp();
BEGIN
    SELECT a.found, a.body, ceil(extract(epoch FROM a.expires_at - v_now) * 1000)
      INTO is_found, body, millis
      FROM doi_answer a WHERE a.upstream = p_upstream AND a.doi_key = p_key AND a.expires_at > v_now;
    IF FOUND THEN
        state := 'cached';
        RETURN;
    END IF;
    INSERT INTO doi_lease AS l VALUES (p_upstream, p_key, p_holder, v_now + p_lease_ms * interval '1 millisecond')
        ON CONFLICT (upstream, doi_key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE l.expires_at <= v_now OR l.holder = p_holder;
    IF NOT FOUND THEN
        SELECT ceil(extract(epoch FROM l.expires_at - v_now) * 1000) INTO millis
          FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key;
        state := 'busy';
        RETURN;
    END IF;
    IF NOT doi_take_place(p_upstream, p_key, p_holder, p_places, p_lease_ms) THEN
        state := 'full';
        millis := 0;
        RETURN;
    END IF;
    SELECT t.state, t.millis, t.spacing_ms INTO state, millis, spacing_ms
      FROM doi_take_turn(p_upstream, p_default_spacing_ms, p_max_wait_ms, NULL, NULL) t;
    IF state <> 'go' THEN
        DELETE FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key AND l.holder = p_holder;
        DELETE FROM doi_call_place p WHERE p.upstream = p_upstream AND p.holder = p_holder AND p.doi_key = p_key;
    END IF;
END
$$;

-- As in V3, and the lookup's place given back.
CREATE OR REPLACE FUNCTION doi_lookup_end(p_upstream text, p_key text, p_holder text, p_found boolean, p_body text,
                                          p_ttl_ms bigint, p_announced_ms bigint, p_pause_ms bigint)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF p_found IS NOT NULL AND p_ttl_ms > 0 THEN
        INSERT INTO doi_answer AS a VALUES (p_upstream, p_key, p_found, p_body,
                                            clock_timestamp() + p_ttl_ms * interval '1 millisecond')
            ON CONFLICT (upstream, doi_key) DO UPDATE
            SET found = excluded.found, body = excluded.body, expires_at = excluded.expires_at;
    END IF;
    DELETE FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key AND l.holder = p_holder;
    DELETE FROM doi_call_place p WHERE p.upstream = p_upstream AND p.holder = p_holder AND p.doi_key = p_key;
    PERFORM doi_upstream_learn(p_upstream, p_announced_ms, p_pause_ms);
END
$$;
