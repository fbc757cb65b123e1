import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server (what Ollama and vLLM speak) on loopback, for the REAL `openai`
 * SDK with `baseURL: fake.url` (which ends in /v1). POST /v1/chat/completions, non-streaming
 * and streaming (`data:` chunks, a usage chunk, `[DONE]`), with scripted failures like the
 * Anthropic fake.
 */
export interface OpenAiScript {
  text?: string;
  chunks?: string[];
  delayMs?: number;
  chunkDelayMs?: number;
  status?: number;
  errorType?: string;
  errorMessage?: string;
  retryAfterMs?: number;
  midStreamError?: { type: string; message?: string; afterChunks?: number };
  finishReason?: 'stop' | 'length';
  usage?: { prompt_tokens?: number; completion_tokens?: number; cached_tokens?: number };
  /** Send no usage chunk even when asked (some compatible servers ignore stream_options). */
  omitUsage?: boolean;
}

export interface FakeOpenAi {
  /** Base URL including /v1, as the SDK's baseURL. */
  url: string;
  // biome-ignore lint/suspicious/noExplicitAny: recorded bodies
  requests: { path: string; headers: IncomingMessage['headers']; body: any }[];
  enqueue(...scripts: OpenAiScript[]): void;
  reset(): void;
  close(): Promise<void>;
}

const tokensOf = (s: string) => Math.max(1, Math.ceil(s.length / 4));

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: OpenAiScript[] = [];
  const requests: FakeOpenAi['requests'] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { type: 'not_found', message: 'Not found' } }));
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    requests.push({ path: req.url, headers: req.headers, body });
    const last = [...body.messages].reverse().find((m: { role: string }) => m.role === 'user');
    const script = queue.shift() ?? {
      text: `Gene (fake compatible model) read: "${String(last?.content ?? '').slice(0, 120)}".`,
    };
    if (script.delayMs) await sleep(script.delayMs);
    if (res.destroyed) return;
    if (script.status && script.status >= 400) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (script.retryAfterMs !== undefined) headers['retry-after-ms'] = String(script.retryAfterMs);
      res.writeHead(script.status, headers);
      return res.end(
        JSON.stringify({
          error: {
            type: script.errorType ?? 'server_error',
            message: script.errorMessage ?? `scripted ${script.status}`,
          },
        }),
      );
    }
    const text = script.text ?? (script.chunks ?? []).join('');
    const pieces = script.chunks ?? text.match(/[\s\S]{1,12}/g) ?? [];
    const prompt = body.messages.map((m: { content: string }) => m.content).join('\n');
    const usage = {
      prompt_tokens: script.usage?.prompt_tokens ?? tokensOf(prompt),
      completion_tokens: script.usage?.completion_tokens ?? tokensOf(text),
      total_tokens: 0,
      prompt_tokens_details: { cached_tokens: script.usage?.cached_tokens ?? 0 },
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    const finish = script.finishReason ?? 'stop';
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
          usage,
        }),
      );
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open.add(res);
    res.on('close', () => open.delete(res));
    const send = (data: unknown) => {
      if (!res.destroyed) res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    };
    const chunk = (delta: Record<string, unknown>, finish_reason: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason }],
    });
    send(chunk({ role: 'assistant', content: '' }, null));
    for (let i = 0; i < pieces.length; i++) {
      if (script.midStreamError && i === (script.midStreamError.afterChunks ?? 1)) {
        send({ error: { type: script.midStreamError.type, message: script.midStreamError.message ?? 'Overloaded' } });
        return res.end();
      }
      send(chunk({ content: pieces[i] }, null));
      if (script.chunkDelayMs) await sleep(script.chunkDelayMs);
      if (res.destroyed) return;
    }
    send(chunk({}, finish));
    if (body.stream_options?.include_usage && !script.omitUsage)
      send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage });
    send('[DONE]');
    res.end();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...s) => queue.push(...s),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: async () => {
      for (const r of open) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
