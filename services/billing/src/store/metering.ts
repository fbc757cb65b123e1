import { randomUUID } from 'node:crypto';
import {
  type BalanceResponse,
  type ReleaseResponse,
  type ReservationStatusResponse,
  type ReserveRefusal,
  type ReserveRequest,
  type ReserveResponse,
  type SettleRequest,
  type SettleResponse,
  TOKENS_CONSUMED,
  type TokensConsumedData,
} from '@gnology/contracts';
import { buildEvent, type WriteEventInput, writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { conflict, notFound } from '@gnology/platform/http/errors';
import type pg from 'pg';
import { type AccountState, remainingOf } from '../domain/account';
import {
  type SettleOutcome,
  type Usage,
  applyTime,
  chargeExpired,
  hold,
  refundExpiryCharge,
  releaseHold,
  savingsPercentage,
  settleUsage,
} from '../domain/ledger';
import { addMinutes } from '../domain/period';
import { decideReservation } from '../domain/reservation';
import { type ChangeContext, EVENT_SOURCE, applyChange, findAccount, lockAccount, lockOrOpenAccount, toState } from './accounts';
import { reserveFast, settleFast } from './fast-path';
import type { Db, Trx } from './schema';

export interface MeteringContext {
  now: Date;
  requestId?: string;
  /** Minutes until an unsettled reservation is released by the sweep. */
  ttlMinutes: number;
  /** Stripe is on: overage entries of accounts with a Stripe customer are queued for reporting. */
  billingOn: boolean;
}

export type ReserveAnswer = { status: 200; body: ReserveResponse } | { status: 402; body: ReserveRefusal };

/** Brings a locked account up to date with the clock (period renewals, ended subscriptions). */
async function current(trx: Trx, state: AccountState, ctx: ChangeContext): Promise<AccountState> {
  const timed = applyTime(state, ctx.now);
  if (!timed) return state;
  await applyChange(trx, timed, ctx);
  return timed.next;
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string }).code === '23505';
}

/**
 * Holds tokens for a research request, or refuses it with the plan's message. A repeat of the
 * same request id returns the first answer. The common case (an existing account, nothing due
 * by time, a grant) takes the optimistic fast path; everything else, and a fast write that lost
 * a race, takes the locking transaction. Both decide with the same domain functions.
 */
export async function reserve(db: Db, pool: pg.Pool, input: ReserveRequest, ctx: MeteringContext, opts: { fast?: boolean } = {}): Promise<ReserveAnswer> {
  if (opts.fast !== false) {
    try {
      const body = await reserveFast(pool, {
        userId: input.userId,
        requestId: input.requestId,
        amount: input.estimatedTokens,
        reservationId: randomUUID(),
        now: ctx.now,
        expiresAt: addMinutes(ctx.now, ctx.ttlMinutes),
      });
      if (body) return { status: 200, body };
    } catch (err) {
      // A repeat of a request id: the locking path returns the first answer.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return reserveLocked(db, input, ctx);
}

/** The locking path: the account row stays locked from the decision to the write, so parallel requests queue on it. */
async function reserveLocked(db: Db, input: ReserveRequest, ctx: MeteringContext): Promise<ReserveAnswer> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOrOpenAccount(trx, input.userId, ctx);
    const prior = await trx
      .selectFrom('reservations')
      .select(['user_id', 'response_status', 'response'])
      .where('request_id', '=', input.requestId)
      .executeTakeFirst();
    if (prior) {
      if (prior.user_id !== input.userId) throw conflict('This request id belongs to another account.');
      return { status: prior.response_status, body: prior.response } as ReserveAnswer;
    }
    const state = await current(trx, toState(row), ctx);
    const decision = decideReservation(state, input.estimatedTokens, ctx.now, input.minimumTokens);
    const id = randomUUID();
    let answer: ReserveAnswer;
    let amount = 0;
    if (decision.ok) {
      const change = hold(state, decision.amount, input.requestId);
      await applyChange(trx, change, ctx);
      amount = decision.amount;
      answer = { status: 200, body: { reservationId: id, remaining: remainingOf(change.next), plan: state.plan, amount: decision.amount } };
    } else {
      answer = { status: 402, body: { error: decision.message, code: decision.code, remaining: decision.remaining, plan: decision.plan } };
    }
    await trx
      .insertInto('reservations')
      .values({
        request_id: input.requestId,
        id,
        user_id: input.userId,
        amount,
        status: decision.ok ? 'held' : 'refused',
        response_status: answer.status,
        response: JSON.stringify(answer.body),
        created_at: ctx.now,
        expires_at: addMinutes(ctx.now, ctx.ttlMinutes),
        closed_at: decision.ok ? null : ctx.now,
      })
      .execute();
    return answer;
  });
}

