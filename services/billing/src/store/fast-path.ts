import type { ReserveResponse, SettleResponse } from '@gnology/contracts';
import pg from 'pg';
import { PLANS } from '../domain/plans';
import { GroupCommit, RETRY } from './group-commit';

/**
 * The metering hot path: the common case only, and many calls per statement (group commit,
 * `group-commit.ts`): the calls waiting while earlier statements run go together as arrays,
 * unnested into rows, in ONE statement, so they share its round trip and its commit.
 *
 * - reserve: a conditional UPDATE that holds each estimate only if it fits in full within what
 *   the plan allows and nothing is due by time (the period runs, access has not ended); the
 *   reservations hang off its RETURNING (a hold is no journal entry, decision 0243).
 * - settle: held reservations whose usage fits in what the plan allows: a usage (+ overage)
 *   entry, the accounts' totals, the reservations' answers and the
 *   `tokens.consumed` events in the same statement.
 *
 * Postgres re-checks each UPDATE's conditions on the latest row version when rows race, so
 * the balance cannot be spent twice. An UPDATE changes a row once per statement, so a statement
 * writes one call per account; another call of the same account waits for the next statement.
 * Whatever the statement does not cover (a first use, a partial hold, a refusal, a period
 * change, a repeat, a settle after expiry, usage beyond the plan) changes nothing here and
 * answers null; the caller then runs the locking transaction, where the domain functions
 * decide. So does every call of a statement that failed (a repeat racing its first call, a
 * deadlock with a release). The fast path is only ever a subset of those decisions:
 * `fast-path.int.test.ts` checks both paths leave identical accounts and ledgers.
 */

/** Overage headroom per plan (domain data), for the conditions below. */
const CAPS = JSON.stringify(Object.fromEntries(Object.values(PLANS).map((p) => [p.id, p.overageCapTokens])));

/** Statements of each kind in flight at once, and calls per statement at most. */
const GROUP = { inFlight: 4, maxBatch: 256 };

const RESERVE = `
  with i as (
    select * from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[], $6::timestamptz[])
      with ordinality as i(user_id, request_id, amount, reservation_id, now, expires_at, ord)
  ),
  -- A repeat of a request id goes to the locking path, which answers it.
  fresh as (select * from i where not exists (select 1 from reservations r where r.request_id = i.request_id)),
  -- One call per account (in account order, as every batch locks them); the others retry.
  pick as (select distinct on (user_id) * from fresh order by user_id, ord),
  a as (
    update accounts ac
    set held = ac.held + p.amount, balance = ac.balance - p.amount, version = ac.version + 1, updated_at = p.now
    from pick p
    where ac.user_id = p.user_id
      and ac.period_end > p.now
      and (ac.access_until is null or ac.access_until > p.now)
      and ac.balance + coalesce(($7::jsonb ->> ac.plan)::bigint, 0) >= p.amount
    returning ac.user_id, ac.plan, ac.balance
  ),
  -- The reservation's row is the hold's only record (no journal entry: decision 0243).
  r as (
    insert into reservations (request_id, id, user_id, amount, status, response_status, response, created_at, expires_at)
    select p.request_id, p.reservation_id, a.user_id, p.amount, 'held', 200,
      jsonb_build_object('reservationId', p.reservation_id, 'remaining', greatest(a.balance, 0), 'plan', a.plan, 'amount', p.amount),
      p.now, p.expires_at
    from a join pick p using (user_id)
    returning request_id, response
  )
  select r.response as answer, f.ord is not null and p.ord is null as retry
  from i
  left join fresh f on f.ord = i.ord
  left join pick p on p.ord = i.ord
  left join r on r.request_id = i.request_id and p.ord is not null
  order by i.ord`;

export interface FastReserve {
  userId: string;
  requestId: string;
  amount: number;
  reservationId: string;
  now: Date;
  expiresAt: Date;
}

