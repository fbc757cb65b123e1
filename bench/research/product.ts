/**
 * The whole built product for the research benches (stream-bench, ttft-probe): the e2e harness's
 * stack, loaded outside vitest (the harness imports `expect` for its browser helpers, which
 * vitest only provides inside a test run: it is replaced here by a stub the benches never call),
 * and a Professional user.
 */
import { registerHooks } from 'node:module';
import type { Stack } from '../../web/e2e/harness';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'vitest')
      return {
        url: 'data:text/javascript,export function expect(){throw new Error("expect runs only under vitest")}',
        shortCircuit: true,
      };
    return next(specifier, context);
  },
});
const harness = await import('../../web/e2e/harness');

export type { Stack };
export const startStack = harness.startStack;

/** A user on the Professional plan (billing off: the plan applies at once), so runs do not exhaust a trial. */
export async function professionalUser(stack: Stack, name: string) {
  const user = await harness.createVerifiedUser(stack, { name });
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${stack.url}/api/billing/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'monthly' }),
    });
    if (res.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return user;
}
