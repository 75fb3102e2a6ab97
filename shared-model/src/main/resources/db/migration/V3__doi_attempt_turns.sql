-- Every attempt at an upstream call takes its own turn under the upstream's rate, the retry of a
-- failed attempt included (doi-service/README.md, "Across pods"). doi_take_turn is that turn;
-- doi_lookup_begin takes the first one with the lease, as before, and both now also answer the
-- spacing in effect, from which a pod knows how late its call may still go out.

-- Records what one answer taught about the upstream: a newly announced spacing (counted from
-- that answer: calls made before it was known may have come closer together than it allows) and
-- a pause. Each argument null when there is nothing to record.
CREATE FUNCTION doi_upstream_learn(p_upstream text, p_announced_ms bigint, p_pause_ms bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    v_now timestamptz := clock_timestamp();
BEGIN
    IF p_announced_ms IS NULL AND p_pause_ms IS NULL THEN
        RETURN;
    END IF;
    INSERT INTO doi_upstream AS u (upstream, announced_ms, next_slot, paused_until)
    VALUES (p_upstream, p_announced_ms,
            coalesce(v_now + p_announced_ms * interval '1 millisecond', '-infinity'),
            coalesce(v_now + p_pause_ms * interval '1 millisecond', '-infinity'))
        ON CONFLICT (upstream) DO UPDATE
        SET announced_ms = coalesce(excluded.announced_ms, u.announced_ms),
            next_slot = CASE WHEN excluded.announced_ms IS NULL THEN u.next_slot
                             ELSE greatest(u.next_slot, v_now + excluded.announced_ms * interval '1 millisecond') END,
            paused_until = greatest(u.paused_until, excluded.paused_until);
END
$$;

-- A turn for one attempt: first records what the previous attempt's answer taught (as
-- doi_upstream_learn), then 'paused' (millis left), 'rate' (no turn within p_max_wait_ms; millis
-- until one) or 'go' (millis to wait before calling). spacing_ms: the spacing between two calls in
-- effect, 0 when there is no rate to keep.
CREATE FUNCTION doi_take_turn(p_upstream text, p_default_spacing_ms bigint, p_max_wait_ms bigint,
                              p_announced_ms bigint, p_pause_ms bigint,
                              OUT state text, OUT millis bigint, OUT spacing_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
    v_now  timestamptz;
    v_up   doi_upstream;
    v_slot timestamptz;
BEGIN
    PERFORM doi_upstream_learn(p_upstream, p_announced_ms, p_pause_ms);
    v_now := clock_timestamp();
    spacing_ms := 0;
    SELECT * INTO v_up FROM doi_upstream u WHERE u.upstream = p_upstream;
    IF v_up.paused_until > v_now THEN
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
    spacing_ms := coalesce(v_up.announced_ms, p_default_spacing_ms);
    v_slot := greatest(v_up.next_slot, v_now);
    IF v_slot > v_now + p_max_wait_ms * interval '1 millisecond' THEN
        state := 'rate';
        millis := ceil(extract(epoch FROM v_slot - v_now) * 1000);
        RETURN;
    END IF;
    UPDATE doi_upstream u SET next_slot = v_slot + spacing_ms * interval '1 millisecond' WHERE u.upstream = p_upstream;
    state := 'go';
    millis := ceil(extract(epoch FROM v_slot - v_now) * 1000);
END
$$;

-- As in V2 (a cached answer, else the lease, else the first turn), the turn now by doi_take_turn,
-- and answering its spacing.
DROP FUNCTION doi_lookup_begin(text, text, text, bigint, bigint, bigint);
CREATE FUNCTION doi_lookup_begin(p_upstream text, p_key text, p_holder text, p_lease_ms bigint,
                                 p_default_spacing_ms bigint, p_max_wait_ms bigint,
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
    SELECT t.state, t.millis, t.spacing_ms INTO state, millis, spacing_ms
      FROM doi_take_turn(p_upstream, p_default_spacing_ms, p_max_wait_ms, NULL, NULL) t;
    IF state <> 'go' THEN
        DELETE FROM doi_lease l WHERE l.upstream = p_upstream AND l.doi_key = p_key AND l.holder = p_holder;
    END IF;
END
$$;

-- As in V2, what the answer taught recorded by doi_upstream_learn.
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
    PERFORM doi_upstream_learn(p_upstream, p_announced_ms, p_pause_ms);
END
$$;
