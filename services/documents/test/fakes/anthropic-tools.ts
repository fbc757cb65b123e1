import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny fake of Anthropic's Messages API that answers with a `tool_use` block, for the REAL
 * @anthropic-ai/sdk. The shared fake (shared/testing/src/fakes/anthropic.ts) answers text only;
 * extraction forces a tool call, so it needs this. Each request is answered by `respond`.
 */
export interface ToolFake {
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies as the SDK sent them
  requests: any[];
  /** What the next requests get: a tool input, or an HTTP error status. */
  respond: (body: unknown) => { input?: unknown; status?: number };
  close(): Promise<void>;
}

export async function startToolFake(): Promise<ToolFake> {
  const fake: ToolFake = { url: '', requests: [], respond: () => ({ input: {} }), close: async () => {} };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    fake.requests.push(body);
    const answer = fake.respond(body);
    if (answer.status) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          type: 'error',
          error: { type: answer.status === 529 ? 'overloaded_error' : 'api_error', message: 'scripted failure' },
        }),
      );
    }
    const tool = body.tool_choice?.name ?? body.tools?.[0]?.name ?? 'tool';
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': randomUUID() });
    res.end(
      JSON.stringify({
        id: `msg_${randomUUID()}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [{ type: 'tool_use', id: `toolu_${randomUUID()}`, name: tool, input: answer.input }],
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 100, output_tokens: 50, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
