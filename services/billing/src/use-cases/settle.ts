import {
  type SettleRequest,
  type SettleResponse,
  savingsPercentage,
  TOKENS_CONSUMED,
  type TokensConsumedData,
} from '@gnology/contracts';
import { buildEvent, type WriteEventInput, writeEvent } from '@gnology/platform/events/outbox';
import { TOPICS } from '@gnology/platform/events/topics';
import { conflict } from '@gnology/platform/http/errors';
import type { BillingDeps } from '../context';
import { type SettleOutcome, type Usage, refundExpiryCharge, settleUsage } from '../domain/ledger';
import { type ChangeContext, toState } from '../store/accounts';
import { settleFast } from '../store/fast-path';
import { updateReservation } from '../store/reservations';
import type { Trx } from '../store/schema';
import { EVENT_SOURCE, applyChange, bringUpToDate } from './account-change';
import { lockReservation } from './lock-reservation';
import type { MeteringContext } from './metering-context';

/**
 * Charges a request's real usage and releases the rest of its reservation, once: a repeat
 * returns the first answer. A request settled after its reservation expired is still charged
 * (the tokens were used), within what the plan allows. Emits `tokens.consumed` in the same
 * transaction. Like `reserve`, it tries the optimistic fast path first.
 */
export async function settle(
  deps: Pick<BillingDeps, 'db' | 'meteringPool'>,
  requestId: string,
  usage: SettleRequest,
  ctx: MeteringContext,
  opts: { fast?: boolean } = {},
): Promise<SettleResponse> {
  if (opts.fast !== false) {
    // A validated CloudEvent without data; the statement adds the subject and data (it is what finds the account).
    const { data: _data, ...envelope } = buildEvent({
      topic: TOPICS.billing,
      key: requestId,
      type: TOKENS_CONSUMED,
      source: EVENT_SOURCE,
      requestId: ctx.requestId,
      time: ctx.now,
      data: {},
    });
    const body = await settleFast(deps.meteringPool, {
      requestId,
      ...usage,
      savingsPercentage: savingsPercentage(usage),
      now: ctx.now,
      billingOn: ctx.billingOn,
      envelope,
      topic: TOPICS.billing,
    });
    if (body) return body;
  }
  return deps.db.transaction().execute((trx) => settleInTransaction(trx, requestId, usage, ctx));
}

/**
 * The locking settle inside a caller's transaction (the `research.completed` consumer records
 * its inbox row in the same one). A repeat returns the first answer; an expired reservation's
 * expiry charge is replaced by the real usage.
 */
export async function settleInTransaction(
  trx: Trx,
  requestId: string,
  usage: SettleRequest,
  ctx: MeteringContext,
): Promise<SettleResponse> {
  const { account, reservation } = await lockReservation(trx, requestId);
  if (reservation.status === 'settled') return reservation.settle_response as SettleResponse;
  if (reservation.status === 'refused') throw conflict('This request was refused, so there is nothing to settle.');
  const changeCtx: ChangeContext = { ...ctx, billOverage: ctx.billingOn && account.stripe_customer_id !== null };
  let state = await bringUpToDate(trx, toState(account), changeCtx);
  if (reservation.status === 'expired' && reservation.expired_charge > 0) {
    const refund = refundExpiryCharge(state, reservation.expired_charge, requestId);
    await applyChange(trx, refund, changeCtx);
    state = refund.next;
  }
  const reserved = reservation.status === 'held' ? reservation.amount : 0;
  const outcome = settleUsage(state, reserved, usage, requestId);
  await applyChange(trx, outcome, changeCtx);
  const body = settleAnswer(usage, outcome);
  await updateReservation(trx, requestId, {
    status: 'settled',
    settle_response: JSON.stringify(body),
    closed_at: ctx.now,
  });
  await writeEvent(trx, consumedEvent(account.user_id, requestId, usage, outcome, ctx));
  return body;
}

function settleAnswer(usage: Usage, outcome: SettleOutcome): SettleResponse {
  return {
    // What was charged, which is what the user's balance moved by (issue 11: not the provider's count).
    used: outcome.charged,
    remaining: outcome.remaining,
    breakdown: {
      input: usage.inputTokens,
      output: usage.outputTokens,
      saved: usage.savedTokens,
      savingsPercentage: savingsPercentage(usage),
    },
  };
}

function consumedEvent(
  userId: string,
  requestId: string,
  usage: Usage,
  outcome: SettleOutcome,
  ctx: MeteringContext,
): WriteEventInput<TokensConsumedData> {
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
