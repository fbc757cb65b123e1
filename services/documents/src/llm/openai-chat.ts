/** An OpenAI-compatible server (Ollama, vLLM) and the model asked there. */
export interface OpenAiServer {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/**
 * One chat completion on an OpenAI-compatible server: a POST to `/chat/completions` with the
 * model, temperature 0 and the rest of `request`, cut off after the server's timeout or by
 * `signal`. Plain fetch: the endpoint is one POST. Throws when the server answers an error status.
 */
export function openAiChat(server: OpenAiServer): (request: object, signal?: AbortSignal) => Promise<unknown> {
  const url = `${server.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (request, signal) => {
    const timeout = AbortSignal.timeout(server.timeoutMs);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(server.apiKey ? { authorization: `Bearer ${server.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: server.model, temperature: 0, ...request }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!res.ok) throw new Error(`the model server answered ${res.status}`);
    return res.json();
  };
}
