import { randomUUID } from 'node:crypto';
import type { ReserveRefusal, ReserveRequest, ReserveResponse } from '@gnology/contracts';
import { conflict } from '@gnology/platform/http/errors';
import type { BillingDeps } from '../context';
import { remainingOf } from '../domain/account';
import { hold } from '../domain/ledger';
import { addMinutes } from '../domain/period';
import { decideReservation } from '../domain/reservation';
import { toState } from '../store/accounts';
import { reserveFast } from '../store/fast-path';
import { findReservationAnswer, insertReservation } from '../store/reservations';
import type { Db } from '../store/schema';
import { applyChange, bringUpToDate, lockOrOpenAccount } from './account-change';
import type { MeteringContext } from './metering-context';

export type ReserveAnswer = { status: 200; body: ReserveResponse } | { status: 402; body: ReserveRefusal };

/**
 * Holds tokens for a research request, or refuses it with the plan's message. A repeat of the
 * same request id returns the first answer. The common case (an existing account, nothing due
 * by time, a grant) takes the optimistic fast path; everything else, and a fast write that lost
 * a race, takes the locking transaction. Both decide with the same domain functions.
 */
export async function reserve(
  deps: Pick<BillingDeps, 'db' | 'meteringPool'>,
  input: ReserveRequest,
  ctx: MeteringContext,
  opts: { fast?: boolean } = {},
): Promise<ReserveAnswer> {
  if (opts.fast !== false) {
    const body = await reserveFast(deps.meteringPool, {
      userId: input.userId,
      requestId: input.requestId,
      amount: input.estimatedTokens,
      reservationId: randomUUID(),
      now: ctx.now,
      expiresAt: addMinutes(ctx.now, ctx.ttlMinutes),
    });
    if (body) return { status: 200, body };
  }
  return reserveLocked(deps.db, input, ctx);
}

/** The locking path: the account row stays locked from the decision to the write, so parallel requests queue on it. */
async function reserveLocked(db: Db, input: ReserveRequest, ctx: MeteringContext): Promise<ReserveAnswer> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOrOpenAccount(trx, input.userId, ctx);
    const prior = await findReservationAnswer(trx, input.requestId);
    if (prior) {
      if (prior.user_id !== input.userId) throw conflict('This request id belongs to another account.');
      return { status: prior.response_status, body: prior.response } as ReserveAnswer;
    }
    const state = await bringUpToDate(trx, toState(row), ctx);
    const decision = decideReservation(state, input.estimatedTokens, ctx.now, input.minimumTokens);
    const id = randomUUID();
    let answer: ReserveAnswer;
    let amount = 0;
    if (decision.ok) {
      const change = hold(state, decision.amount);
      await applyChange(trx, change, ctx);
      amount = decision.amount;
      answer = {
        status: 200,
        body: { reservationId: id, remaining: remainingOf(change.next), plan: state.plan, amount: decision.amount },
      };
    } else {
      answer = {
        status: 402,
        body: { error: decision.message, code: decision.code, remaining: decision.remaining, plan: decision.plan },
      };
    }
    await insertReservation(trx, {
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
    });
    return answer;
  });
}
