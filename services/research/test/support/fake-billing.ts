import { balanceMessage, savingsPercentage } from '@gnology/contracts';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A stand-in for the billing service's internal reservation API (the contract research codes
 * against), on loopback. Balances per user; reservations held until settled or released.
 */
export interface FakeBilling {
  url: string;
  app: FastifyInstance;
  setBalance(userId: string, remaining: number, plan?: string): void;
  balance(userId: string): { remaining: number; plan: string };
  calls: { op: 'reserve' | 'settle' | 'release'; requestId: string; body: Record<string, unknown> }[];
  reservations: Map<string, { userId: string; estimatedTokens: number }>;
  close(): Promise<void>;
}

export async function startFakeBilling(): Promise<FakeBilling> {
  const balances = new Map<string, { remaining: number; plan: string }>();
  const reservations = new Map<string, { userId: string; estimatedTokens: number }>();
  const calls: FakeBilling['calls'] = [];
  const get = (userId: string) => balances.get(userId) ?? { remaining: 50_000, plan: 'trial' };
  const app = Fastify();
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers['x-internal-token'] !== 'test-internal-token-0123456789')
      return reply.status(404).send({ error: 'Not found' });
  });
  app.post<{ Body: { userId: string; requestId: string; estimatedTokens: number; minimumTokens?: number } }>(
    '/internal/reservations',
    async (req, reply) => {
      const { userId, requestId, estimatedTokens, minimumTokens = 0 } = req.body;
      calls.push({ op: 'reserve', requestId, body: req.body });
      const b = get(userId);
      if (b.remaining <= 0) {
        const code = b.plan === 'trial' ? 'trial_ended' : 'limit_reached';
        return reply
          .status(402)
          .send({ error: balanceMessage(code, b.plan), code, remaining: b.remaining, plan: b.plan });
      }
      if ((b.remaining < 10_000 && b.remaining < estimatedTokens) || b.remaining < minimumTokens) {
        return reply.status(402).send({
          error: balanceMessage('low_balance', b.plan),
          code: 'low_balance',
          remaining: b.remaining,
          plan: b.plan,
        });
      }
      reservations.set(requestId, { userId, estimatedTokens });
      return { reservationId: requestId, remaining: b.remaining, plan: b.plan, amount: estimatedTokens };
    },
  );
  app.get<{ Params: { id: string } }>('/internal/reservations/:id', async (req, reply) => {
    const r = reservations.get(req.params.id);
    const settled = calls.some((c) => c.requestId === req.params.id && c.op !== 'reserve');
    if (!r && !settled) return reply.status(404).send({ error: 'Reservation not found' });
    const b = r ? get(r.userId) : { remaining: 0, plan: 'trial' };
    return { status: r ? 'held' : 'released', amount: r?.estimatedTokens ?? 0, plan: b.plan, remaining: b.remaining };
  });
  app.post<{ Params: { id: string }; Body: { inputTokens: number; outputTokens: number; savedTokens: number } }>(
    '/internal/reservations/:id/settle',
    async (req, reply) => {
      calls.push({ op: 'settle', requestId: req.params.id, body: req.body });
      const r = reservations.get(req.params.id);
      if (!r) return reply.status(404).send({ error: 'Reservation not found' });
      reservations.delete(req.params.id);
      const b = get(r.userId);
      const used = req.body.inputTokens + req.body.outputTokens;
      b.remaining -= used;
      balances.set(r.userId, b);
      const { inputTokens: input, outputTokens: output, savedTokens: saved } = req.body;
      return {
        used,
        remaining: b.remaining,
        breakdown: {
          input,
          output,
          saved,
          savingsPercentage: savingsPercentage({ inputTokens: input, outputTokens: output, savedTokens: saved }),
        },
      };
    },
  );
  app.post<{ Params: { id: string } }>('/internal/reservations/:id/release', async (req) => {
    calls.push({ op: 'release', requestId: req.params.id, body: {} });
    const r = reservations.get(req.params.id);
    reservations.delete(req.params.id);
    return { released: r?.estimatedTokens ?? 0, remaining: r ? get(r.userId).remaining : 0, status: 'released' };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    calls,
    reservations,
    setBalance: (userId, remaining, plan = 'trial') => balances.set(userId, { remaining, plan }),
    balance: get,
    close: () => app.close(),
  };
}
