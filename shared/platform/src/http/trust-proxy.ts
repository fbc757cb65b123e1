import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges (Fastify's trustProxy understands them). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/**
 * TRUSTED_PROXIES: the peers whose X-Forwarded-For is believed (issue 11, point 2). A comma-
 * separated list of addresses, CIDR ranges, or `loopback` / `linklocal` / `uniquelocal`; empty
 * means nobody, so the client address is the socket's. Anyone else's header is ignored: a
 * client cannot pick the address that keys the sign-in and per-IP limits.
 */
export function trustedProxiesVar(defaultValue: string) {
  return z
    .string()
    .default(defaultValue)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isAddressOrRange), {
      message: 'addresses, CIDR ranges or loopback, comma-separated (empty for none)',
    });
}

/** Fastify's `trustProxy` for a parsed list: `false` (the socket address) when the list is empty. */
export function trustProxyOption(list: string[]): string[] | false {
  return list.length ? list : false;
}

/**
 * Services sit behind the gateway: by default they believe the header only from loopback (the
 * embedded launcher and a same-host gateway); deployments name their gateway's addresses.
 */
export const SERVICE_TRUSTED_PROXIES_DEFAULT = 'loopback';

/** The services' list from the environment (validated at start by serviceEnvSchema). */
export function serviceTrustedProxies(source: NodeJS.ProcessEnv = process.env): string[] {
  const parsed = trustedProxiesVar(SERVICE_TRUSTED_PROXIES_DEFAULT).safeParse(source.TRUSTED_PROXIES);
  return parsed.success ? parsed.data : [SERVICE_TRUSTED_PROXIES_DEFAULT];
}
