-- A place for a call that frees goes to the lookup that has waited longest for one, over all pods,
-- rather than to whichever asks first (doi-service/README.md, "Across pods"). A waiting lookup
-- asks again after a timer while a newcomer, or the next lookup a busy pod admits the moment its
-- last one ended, asks at once: first come would let one caller's flood on one pod keep every
-- place from another pod's lookups for as long as it lasts.

-- One row per lookup refused a place, while it keeps asking: since when it waits, and until when
-- its row counts (renewed at each ask; a row not renewed, its pod dead or its lookup given up,
-- stops counting 2 s after the last ask, ten times the longest pause between two asks).
CREATE UNLOGGED TABLE doi_place_wait (
    upstream   text        NOT NULL,
    doi_key    text        NOT NULL,
    holder     text        NOT NULL,
    since      timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (upstream, doi_key)
);

-- As in V8, the place taken only while more are free than lookups wait ahead of this one (all the
-- waiting ones, for a lookup that has not waited yet). Not taken, the lookup waits in line. Two
-- lookups racing for the last free place still take it atomically: the order is kept for lookups
-- that have waited, which is what the line is for.
CREATE OR REPLACE FUNCTION doi_take_place(p_upstream text, p_key text, p_holder text, p_places integer, p_lease_ms bigint)
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
    v_now   timestamptz := clock_timestamp();
    v_since timestamptz;
    v_ahead integer;
    v_free  integer;
BEGIN
    IF p_places IS NULL OR p_places <= 0 THEN
        RETURN true;
    END IF;
    SELECT w.since INTO v_since FROM doi_place_wait w
     WHERE w.upstream = p_upstream AND w.doi_key = p_key AND w.holder = p_holder AND w.expires_at > v_now;
    SELECT count(*) INTO v_ahead FROM doi_place_wait w
     WHERE w.upstream = p_upstream AND w.expires_at > v_now AND w.doi_key <> p_key
       AND (v_since IS NULL OR w.since < v_since);
    SELECT least(p_places, 64) - count(*) INTO v_free FROM doi_call_place p
     WHERE p.upstream = p_upstream AND p.place <= least(p_places, 64) AND p.expires_at > v_now;
    IF v_free > v_ahead THEN
        FOR n IN 1 .. least(p_places, 64) LOOP
            INSERT INTO doi_call_place AS p VALUES (p_upstream, n, p_holder, p_key, v_now + p_lease_ms * interval '1 millisecond')
                ON CONFLICT (upstream, place) DO UPDATE
                SET holder = excluded.holder, doi_key = excluded.doi_key, expires_at = excluded.expires_at
                WHERE p.expires_at <= v_now;
            IF FOUND THEN
                DELETE FROM doi_place_wait w WHERE w.upstream = p_upstream AND w.doi_key = p_key;
                RETURN true;
            END IF;
        END LOOP;
    END IF;
    DELETE FROM doi_place_wait w WHERE w.upstream = p_upstream AND w.expires_at <= v_now;
    INSERT INTO doi_place_wait AS w VALUES (p_upstream, p_key, p_holder, v_now, v_now + interval '2 seconds')
        ON CONFLICT (upstream, doi_key) DO UPDATE
        SET holder = excluded.holder, expires_at = excluded.expires_at,
            since = CASE WHEN w.holder = excluded.holder THEN w.since ELSE excluded.since END;
    RETURN false;
END
$$;

-- As in V8, and a lookup that gives up waiting (no place in time, or no client left) leaves the line.
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
    DELETE FROM doi_place_wait w WHERE w.upstream = p_upstream AND w.holder = p_holder AND w.doi_key = p_key;
    PERFORM doi_upstream_learn(p_upstream, p_announced_ms, p_pause_ms);
END
$$;
