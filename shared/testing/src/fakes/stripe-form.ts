/** Decodes Stripe's form encoding (`line_items[0][price]=…`, `metadata[userId]=…`) into objects and arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return out;
}
