-- How the DOI service's pods share their upstream work (doi-service/README.md, "Across pods").
-- All three tables are UNLOGGED: no WAL, so a write costs little, and after a crash PostgreSQL
-- empties them, which loses nothing but upstream calls to make again. Nothing else refers to them.

-- Upstream answers per (upstream, lower-cased DOI): found (body = the answer as the service
-- produces it, JSON) or not found (body null), until expires_at. Bounded by doi_purge.
CREATE UNLOGGED TABLE doi_answer (
    upstream   text        NOT NULL,
    doi_key    text        NOT NULL,
    found      boolean     NOT NULL,
    body       text,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (upstream, doi_key)
);
CREATE INDEX doi_answer_expires_idx ON doi_answer (expires_at);

-- A lookup in progress: one row per (upstream, DOI) while one pod calls the upstream. A row past
-- expires_at belongs to a pod that died (or lost its database) and may be taken over.
CREATE UNLOGGED TABLE doi_lease (
    upstream   text        NOT NULL,
    doi_key    text        NOT NULL,
    holder     text        NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (upstream, doi_key)
);

-- Per upstream: the spacing between two calls it announced (X-Rate-Limit-Interval / -Limit),
-- the time the next call may start (calls are spaced evenly, whichever pod makes them), and the
-- end of a pause it asked for with Retry-After.
CREATE UNLOGGED TABLE doi_upstream (
    upstream     text PRIMARY KEY,
    announced_ms bigint,
    next_slot    timestamptz NOT NULL DEFAULT '-infinity',
    paused_until timestamptz NOT NULL DEFAULT '-infinity'
);

-- One round trip before an upstream call, in this order: a cached answer ('cached', with its
-- remaining life in millis); else the lease, held by another pod ('busy', millis until it
-- expires); else, with the lease taken: a pause ('paused', millis left; lease dropped), no turn
-- within p_max_wait_ms ('rate', millis until a turn; lease dropped), or the caller's turn
-- ('go', millis to wait before calling).
CREATE FUNCTION doi_lookup_begin(p_upstream text, p_key text, p_holder text, p_lease_ms bigint,
                                 p_default_spacing_ms bigint, p_max_wait_ms bigint,
                                 OUT state text, OUT is_found boolean, OUT body text, OUT millis bigint)
LANGUAGE plpgsql AS $$
DECLARE
    v_now  timestamptz := clock_timestamp();
    v_up   doi_upstream;
    v_slot timestamptz;
BEGIN
    SELECT a.found, a.body, ceil(extract(epoch FROM a.expires_at - v_now) * 1000)
      INTO is_found, body, millis
      FROM doi_answer a WHERE a.upstream = p_upstream AND a.doi_key = p_key AND a.expires_at > v_now;
    IF FOUND THEN
        state := 'cached';
        RETURN;
    END IF;
    -- a lease past its time, or one this pod left behind (its own in-flight map admits one
    -- lookup per DOI), is taken over
    INSERT INTO doi_lease AS l VALUES (p_upstream, p_key, p_holder, v_now + p_lease_ms * interval '1 millisecond')
        ON CONFLICT (upstream, doi_key) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE l.expires_at <= v_now OR l.holder = p_holder;
    IF NOT FOUND THEN
        SELECT ceil(extract(epoch FROM l.expires_at - v_now) * 1000) INTO millis
          FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key;
        state := 'busy';
        RETURN;
    END IF;
    SELECT * INTO v_up FROM doi_upstream u WHERE u.upstream = p_upstream;
    IF v_up.paused_until > v_now THEN
        DELETE FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key AND l.holder = p_holder;
        state := 'paused';
        millis := ceil(extract(epoch FROM v_up.paused_until - v_now) * 1000);
        RETURN;
    END IF;
    IF coalesce(v_up.announced_ms, p_default_spacing_ms) <= 0 THEN
        -- no rate to keep: no slot to take, and no write to the upstream's one row
        state := 'go';
        millis := 0;
        RETURN;
    END IF;
    INSERT INTO doi_upstream AS u (upstream) VALUES (p_upstream)
        ON CONFLICT (upstream) DO UPDATE SET upstream = u.upstream
        RETURNING * INTO v_up;
    v_slot := greatest(v_up.next_slot, v_now);
    IF v_slot > v_now + p_max_wait_ms * interval '1 millisecond' THEN
        DELETE FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key AND l.holder = p_holder;
        state := 'rate';
        millis := ceil(extract(epoch FROM v_slot - v_now) * 1000);
        RETURN;
    END IF;
    UPDATE doi_upstream u
       SET next_slot = v_slot + coalesce(u.announced_ms, p_default_spacing_ms) * interval '1 millisecond'
     WHERE u.upstream = p_upstream;
    state := 'go';
    millis := ceil(extract(epoch FROM v_slot - v_now) * 1000);
