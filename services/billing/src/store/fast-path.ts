import type pg from 'pg';
import type { ReserveResponse, SettleResponse } from '@gnology/contracts';
import { PLANS } from '../domain/plans';

/**
 * The metering hot path: ONE statement per call, for the common case only.
 *
 * - reserve: a conditional UPDATE that holds the estimate only if it fits in full within what
 *   the plan allows and nothing is due by time (the period runs, access has not ended); the
 *   reservation and its ledger entry hang off its RETURNING.
 * - settle: a held reservation whose usage fits in what the plan allows: release + usage
 *   (+ overage) entries, the account's totals, the reservation's answer and the
 *   `tokens.consumed` event in the same statement.
 *
 * Postgres re-checks each UPDATE's conditions on the latest row version when rows race, so
 * the balance cannot be spent twice. Whatever the statement does not cover (a first use, a
 * partial hold, a refusal, a period change, a repeat, a settle after expiry, usage beyond the
 * plan) changes nothing here and returns null; the caller then runs the locking transaction,
 * where the domain functions decide. The fast path is only ever a subset of those decisions:
 * `fast-path.int.test.ts` checks both paths leave identical accounts and ledgers.
 */

/** Overage headroom per plan (domain data), for the conditions below. */
const CAPS = JSON.stringify(Object.fromEntries(Object.values(PLANS).map((p) => [p.id, p.overageCapTokens])));

const RESERVE = `
  with a as (
    update accounts
    set held = held + $3::bigint, balance = balance - $3::bigint, version = version + 1, updated_at = $4::timestamptz
    where user_id = $1::text
      and period_end > $4::timestamptz
      and (access_until is null or access_until > $4::timestamptz)
      and balance + coalesce(($6::jsonb ->> plan)::bigint, 0) >= $3::bigint
    returning user_id, plan, balance
  ),
  r as (
    insert into reservations (request_id, id, user_id, amount, status, response_status, response, created_at, expires_at)
    select $2::text, $7::text, a.user_id, $3::bigint, 'held', 200, jsonb_build_object('reservationId', $7::text, 'remaining', greatest(a.balance, 0), 'plan', a.plan, 'amount', $3::bigint), $4::timestamptz, $5::timestamptz
    from a
    returning response
  ),
  l as (
    insert into ledger_entries (user_id, kind, amount, tokens, request_id, created_at)
    select a.user_id, 'reservation', -$3::bigint, $3::bigint, $2::text, $4::timestamptz from a
  )
  select response from r`;

export async function reserveFast(
  pool: pg.Pool,
  input: { userId: string; requestId: string; amount: number; reservationId: string; now: Date; expiresAt: Date },
): Promise<ReserveResponse | null> {
  const { rows } = await pool.query({
    name: 'billing_reserve_fast',
    text: RESERVE,
    values: [input.userId, input.requestId, input.amount, input.now, input.expiresAt, CAPS, input.reservationId],
  });
  return (rows[0]?.response as ReserveResponse | undefined) ?? null;
}

const SETTLE = `
  with r as (
    select request_id, user_id, amount from reservations where request_id = $1::text and status = 'held' for update
  ),
  a as (
    update accounts ac
    set held = ac.held - r.amount,
        used = ac.used + $2::bigint + $3::bigint,
        balance = ac.balance + r.amount - ($2::bigint + $3::bigint),
        overage_tokens = ac.overage_tokens + greatest(0, ac.used + $2::bigint + $3::bigint - ac.allowance) - greatest(0, ac.used - ac.allowance),
        period_input = ac.period_input + $2::bigint,
        period_output = ac.period_output + $3::bigint,
        period_saved = ac.period_saved + $4::bigint,
        period_requests = ac.period_requests + 1,
        version = ac.version + 1,
        updated_at = $5::timestamptz
    from r
    where ac.user_id = r.user_id
      and ac.period_end > $5::timestamptz
      and (ac.access_until is null or ac.access_until > $5::timestamptz)
      and ac.balance + r.amount + coalesce(($6::jsonb ->> ac.plan)::bigint, 0) >= $2::bigint + $3::bigint
    returning ac.user_id, ac.plan, ac.balance, ac.period_start, ac.stripe_customer_id, r.amount as reserved,
      -- RETURNING sees the new row: the overage this request added.
      greatest(0, ac.used - ac.allowance) - greatest(0, ac.used - ($2::bigint + $3::bigint) - ac.allowance) as overage
  ),
  answer as (
    select jsonb_build_object(
      'used', $2::bigint + $3::bigint,
      'remaining', greatest(a.balance, 0),
      'breakdown', jsonb_build_object('input', $2::bigint, 'output', $3::bigint, 'saved', $4::bigint, 'savingsPercentage', $8::numeric)
    ) as body
    from a
  ),
  rc as (
    update reservations set status = 'settled', settle_response = answer.body, closed_at = $5::timestamptz
    from answer where reservations.request_id = $1::text
  ),
  l as (
    insert into ledger_entries (user_id, kind, amount, tokens, request_id, meta, report_status, created_at)
    select a.user_id, e.kind, e.amount, e.tokens, $1::text, e.meta, e.report_status, $5::timestamptz
    from a, lateral (values
      ('release', a.reserved, a.reserved, jsonb_build_object('reason', 'settled'), null::text),
      ('usage', -($2::bigint + $3::bigint)::bigint, ($2::bigint + $3::bigint)::bigint, jsonb_build_object('input', $2::bigint, 'output', $3::bigint, 'saved', $4::bigint), null::text),
      ('overage', 0::bigint, a.overage, null::jsonb, case when $9::boolean and a.stripe_customer_id is not null then 'pending' else 'not_billed' end)
    ) as e(kind, amount, tokens, meta, report_status)
    where (e.kind <> 'release' or a.reserved > 0) and (e.kind <> 'overage' or a.overage > 0)
  ),
  o as (
    insert into outbox (event_id, topic, key, payload)
    select ($7::jsonb ->> 'id')::uuid, $10::text, a.user_id,
      $7::jsonb || jsonb_build_object(
        'subject', a.user_id,
        'data', jsonb_build_object(
          'userId', a.user_id, 'requestId', $1::text, 'plan', a.plan,
          'inputTokens', $2::bigint, 'outputTokens', $3::bigint, 'savedTokens', $4::bigint,
          'used', $2::bigint + $3::bigint, 'overageTokens', a.overage, 'remaining', greatest(a.balance, 0),
          'periodStart', to_char(a.period_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    from a
  )
  select body from answer`;

export async function settleFast(
  pool: pg.Pool,
  input: {
    requestId: string;
    inputTokens: number;
    outputTokens: number;
    savedTokens: number;
    savingsPercentage: number;
    now: Date;
    billingOn: boolean;
    /** The CloudEvent without subject and data (filled in by the statement), and its topic. */
    envelope: Record<string, unknown>;
    topic: string;
  },
): Promise<SettleResponse | null> {
  const { rows } = await pool.query({
    name: 'billing_settle_fast',
    text: SETTLE,
    values: [
      input.requestId,
      input.inputTokens,
      input.outputTokens,
      input.savedTokens,
      input.now,
      CAPS,
      JSON.stringify(input.envelope),
      input.savingsPercentage,
      input.billingOn,
      input.topic,
    ],
  });
  return (rows[0]?.body as SettleResponse | undefined) ?? null;
}