const SETTLE = `
  with i as (
    select * from unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::numeric[], $6::timestamptz[], $7::jsonb[], $8::boolean[], $9::text[])
      with ordinality as i(request_id, input, output, saved, pct, now, envelope, billing_on, topic, ord)
  ),
  held as (
    select request_id, user_id, amount from reservations
    where request_id = any($1::text[]) and status = 'held'
    order by user_id, request_id
    for update
  ),
  c as (select i.*, h.user_id, h.amount as reserved from i join held h using (request_id)),
  -- One call per account; the others (and a second call of the same request) retry.
  pick as (select distinct on (user_id) * from c order by user_id, ord),
  a as (
    update accounts ac
    set held = ac.held - p.reserved,
        used = ac.used + p.input + p.output,
        balance = ac.balance + p.reserved - (p.input + p.output),
        overage_tokens = ac.overage_tokens + greatest(0, ac.used + p.input + p.output - ac.allowance) - greatest(0, ac.used - ac.allowance),
        period_input = ac.period_input + p.input,
        period_output = ac.period_output + p.output,
        period_saved = ac.period_saved + p.saved,
        period_requests = ac.period_requests + 1,
        version = ac.version + 1,
        updated_at = p.now
    from pick p
    where ac.user_id = p.user_id
      and ac.period_end > p.now
      and (ac.access_until is null or ac.access_until > p.now)
      and ac.balance + p.reserved + coalesce(($10::jsonb ->> ac.plan)::bigint, 0) >= p.input + p.output
    returning p.ord, ac.user_id, ac.plan, ac.balance, ac.period_start, ac.stripe_customer_id,
      -- RETURNING sees the new row: the overage this request added.
      greatest(0, ac.used - ac.allowance) - greatest(0, ac.used - (p.input + p.output) - ac.allowance) as overage
  ),
  d as (
    select p.*, a.plan, a.balance, a.period_start, a.stripe_customer_id, a.overage,
      jsonb_build_object(
        'used', p.input + p.output,
        'remaining', greatest(a.balance, 0),
        'breakdown', jsonb_build_object('input', p.input, 'output', p.output, 'saved', p.saved, 'savingsPercentage', p.pct)
      ) as body
    from a join pick p using (ord)
  ),
  rc as (
    update reservations set status = 'settled', settle_response = d.body, closed_at = d.now
    from d where reservations.request_id = d.request_id
  ),
  -- One usage entry per request (and an overage entry when it went beyond the allowance).
  l as (
    insert into ledger_entries (user_id, kind, amount, tokens, request_id, meta, report_status, created_at)
    select d.user_id, e.kind, e.amount, e.tokens, d.request_id, e.meta, e.report_status, d.now
    from d, lateral (values
      (1, 'usage', -(d.input + d.output), d.input + d.output, jsonb_build_object('input', d.input, 'output', d.output, 'saved', d.saved), null::text),
      (2, 'overage', 0::bigint, d.overage, null::jsonb, case when d.billing_on and d.stripe_customer_id is not null then 'pending' else 'not_billed' end)
    ) as e(n, kind, amount, tokens, meta, report_status)
    where e.kind <> 'overage' or d.overage > 0
    order by d.ord, e.n
  ),
  o as (
    insert into outbox (event_id, topic, key, payload)
    select (d.envelope ->> 'id')::uuid, d.topic, d.user_id,
      d.envelope || jsonb_build_object(
        'subject', d.user_id,
        'data', jsonb_build_object(
          'userId', d.user_id, 'requestId', d.request_id, 'plan', d.plan,
          'inputTokens', d.input, 'outputTokens', d.output, 'savedTokens', d.saved,
          'used', d.input + d.output, 'overageTokens', d.overage, 'remaining', greatest(d.balance, 0),
          'periodStart', to_char(d.period_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    from d
    order by d.ord
  )
  select d.body as answer, c.ord is not null and p.ord is null as retry
  from i
  left join c on c.ord = i.ord
  left join pick p on p.ord = i.ord
  left join d on d.ord = i.ord
  order by i.ord`;

export interface FastSettle {
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
}

type Answer<T> = T | null | typeof RETRY;

/** A statement's rows as the items' answers; a database error sends all of its items to the locking path. */
async function answers<T>(
  pool: pg.Pool,
  name: string,
  text: string,
  count: number,
  values: unknown[],
): Promise<Answer<T>[]> {
  try {
    const { rows } = await pool.query<{ answer: T | null; retry: boolean }>({ name, text, values });
    return rows.map((r) => (r.retry ? RETRY : r.answer));
  } catch (err) {
    if (err instanceof pg.DatabaseError) return Array.from({ length: count }, () => null);
    throw err;
  }
}

function reserveBatch(pool: pg.Pool, items: FastReserve[]): Promise<Answer<ReserveResponse>[]> {
  return answers(pool, 'billing_reserve_batch', RESERVE, items.length, [
    items.map((x) => x.userId),
    items.map((x) => x.requestId),
    items.map((x) => x.amount),
    items.map((x) => x.reservationId),
    items.map((x) => x.now),
    items.map((x) => x.expiresAt),
    CAPS,
  ]);
}

function settleBatch(pool: pg.Pool, items: FastSettle[]): Promise<Answer<SettleResponse>[]> {
  return answers(pool, 'billing_settle_batch', SETTLE, items.length, [
    items.map((x) => x.requestId),
    items.map((x) => x.inputTokens),
    items.map((x) => x.outputTokens),
    items.map((x) => x.savedTokens),
    items.map((x) => x.savingsPercentage),
    items.map((x) => x.now),
    items.map((x) => JSON.stringify(x.envelope)),
    items.map((x) => x.billingOn),
    items.map((x) => x.topic),
    CAPS,
  ]);
}

/** Each pool's two group commits (its connections carry the prepared statements). */
const groups = new WeakMap<
  pg.Pool,
  { reserve: GroupCommit<FastReserve, ReserveResponse>; settle: GroupCommit<FastSettle, SettleResponse> }
>();

function groupsOf(pool: pg.Pool) {
  let g = groups.get(pool);
  if (!g) {
    g = {
      reserve: new GroupCommit((items) => reserveBatch(pool, items), GROUP),
      settle: new GroupCommit((items) => settleBatch(pool, items), GROUP),
    };
    groups.set(pool, g);
  }
  return g;
}

/** Holds the estimate in full, or null: the caller decides on the locking path. */
export function reserveFast(pool: pg.Pool, input: FastReserve): Promise<ReserveResponse | null> {
  return groupsOf(pool).reserve.submit(input);
}

/** Settles a held reservation whose usage fits, or null: the caller decides on the locking path. */
export function settleFast(pool: pg.Pool, input: FastSettle): Promise<SettleResponse | null> {
  return groupsOf(pool).settle.submit(input);
}
