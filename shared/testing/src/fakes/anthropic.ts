import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Anthropic's Messages API on loopback, for the REAL @anthropic-ai/sdk pointed at
 * `fake.url` (the SDK's `baseURL`). It answers POST /v1/messages non-streaming and streaming
 * (the API's own SSE events), reports usage with prompt-cache fields, and plays scripted
 * failures: an HTTP error before the stream (529, 429, 500, ...), an `error` event in the middle
 * of a 200 stream (overloaded_error), slow answers for timeouts, and streams that stall.
 */
export interface AnthropicScript {
  /** The answer; split into `chunks` of about 12 characters unless `chunks` is given. */
  text?: string;
  chunks?: string[];
  /** Delay before the response headers (timeouts). */
  delayMs?: number;
  /** Delay between streamed chunks. */
  chunkDelayMs?: number;
  /** Fail before the stream with this status and error type (e.g. 529 + overloaded_error). */
  status?: number;
  errorType?: string;
  errorMessage?: string;
  /** Sends `retry-after-ms` with an error status, so the SDK's retries are quick in tests. */
  retryAfterMs?: number;
  /** After `afterChunks` chunks of a 200 stream, send an `error` event of this type. */
  midStreamError?: { type: string; message?: string; afterChunks?: number };
  /** Stop sending after `afterChunks` chunks and keep the connection open (stalled stream). */
  stallAfterChunks?: number;
  stopReason?: 'end_turn' | 'max_tokens';
  /** Overrides the usage the fake would compute. */
  usage?: Partial<Usage>;
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: the request body as the SDK sent it
  body: any;
  at: number;
}

export interface FakeAnthropic {
  url: string;
  requests: RecordedRequest[];
  /** Scripts used in order, one per request; when none is queued, `fallback` answers. */
  enqueue(...scripts: AnthropicScript[]): void;
  // biome-ignore lint/suspicious/noExplicitAny: the request body
  setFallback(fn: (body: any) => AnthropicScript): void;
  /** Forgets the prompt cache, the queue and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const tokensOf = (s: string) => Math.max(1, Math.ceil(s.length / 4));

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((b) => (typeof b?.text === 'string' ? b.text : '')).join('');
  return '';
}

// biome-ignore lint/suspicious/noExplicitAny: request body
function defaultScript(body: any): AnthropicScript {
  const last = [...(body.messages ?? [])].reverse().find((m: { role: string }) => m.role === 'user');
  const question = textOf(last?.content).slice(0, 120);
  return {
    text: `Gene (fake model) read your question: "${question}". The records show what they show; nothing is invented here.`,
  };
}

export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const queue: AnthropicScript[] = [];
  const requests: RecordedRequest[] = [];
  const cache = new Set<string>();
  // biome-ignore lint/suspicious/noExplicitAny: request body
  let fallback: (body: any) => AnthropicScript = defaultScript;
  const open = new Set<ServerResponse>();

  // biome-ignore lint/suspicious/noExplicitAny: request body
  function usageFor(body: any, script: AnthropicScript, text: string): Usage {
    // The cacheable prefix: system blocks up to the last one marked cache_control.
    const system: { text: string; cache_control?: unknown }[] = Array.isArray(body.system)
      ? body.system
      : body.system
        ? [{ text: String(body.system) }]
        : [];
    let cut = -1;
    system.forEach((b, i) => {
      if (b.cache_control) cut = i;
    });
    const prefix =
      cut >= 0
        ? system
            .slice(0, cut + 1)
            .map((b) => b.text)
            .join('\n')
        : '';
    const rest =
      system
        .slice(cut + 1)
        .map((b) => b.text)
        .join('\n') + (body.messages ?? []).map((m: { content: unknown }) => textOf(m.content)).join('\n');
    const prefixTokens = prefix ? tokensOf(prefix) : 0;
    const key = `${body.model}|${prefix}`;
    const hit = prefix !== '' && cache.has(key);
    if (prefix) cache.add(key);
    return {
      input_tokens: tokensOf(rest),
      output_tokens: tokensOf(text),
      cache_creation_input_tokens: hit ? 0 : prefixTokens,
      cache_read_input_tokens: hit ? prefixTokens : 0,
      ...script.usage,
    };
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'Not found' } }));
    }
    // biome-ignore lint/suspicious/noExplicitAny: request body
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'Invalid JSON' } }),
      );
    }
    requests.push({ path: req.url, headers: req.headers, body, at: Date.now() });
    const script = queue.shift() ?? fallback(body);
    if (script.delayMs) await sleep(script.delayMs);
    if (res.destroyed) return;

    if (script.status && script.status >= 400) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'request-id': `req_${randomUUID()}`,
      };
      if (script.retryAfterMs !== undefined) headers['retry-after-ms'] = String(script.retryAfterMs);
      res.writeHead(script.status, headers);
      return res.end(
        JSON.stringify({
          type: 'error',
          error: { type: script.errorType ?? 'api_error', message: script.errorMessage ?? `scripted ${script.status}` },
        }),
      );
    }

    const text = script.text ?? (script.chunks ? script.chunks.join('') : '');
    const pieces = script.chunks ?? text.match(/[\s\S]{1,12}/g) ?? [];
    const usage = usageFor(body, script, text);
    const id = `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const stopReason = script.stopReason ?? 'end_turn';

    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
      return res.end(
        JSON.stringify({
          id,
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: [{ type: 'text', text }],
          stop_reason: stopReason,
          stop_sequence: null,
          usage,
        }),
      );
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'request-id': `req_${randomUUID()}`,
    });
    open.add(res);
    res.on('close', () => open.delete(res));
    const send = (event: string, data: unknown) => {
      if (!res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send('message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    });
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    send('ping', { type: 'ping' });
    for (let i = 0; i < pieces.length; i++) {
      if (script.midStreamError && i === (script.midStreamError.afterChunks ?? 1)) {
        send('error', {
          type: 'error',
          error: { type: script.midStreamError.type, message: script.midStreamError.message ?? 'Overloaded' },
        });
        return res.end();
      }
      if (script.stallAfterChunks !== undefined && i === script.stallAfterChunks) return; // keep open, send nothing more
      send('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: pieces[i] },
      });
      if (script.chunkDelayMs) await sleep(script.chunkDelayMs);
      if (res.destroyed) return;
    }
    if (script.midStreamError && (script.midStreamError.afterChunks ?? 1) >= pieces.length) {
      send('error', {
        type: 'error',
        error: { type: script.midStreamError.type, message: script.midStreamError.message ?? 'Overloaded' },
      });
      return res.end();
    }
    send('content_block_stop', { type: 'content_block_stop', index: 0 });
    send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    });
    send('message_stop', { type: 'message_stop' });
    res.end();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...scripts) => queue.push(...scripts),
    setFallback: (fn) => {
      fallback = fn;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      cache.clear();
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
