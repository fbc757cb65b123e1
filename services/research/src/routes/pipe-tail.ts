import { researchErrorMessage } from '@gnology/contracts';
import type { ResearchDeps } from '../context';
import { tailGeneration } from '../use-cases/follow-generation';
import type { SseStream } from './sse';

/** The done event without the answer text, which the stream has already delivered. */
export function doneEvent(result: Record<string, unknown>) {
  const { response, ...rest } = result;
  return { ...rest, responseLength: typeof response === 'string' ? response.length : 0 };
}

/** A generation's text from an offset as server-sent events, until it ends or the reader leaves. */
export async function pipeTail(deps: ResearchDeps, userId: string, id: string, from: number, sse: SseStream) {
  try {
    for await (const ev of tailGeneration(deps, userId, id, from, sse.signal)) {
      if (ev.type === 'delta') sse.send('delta', { text: ev.text }, ev.offset);
      else if (ev.type === 'heartbeat') sse.comment('waiting');
      else if (ev.type === 'done') sse.send('done', doneEvent(ev.result));
      else sse.send('error', { error: ev.error, status: ev.status });
    }
  } catch (err) {
    deps.logger.warn({ err, generationId: id }, 'generation stream failed');
    sse.send('error', { error: researchErrorMessage(undefined), status: 500 });
  }
  sse.end();
}