END
$$;

-- One round trip after the call: keep the answer (p_found null: a failure, nothing kept; p_ttl_ms
-- 0: caching off), drop the lease if still ours, and record a newly announced spacing or a pause.
CREATE FUNCTION doi_lookup_end(p_upstream text, p_key text, p_holder text, p_found boolean, p_body text,
                               p_ttl_ms bigint, p_announced_ms bigint, p_pause_ms bigint)
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    v_now timestamptz := clock_timestamp();
BEGIN
    IF p_found IS NOT NULL AND p_ttl_ms > 0 THEN
        INSERT INTO doi_answer AS a VALUES (p_upstream, p_key, p_found, p_body, v_now + p_ttl_ms * interval '1 millisecond')
            ON CONFLICT (upstream, doi_key) DO UPDATE
            SET found = excluded.found, body = excluded.body, expires_at = excluded.expires_at;
    END IF;
    DELETE FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key AND l.holder = p_holder;
    IF p_announced_ms IS NOT NULL OR p_pause_ms IS NOT NULL THEN
        INSERT INTO doi_upstream AS u (upstream, announced_ms, next_slot, paused_until)
        VALUES (p_upstream, p_announced_ms,
                coalesce(v_now + p_announced_ms * interval '1 millisecond', '-infinity'),
                coalesce(v_now + p_pause_ms * interval '1 millisecond', '-infinity'))
            ON CONFLICT (upstream) DO UPDATE
            SET announced_ms = coalesce(excluded.announced_ms, u.announced_ms),
                -- a newly announced spacing counts from this answer: calls made before it was
                -- known may have come closer together than it allows
                next_slot = CASE WHEN excluded.announced_ms IS NULL THEN u.next_slot
                                 ELSE greatest(u.next_slot, v_now + excluded.announced_ms * interval '1 millisecond') END,
                paused_until = greatest(u.paused_until, excluded.paused_until);
    END IF;
END
$$;

-- Keeps the answer table bounded: expired answers and long-dead leases go; past p_max_rows, the
-- answers closest to expiry go. One pod at a time (the others skip); returns the rows deleted.
CREATE FUNCTION doi_purge(p_max_rows bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    v_now     timestamptz := clock_timestamp();
    v_deleted bigint;
    v_excess  bigint;
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtext('doi_purge')) THEN
        RETURN 0;
    END IF;
    DELETE FROM doi_answer a WHERE a.expires_at <= v_now;
    GET DIAGNOSTICS v_deleted = ROW_COUNT;
    DELETE FROM doi_lease l WHERE l.expires_at <= v_now - interval '1 minute';
    SELECT count(*) - p_max_rows INTO v_excess FROM doi_answer;
    IF v_excess > 0 THEN
        DELETE FROM doi_answer a WHERE a.ctid IN (SELECT b.ctid FROM doi_answer b ORDER BY b.expires_at LIMIT v_excess);
        v_deleted := v_deleted + v_excess;
    END IF;
    RETURN v_deleted;
END
$$;
