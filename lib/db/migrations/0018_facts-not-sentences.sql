-- PayDesk's own reasons and notes were stored as English sentences; from here they are stored as
-- facts (lib/requests/notes.ts, lib/payment-api/failure-words.ts) and worded when shown. Rows
-- written before are turned into facts here: every sentence PayDesk used to write is recognised
-- below; any other text (the provider's reason, a person's words, an error's message) is kept as
-- it was and shown as it is.
ALTER TABLE "payment_requests" ADD COLUMN "status_facts" jsonb;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "reason_facts" jsonb;
--> statement-breakpoint
CREATE FUNCTION paydesk_0018_detail(t text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    WHEN t ~ '^HTTP \d+ with an empty answer$' THEN jsonb_build_object('what', 'empty_answer', 'status', (substring(t from '^HTTP (\d+)'))::int)
    WHEN t ~ '^HTTP \d+ with an answer that is not JSON$' THEN jsonb_build_object('what', 'not_json', 'status', (substring(t from '^HTTP (\d+)'))::int)
    WHEN t ~ '^unexpected HTTP \d+$' THEN jsonb_build_object('what', 'unexpected_status', 'status', (substring(t from '(\d+)$'))::int)
    WHEN t ~ '^HTTP \d+$' THEN jsonb_build_object('what', 'http_status', 'status', (substring(t from '(\d+)$'))::int)
    WHEN t ~ '^an answer PayDesk cannot read \([^:]+: .*\)$' THEN jsonb_build_object('what', 'unreadable_part', 'part', (regexp_match(t, '^an answer PayDesk cannot read \(([^:]+): (.*)\)$'))[1], 'issue', (regexp_match(t, '^an answer PayDesk cannot read \(([^:]+): (.*)\)$'))[2])
    WHEN t = 'an answer without a status' THEN '{"what": "no_status"}'::jsonb
    WHEN t = 'a Pay-Out answer PayDesk cannot read' THEN '{"what": "unreadable_payout"}'::jsonb
    WHEN t = 'a list answer that is not a list' THEN '{"what": "not_a_list"}'::jsonb
    WHEN t = 'a list PayDesk cannot read' THEN '{"what": "unreadable_list"}'::jsonb
    WHEN t = 'the connection was reset' THEN '{"what": "connection_reset"}'::jsonb
    WHEN t = 'the connection was refused' THEN '{"what": "connection_refused"}'::jsonb
    WHEN t = 'the host name could not be resolved' THEN '{"what": "host_unknown"}'::jsonb
    WHEN t = 'the answer stalled' THEN '{"what": "stalled"}'::jsonb
    WHEN t ~ '^network error \S+$' THEN jsonb_build_object('what', 'network', 'code', substring(t from '^network error (\S+)$'))
    WHEN t = 'network error' THEN '{"what": "network", "code": null}'::jsonb
    ELSE jsonb_build_object('what', 'text', 'text', t)
  END
$fn$;
--> statement-breakpoint
CREATE FUNCTION paydesk_0018_failure(t text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  WITH split AS (
    SELECT
      CASE
        WHEN t LIKE '% The request may or may not have been created; PayDesk checks with the provider before anything is sent again.' THEN left(t, length(t) - length(' The request may or may not have been created; PayDesk checks with the provider before anything is sent again.'))
        WHEN t LIKE '% Try again in a moment.' THEN left(t, length(t) - length(' Try again in a moment.'))
      END AS main,
      t LIKE '% The request may or may not have been created; PayDesk checks with the provider before anything is sent again.' AS may_exist
  )
  SELECT CASE
    WHEN t ~ '^The provider rejected the API key for org .+? \(.+\)\. The key may be wrong, disabled or expired: enter the current key in the merchant''s settings\.$' THEN jsonb_build_object(
      'kind', 'auth_failed',
      'orgId', (regexp_match(t, '^The provider rejected the API key for org (.+?) \((.+)\)\. The key may be wrong'))[1],
      'merchantLabel', (regexp_match(t, '^The provider rejected the API key for org (.+?) \((.+)\)\. The key may be wrong'))[2])
    WHEN t ~ '^This merchant''s API key lacks the role for .+\. Ask the provider for a key with that role\.$' THEN jsonb_build_object(
      'kind', 'forbidden', 'missing', 'role',
      'operation', CASE (regexp_match(t, '^This merchant''s API key lacks the role for (.+)\. Ask the provider'))[1]
        WHEN 'creating Pay-In requests' THEN 'SubmitPayInRequest'
        WHEN 'creating P2P Pay-In requests' THEN 'SubmitPayInRequestP2P'
        WHEN 'creating Pay-Out requests' THEN 'SubmitPayOutRequest'
        WHEN 'creating Withdrawal requests' THEN 'SubmitWithdrawalRequest'
        WHEN 'reading requests back (the VIEWER role)' THEN 'GetPaymentRequestById'
        WHEN 'searching requests (the VIEWER role)' THEN 'GetPaymentRequests'
        ELSE (regexp_match(t, '^This merchant''s API key lacks the role for (.+)\. Ask the provider'))[1]
      END)
    WHEN t ~ '^.+ has no read \(VIEWER\) key in PayDesk, so PayDesk cannot look requests up at the provider; outcomes depend on webhooks alone\.$' THEN jsonb_build_object(
      'kind', 'forbidden', 'missing', 'read_key',
      'merchantLabel', (regexp_match(t, '^(.+) has no read \(VIEWER\) key in PayDesk'))[1])
    WHEN t = 'The provider is limiting how fast PayDesk may call it (HTTP 429). Nothing was created; try again in a few seconds.' THEN '{"kind": "rate_limited"}'::jsonb
    WHEN t ~ '^The call would have had to wait \d+ s for the provider''s capacity' THEN jsonb_build_object('kind', 'busy', 'waitMs', (substring(t from 'wait (\d+) s'))::int * 1000)
    WHEN split.main ~ '^The provider did not answer within \d+ s\.$' THEN jsonb_build_object('kind', 'timeout', 'timeoutMs', (substring(split.main from 'within (\d+) s'))::int * 1000, 'mayExist', split.may_exist)
    WHEN split.main ~ '^PayDesk could not reach the provider at .+? \(.*\)\.$' THEN jsonb_build_object(
      'kind', 'network',
      'host', (regexp_match(split.main, '^PayDesk could not reach the provider at (.+?) \((.*)\)\.$'))[1],
      'detail', paydesk_0018_detail((regexp_match(split.main, '^PayDesk could not reach the provider at (.+?) \((.*)\)\.$'))[2]),
      'mayExist', split.may_exist)
    WHEN split.main ~ '^The provider failed to answer properly \(.*\)\.$' THEN jsonb_build_object(
      'kind', 'provider_error',
      'detail', paydesk_0018_detail((regexp_match(split.main, '^The provider failed to answer properly \((.*)\)\.$'))[1]),
      'mayExist', split.may_exist)
  END
  FROM split
$fn$;
--> statement-breakpoint
CREATE FUNCTION paydesk_0018_note(t text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE
    -- What a check with the provider found.
    WHEN t ~ '^nothing to check while \S+$' THEN jsonb_build_object('note', 'nothing_to_check', 'state', substring(t from 'while (\S+)$'))
    WHEN t = 'no provider id to look up' THEN '{"note": "no_provider_id"}'::jsonb
    WHEN t ~ '^found at the provider as .+$' THEN jsonb_build_object('note', 'found_as', 'status', substring(t from '^found at the provider as (.+)$'))
    WHEN t = 'not at the provider yet; waiting before sending again' THEN '{"note": "not_there_yet"}'::jsonb
    WHEN t = 'the provider still has no such request after several attempts; a person should look' THEN '{"note": "gave_up"}'::jsonb
    WHEN t = 'sent again: the provider had not created it' THEN '{"note": "sent_again"}'::jsonb
    WHEN t ~ '^the provider says .+$' THEN jsonb_build_object('note', 'provider_says', 'status', substring(t from '^the provider says (.+)$'))
    WHEN t = 'the send did not finish (PayDesk restarted?)' THEN '{"note": "send_unfinished"}'::jsonb
    WHEN t = 'the provider has no request with this RefId1' THEN '{"note": "no_such_ref_id1"}'::jsonb
    WHEN t = 'the provider still has no request with this RefId1' THEN '{"note": "still_none"}'::jsonb
    WHEN t ~ '^RefId1 .+ is already used at the provider by a request this submit did not create; nothing was created$' THEN jsonb_build_object('note', 'ref_id1_taken', 'refId1', substring(t from '^RefId1 (.+) is already used at the provider'))
    WHEN t = 'the provider''s requests with this RefId1 cannot tell which, if any, this submit created; a person should look' THEN '{"note": "cannot_tell"}'::jsonb
    WHEN t = 'another PayDesk request took this provider request meanwhile; checking again' THEN '{"note": "taken_meanwhile"}'::jsonb
    WHEN t = 'the merchant''s API keys cannot be read; check them in Settings' THEN '{"note": "keys_unreadable"}'::jsonb
    WHEN t = 'the sandbox matched the transfer to no single pending request' THEN '{"note": "sandbox_no_match"}'::jsonb
    -- Why a webhook was held or refused.
    WHEN t = 'not confirmed: the merchant has no read key, so PayDesk cannot ask the provider' THEN '{"note": "webhook_no_read_key"}'::jsonb
    WHEN t ~ '^\S+ without an amount \(TX_AMOUNT\)$' THEN jsonb_build_object('note', 'webhook_no_amount', 'event', substring(t from '^(\S+) without'))
    WHEN t ~ '^not confirmed with the provider \(.+\)$' AND paydesk_0018_failure(substring(t from '^not confirmed with the provider \((.+)\)$')) IS NOT NULL
      THEN jsonb_build_object('note', 'webhook_not_confirmed', 'failure', paydesk_0018_failure(substring(t from '^not confirmed with the provider \((.+)\)$')))
    WHEN t = 'not confirmed: the merchant''s API keys cannot be read' THEN '{"note": "webhook_keys_unreadable"}'::jsonb
    WHEN t ~ '^not confirmed: the provider''s status ".*" is not one PayDesk knows$' THEN jsonb_build_object('note', 'webhook_status_unknown', 'status', substring(t from 'status "(.*)" is not'))
    WHEN t ~ '^the webhook said \S+, the provider says .+$' THEN jsonb_build_object('note', 'webhook_contradicted', 'event', substring(t from '^the webhook said (\S+),'), 'status', substring(t from ', the provider says (.+)$'))
    WHEN t ~ '^RefId1 .+ is not this request''s .+$' THEN jsonb_build_object('note', 'webhook_ref_id1_mismatch', 'refId1', (regexp_match(t, '^RefId1 (.+) is not this request''s (.+)$'))[1], 'expected', (regexp_match(t, '^RefId1 (.+) is not this request''s (.+)$'))[2])
    WHEN t ~ '^received [0-9.]+ THB, the request asked for [0-9.]+$' THEN jsonb_build_object('note', 'webhook_amount_mismatch',
      'receivedSatang', round((substring(t from '^received ([0-9.]+) THB'))::numeric * 100)::bigint,
      'askedSatang', round((substring(t from 'asked for ([0-9.]+)$'))::numeric * 100)::bigint)
    WHEN t ~ '^paid out [0-9.]+ THB on a request of [0-9.]+$' THEN jsonb_build_object('note', 'webhook_overpaid',
      'paidSatang', round((substring(t from '^paid out ([0-9.]+) THB'))::numeric * 100)::bigint,
      'requestedSatang', round((substring(t from 'request of ([0-9.]+)$'))::numeric * 100)::bigint)
    WHEN t ~ '^money reported for .+ \(RefId1 .+\), which is not a request of this merchant$' THEN jsonb_build_object('note', 'webhook_unmatched_money',
      'providerId', nullif((regexp_match(t, '^money reported for (.+) \(RefId1 (.+)\), which is not'))[1], 'no request'),
      'refId1', nullif((regexp_match(t, '^money reported for (.+) \(RefId1 (.+)\), which is not'))[2], 'none'))
    WHEN t ~ '^no request of this merchant has provider id .*$' THEN jsonb_build_object('note', 'webhook_unknown_request', 'providerId', nullif(substring(t from 'provider id (.*)$'), 'null'))
    -- Why the state machine changed nothing.
    WHEN t ~ '^the request is already \S+; a terminal state is never left$' THEN jsonb_build_object('note', 'terminal', 'state', substring(t from 'already (\S+);'))
    WHEN t ~ '^approval only applies while awaiting approval \(now \S+\)$' THEN jsonb_build_object('note', 'approval_not_awaiting', 'state', substring(t from '\(now (\S+)\)$'))
    WHEN t ~ '^only a request awaiting approval can be declined \(now \S+\)$' THEN jsonb_build_object('note', 'decline_not_awaiting', 'state', substring(t from '\(now (\S+)\)$'))
    WHEN t ~ '^the provider''s answer to the submit came while \S+$' THEN jsonb_build_object('note', 'submit_answer_late', 'state', substring(t from 'while (\S+)$'))
    WHEN t ~ '^a submit rejection came while \S+$' THEN jsonb_build_object('note', 'submit_rejection_late', 'state', substring(t from 'while (\S+)$'))
    WHEN t ~ '^an uncertain submit outcome came while \S+$' THEN jsonb_build_object('note', 'uncertain_late', 'state', substring(t from 'while (\S+)$'))
    WHEN t ~ '^only an unknown submit can be left to a person \(now \S+\)$' THEN jsonb_build_object('note', 'unresolved_not_unknown', 'state', substring(t from '\(now (\S+)\)$'))
    WHEN t = 'the provider cannot know a request that was never sent' THEN '{"note": "never_sent"}'::jsonb
    WHEN t ~ '^the provider status ".*" is not one PayDesk knows$' THEN jsonb_build_object('note', 'unknown_provider_status', 'status', substring(t from 'status "(.*)" is not'))
    WHEN t = 'a pay-out success for a pay-in' THEN '{"note": "payout_success_for_payin"}'::jsonb
    WHEN t = 'the provider cannot pay out a request that was never sent' THEN '{"note": "payout_never_sent"}'::jsonb
    WHEN t = 'this partial pay-out adds nothing to what is already paid' THEN '{"note": "partial_adds_nothing"}'::jsonb
    WHEN t = 'already pending' THEN '{"note": "already_pending"}'::jsonb
  END
$fn$;
--> statement-breakpoint
CREATE FUNCTION paydesk_0018_fact(t text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $fn$
  SELECT coalesce(paydesk_0018_failure(t), paydesk_0018_note(t))
$fn$;
--> statement-breakpoint
UPDATE "payment_requests" SET "status_facts" = paydesk_0018_fact("status_reason"), "status_reason" = NULL
WHERE "status_reason" IS NOT NULL AND paydesk_0018_fact("status_reason") IS NOT NULL;
--> statement-breakpoint
-- The timeline: the English wording of a provider's refusal (`message`) goes (it is worded from its
-- code); a refusal PayDesk made itself (NOT_SENT_<kind>) keeps its facts under `facts`.
UPDATE "request_events" SET "data" = ("data" - 'message' - 'description') || jsonb_build_object('description', NULL, 'facts', paydesk_0018_fact("data" ->> 'description'))
WHERE "type" = 'submit_rejected' AND "data" ->> 'code' LIKE 'NOT\_SENT\_%' AND paydesk_0018_fact("data" ->> 'description') IS NOT NULL;
--> statement-breakpoint
UPDATE "request_events" SET "data" = "data" - 'message' WHERE "type" = 'submit_rejected' AND "data" ? 'message';
--> statement-breakpoint
UPDATE "request_events" SET "data" = jsonb_set("data", '{reason}', paydesk_0018_fact("data" ->> 'reason'))
WHERE jsonb_typeof("data" -> 'reason') = 'string' AND paydesk_0018_fact("data" ->> 'reason') IS NOT NULL;
--> statement-breakpoint
UPDATE "request_events" SET "data" = jsonb_set("data", '{note}', paydesk_0018_fact("data" ->> 'note'))
WHERE jsonb_typeof("data" -> 'note') = 'string' AND paydesk_0018_fact("data" ->> 'note') IS NOT NULL;
--> statement-breakpoint
UPDATE "request_events" SET "data" = jsonb_set("data", '{detail}', paydesk_0018_fact("data" ->> 'detail'))
WHERE jsonb_typeof("data" -> 'detail') = 'string' AND paydesk_0018_fact("data" ->> 'detail') IS NOT NULL;
--> statement-breakpoint
UPDATE "request_events" SET "data" = jsonb_set("data", '{outcome,ignored}', paydesk_0018_fact("data" #>> '{outcome,ignored}'))
WHERE jsonb_typeof("data" #> '{outcome,ignored}') = 'string' AND paydesk_0018_fact("data" #>> '{outcome,ignored}') IS NOT NULL;
--> statement-breakpoint
UPDATE "webhook_deliveries" SET "reason_facts" = paydesk_0018_fact("reason"), "reason" = NULL
WHERE "reason" IS NOT NULL AND "verdict" <> 'malformed' AND paydesk_0018_fact("reason") IS NOT NULL;
--> statement-breakpoint
DROP FUNCTION paydesk_0018_fact(text);
--> statement-breakpoint
DROP FUNCTION paydesk_0018_note(text);
--> statement-breakpoint
DROP FUNCTION paydesk_0018_failure(text);
--> statement-breakpoint
DROP FUNCTION paydesk_0018_detail(text);
