-- The shared provider-call limiter (lib/payment-api/limiter.ts createPostgresLimiter) asks for a
-- slot in one round trip: this function takes the provider's advisory lock, then (in its own
-- statement, whose fresh snapshot under READ COMMITTED sees every call the lock's previous holder
-- committed) finds the ceiling-th most recent call in the window. Without one, the call is logged
-- with its lane and how long it waited, and null is returned; with one, nothing is logged and the
-- milliseconds until that call leaves the window are returned. Called in autocommit, the lock is
-- released when the statement's transaction commits. Before it, the same took four round trips
-- (begin, lock, select-and-insert, commit) on every provider call.
CREATE FUNCTION "paydesk_take_provider_slot"(
  p_provider text,
  p_window_ms float8,
  p_ceiling integer,
  p_lane text,
  p_waited_ms integer,
  p_purge boolean
) RETURNS float8
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_wait float8;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('paydesk:provider-calls:' || p_provider));
  SELECT (extract(epoch from (c.at - clock_timestamp())) * 1000 + p_window_ms)::float8 INTO v_wait
  FROM provider_calls c
  WHERE c.provider = p_provider AND c.at > clock_timestamp() - make_interval(secs => p_window_ms / 1000)
  ORDER BY c.at DESC OFFSET p_ceiling - 1 LIMIT 1;
  IF FOUND THEN
    RETURN v_wait;
  END IF;
  INSERT INTO provider_calls (provider, at, lane, waited_ms) VALUES (p_provider, clock_timestamp(), p_lane, p_waited_ms);
  IF p_purge THEN
    DELETE FROM provider_calls WHERE provider = p_provider AND at < clock_timestamp() - interval '1 hour';
  END IF;
  RETURN NULL;
END;
$$;
