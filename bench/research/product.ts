/**
 * The whole built product for the benches that run outside vitest (stream-bench, ttft-probe, the
 * documents upload): the e2e harness's
 * stack, loaded outside vitest (the harness imports `expect`, `beforeAll` and `afterAll` for its
 * test helpers, which vitest only provides inside a test run: stubs here, never called by the benches),
 * and a Professional user.
 */
import { registerHooks } from 'node:module';
import type { Stack } from '../../web/e2e/harness';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'vitest')
      return {
        url:
          'data:text/javascript,const only=()=>{throw new Error("runs only under vitest")};' +
          'export const expect=only, beforeAll=only, afterAll=only;',
        shortCircuit: true,
      };
    return next(specifier, context);
  },
});
const harness = await import('../../web/e2e/harness');

export type { Stack };
export const startStack = harness.startStack;
export const createVerifiedUser = harness.createVerifiedUser;

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
