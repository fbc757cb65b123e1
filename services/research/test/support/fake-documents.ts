import Fastify, { type FastifyInstance } from 'fastify';

export interface FakeDocument {
  _id: string;
  userId: string;
  originalName: string;
  documentType?: string;
  extractedText?: string;
  peopleIdentified?: { name: string; role?: string }[];
  dateInfo?: unknown;
  geographicalInfo?: unknown;
  occupations?: unknown;
  tags?: string[];
}

/** A stand-in for the documents service's internal context route: a user's documents only. */
export async function startFakeDocuments(): Promise<{
  url: string;
  app: FastifyInstance;
  add(doc: FakeDocument): void;
  calls: { userId: string; documentIds: string[] }[];
  close(): Promise<void>;
}> {
  const docs = new Map<string, FakeDocument>();
  const calls: { userId: string; documentIds: string[] }[] = [];
  const app = Fastify();
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers['x-internal-token'] !== 'test-internal-token-0123456789')
      return reply.status(404).send({ error: 'Not found' });
  });
  app.post<{ Body: { userId: string; documentIds: string[] } }>('/internal/documents/context', async (req) => {
    calls.push(req.body);
    const documents = req.body.documentIds
      .map((id) => docs.get(id))
      .filter((d): d is FakeDocument => Boolean(d) && d!.userId === req.body.userId)
      .map(({ userId: _u, ...d }) => ({ ...d, uploadedAt: new Date().toISOString() }));
    return { documents };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    calls,
    add: (d) => docs.set(d._id, d),
    close: () => app.close(),
  };
}