/** Finds a reservation and locks its account, then the reservation (always in that order: no deadlocks). */
async function lockReservation(trx: Trx, requestId: string) {
  const ref = await trx.selectFrom('reservations').select('user_id').where('request_id', '=', requestId).executeTakeFirst();
  if (!ref) throw notFound('No reservation exists for this request.');
  const account = await lockAccount(trx, ref.user_id);
  if (!account) throw new Error(`reservation ${requestId} has no account`);
  const reservation = await trx.selectFrom('reservations').selectAll().where('request_id', '=', requestId).forUpdate().executeTakeFirstOrThrow();
  return { account, reservation };
}

function settleAnswer(usage: Usage, outcome: SettleOutcome): SettleResponse {
  return {
    // What was charged, which is what the user's balance moved by (issue 11: not the provider's count).
    used: outcome.charged,
    remaining: outcome.remaining,
    breakdown: { input: usage.inputTokens, output: usage.outputTokens, saved: usage.savedTokens, savingsPercentage: savingsPercentage(usage) },
  };
}

function consumedEvent(userId: string, requestId: string, usage: Usage, outcome: SettleOutcome, ctx: MeteringContext): WriteEventInput<TokensConsumedData> {
  return {
    topic: TOPICS.billing,
    key: userId,
    type: TOKENS_CONSUMED,
    source: EVENT_SOURCE,
    subject: userId,
    requestId: ctx.requestId,
    time: ctx.now,
    data: {
      userId,
      requestId,
      plan: outcome.next.plan,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      savedTokens: usage.savedTokens,
      used: outcome.charged,
      overageTokens: outcome.overage,
      remaining: outcome.remaining,
      periodStart: outcome.next.periodStart.toISOString(),
    },
  };
}

/**
 * Charges a request's real usage and releases the rest of its reservation, once: a repeat
 * returns the first answer. A request settled after its reservation expired is still charged
 * (the tokens were used), within what the plan allows. Emits `tokens.consumed` in the same
 * transaction. Like `reserve`, it tries the optimistic fast path first.
 */
export async function settle(db: Db, pool: pg.Pool, requestId: string, usage: SettleRequest, ctx: MeteringContext, opts: { fast?: boolean } = {}): Promise<SettleResponse> {
  if (opts.fast !== false) {
    // A validated CloudEvent without data; the statement adds the subject and data (it is what finds the account).
    const { data: _data, ...envelope } = buildEvent({ topic: TOPICS.billing, key: requestId, type: TOKENS_CONSUMED, source: EVENT_SOURCE, requestId: ctx.requestId, time: ctx.now, data: {} });
    try {
      const body = await settleFast(pool, {
        requestId,
        ...usage,
        savingsPercentage: savingsPercentage(usage),
        now: ctx.now,
        billingOn: ctx.billingOn,
        envelope,
        topic: TOPICS.billing,
      });
      if (body) return body;
    } catch (err) {
      // Racing a release or an expiry of the same reservation (opposite lock order): let the locking path decide.
      if ((err as { code?: string }).code !== '40P01') throw err;
    }
  }
  return settleLocked(db, requestId, usage, ctx);
}

async function settleLocked(db: Db, requestId: string, usage: SettleRequest, ctx: MeteringContext): Promise<SettleResponse> {
  return db.transaction().execute((trx) => settleInTransaction(trx, requestId, usage, ctx));
}

/**
 * The locking settle inside a caller's transaction (the `research.completed` consumer records
 * its inbox row in the same one). A repeat returns the first answer; an expired reservation's
 * expiry charge is replaced by the real usage.
 */
export async function settleInTransaction(trx: Trx, requestId: string, usage: SettleRequest, ctx: MeteringContext): Promise<SettleResponse> {
  const { account, reservation } = await lockReservation(trx, requestId);
  if (reservation.status === 'settled') return reservation.settle_response as SettleResponse;
  if (reservation.status === 'refused') throw conflict('This request was refused, so there is nothing to settle.');
  const changeCtx: ChangeContext = { ...ctx, billOverage: ctx.billingOn && account.stripe_customer_id !== null };
  let state = await current(trx, toState(account), changeCtx);
  if (reservation.status === 'expired' && reservation.expired_charge > 0) {
    const refund = refundExpiryCharge(state, reservation.expired_charge, requestId);
    await applyChange(trx, refund, changeCtx);
    state = refund.next;
  }
  const reserved = reservation.status === 'held' ? reservation.amount : 0;
  const outcome = settleUsage(state, reserved, usage, requestId);
  await applyChange(trx, outcome, changeCtx);
  const body = settleAnswer(usage, outcome);
  await trx
    .updateTable('reservations')
    .set({ status: 'settled', settle_response: JSON.stringify(body), closed_at: ctx.now })
    .where('request_id', '=', requestId)
    .execute();
  await writeEvent(trx, consumedEvent(account.user_id, requestId, usage, outcome, ctx));
  return body;
}

