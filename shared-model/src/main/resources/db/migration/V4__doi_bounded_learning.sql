-- What an upstream announces is believed within bounds, and not for ever (doi-service/README.md,
-- "Across pods"). The pods clamp what they learn (a spacing from X-Rate-Limit-*, a pause from
-- Retry-After) to their settings before sending it; here a later announcement replaces an earlier
-- one in both directions, a learned spacing is forgotten 10 minutes after it was last announced.
-- As a last line against what pods of the version before may still send during a rolling deploy,
-- a spacing above a minute is used as a minute, a pause beyond a day is ignored, and a next slot
-- no booking could have set (more than a minute and a spacing ahead) is reset.
-- The shared answers are bounded in bytes as well as rows. Signatures the pods call are kept, so
-- pods of the version before keep working beside these during a rolling deploy.

-- Pods of the version before learned without bounds: what they learned is forgotten (it is
-- learned again from the next answer).
DELETE FROM doi_upstream;
ALTER TABLE doi_upstream ADD COLUMN announced_at timestamptz;

CREATE OR REPLACE FUNCTION doi_upstream_learn(p_upstream text, p_announced_ms bigint, p_pause_ms bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    v_now timestamptz := clock_timestamp();
BEGIN
    IF p_announced_ms IS NULL AND p_pause_ms IS NULL THEN
        RETURN;
    END IF;
    INSERT INTO doi_upstream AS u (upstream, announced_ms, announced_at, next_slot, paused_until)
    VALUES (p_upstream, p_announced_ms, CASE WHEN p_announced_ms IS NOT NULL THEN v_now END,
            coalesce(v_now + p_announced_ms * interval '1 millisecond', '-infinity'),
            coalesce(v_now + p_pause_ms * interval '1 millisecond', '-infinity'))
        ON CONFLICT (upstream) DO UPDATE
        SET announced_ms = coalesce(excluded.announced_ms, u.announced_ms),
            announced_at = coalesce(excluded.announced_at, u.announced_at),
            -- a new spacing counts from this answer: calls made before it was known may have come
            -- closer together than it allows; one narrower than before brings the next slot in
            next_slot = CASE WHEN excluded.announced_ms IS NULL THEN u.next_slot
                             WHEN excluded.announced_ms < coalesce(u.announced_ms, 0) THEN excluded.next_slot
                             ELSE greatest(u.next_slot, excluded.next_slot) END,
            paused_until = CASE WHEN p_pause_ms IS NULL THEN u.paused_until ELSE excluded.paused_until END;
END
$$;

-- As in V3, with the learned spacing forgotten after 10 minutes and the last-line bounds above.
CREATE OR REPLACE FUNCTION doi_take_turn(p_upstream text, p_default_spacing_ms bigint, p_max_wait_ms bigint,
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
    IF v_up.paused_until > v_now AND v_up.paused_until <= v_now + interval '1 day' THEN
        state := 'paused';
        millis := ceil(extract(epoch FROM v_up.paused_until - v_now) * 1000);
        RETURN;
    END IF;
    IF v_up.announced_at IS NULL OR v_up.announced_at <= v_now - interval '10 minutes' THEN
        v_up.announced_ms := NULL;
    END IF;
    IF coalesce(v_up.announced_ms, p_default_spacing_ms) <= 0 THEN
        -- no rate to keep: no slot to take, and no write to the upstream's one row
        state := 'go';
        millis := 0;
        RETURN;
    END IF;
    INSERT INTO doi_upstream AS u (upstream) VALUES (p_upstream)
        ON CONFLICT (upstream) DO UPDATE SET upstream = u.upstream
        RETURNING next_slot INTO v_slot;
    spacing_ms := least(coalesce(v_up.announced_ms, p_default_spacing_ms), 60000);
    IF v_slot > v_now + (greatest(p_max_wait_ms, 60000) + spacing_ms) * interval '1 millisecond' THEN
        v_slot := v_now;
    END IF;
    v_slot := greatest(v_slot, v_now);
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

-- As doi_purge(bigint) of V2, and past p_max_bytes of answer bodies (soft between purges), the
-- answers closest to expiry go. Returns the rows deleted.
CREATE FUNCTION doi_purge(p_max_rows bigint, p_max_bytes bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
    v_deleted bigint;
    v_over    bigint;
BEGIN
    v_deleted := doi_purge(p_max_rows);
    IF NOT pg_try_advisory_xact_lock(hashtext('doi_purge')) THEN
        RETURN v_deleted;
    END IF;
    DELETE FROM doi_answer a WHERE a.ctid IN (
        SELECT k.ctid FROM (SELECT b.ctid, sum(coalesce(octet_length(b.body), 0)) OVER (ORDER BY b.expires_at DESC) AS kept
                              FROM doi_answer b) k
         WHERE k.kept > p_max_bytes);
    GET DIAGNOSTICS v_over = ROW_COUNT;
    RETURN v_deleted + v_over;
END
$$;