/** Gives back a reservation that will never be settled (the research request failed or was aborted). */
export async function release(db: Db, requestId: string, ctx: MeteringContext): Promise<ReleaseResponse> {
  return db.transaction().execute((trx) => releaseInTransaction(trx, requestId, ctx));
}

/** `release` inside a caller's transaction. An expired reservation's charge is given back too: the request failed. */
export async function releaseInTransaction(trx: Trx, requestId: string, ctx: MeteringContext): Promise<ReleaseResponse> {
  const { account, reservation } = await lockReservation(trx, requestId);
  const state = toState(account);
  if (reservation.status === 'expired' && reservation.expired_charge > 0) {
    const refund = refundExpiryCharge(state, reservation.expired_charge, requestId);
    await applyChange(trx, refund, ctx);
    await trx.updateTable('reservations').set({ status: 'released', expired_charge: 0, closed_at: ctx.now }).where('request_id', '=', requestId).execute();
    return { released: reservation.expired_charge, remaining: remainingOf(refund.next), status: 'released' };
  }
  if (reservation.status !== 'held') {
    const status = reservation.status === 'refused' ? 'released' : reservation.status;
    return { released: 0, remaining: remainingOf(state), status };
  }
  const change = releaseHold(state, reservation.amount, requestId, 'released');
  await applyChange(trx, change, ctx);
  await trx.updateTable('reservations').set({ status: 'released', closed_at: ctx.now }).where('request_id', '=', requestId).execute();
  return { released: reservation.amount, remaining: remainingOf(change.next), status: 'released' };
}

/** Whether a request's tokens are still held, and how many (a queued job checks before each model call). */
export async function reservationStatus(db: Db, requestId: string, now: Date): Promise<ReservationStatusResponse> {
  const r = await db.selectFrom('reservations').select(['status', 'amount', 'user_id']).where('request_id', '=', requestId).executeTakeFirst();
  if (!r) throw notFound('No reservation exists for this request.');
  const s = toState(await currentAccount(db, r.user_id, { now }));
  return { status: r.status, amount: r.status === 'held' ? Number(r.amount) : 0, plan: s.plan, remaining: remainingOf(s) };
}

/**
 * Closes reservations whose request never settled nor released: each is CHARGED its held amount
 * (decision 0086). Research reports every end of a request through its outbox (`research.completed`,
 * failures included), so a reservation still open after the TTL belongs to a process that died,
 * possibly after the model answered; a completion that arrives later replaces the charge with
 * the real usage, and a failure report gives it back. Each runs in its own short transaction; a
 * reservation settled meanwhile is skipped.
 */
export async function expireReservations(db: Db, now: Date, batch = 200): Promise<number> {
  const due = await db
    .selectFrom('reservations')
    .select(['request_id', 'user_id'])
    .where('status', '=', 'held')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(batch)
    .execute();
  let expired = 0;
  for (const { request_id, user_id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, user_id);
      const r = await trx.selectFrom('reservations').select(['status', 'amount']).where('request_id', '=', request_id).forUpdate().executeTakeFirst();
      if (!account || !r || r.status !== 'held') return false;
      const outcome = chargeExpired(toState(account), r.amount, request_id);
      await applyChange(trx, outcome, { now });
      await trx.updateTable('reservations').set({ status: 'expired', expired_charge: outcome.charged, closed_at: now }).where('request_id', '=', request_id).execute();
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/**
 * The account as of now, opened on first use and brought up to date with the clock. Reads
 * without a lock; only an account that is missing or due a period change takes the write path.
 */
export async function currentAccount(db: Db, userId: string, ctx: { now: Date; email?: string; name?: string }) {
  const row = await findAccount(db, userId);
  if (row && !applyTime(toState(row), ctx.now)) return row;
  return db.transaction().execute(async (trx) => {
    const extra = ctx.email ? { email: ctx.email, name: ctx.name ?? null } : undefined;
    const locked = await lockOrOpenAccount(trx, userId, { now: ctx.now, extra });
    const timed = applyTime(toState(locked), ctx.now);
    if (!timed) return locked;
    await applyChange(trx, timed, { now: ctx.now });
    return (await lockAccount(trx, userId))!;
  });
}

export async function balanceOf(db: Db, userId: string, now: Date): Promise<BalanceResponse> {
  const s = toState(await currentAccount(db, userId, { now }));
  return { plan: s.plan, remaining: remainingOf(s), tokensUsed: s.used, monthlyTokenLimit: s.allowance, periodEnd: s.periodEnd?.toISOString() ?? null };
}
