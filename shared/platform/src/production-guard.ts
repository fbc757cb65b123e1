import { ConfigError } from './config';

/**
 * Embedded mode's defaults make `npm start` work with nothing configured: codes "sent" to a file,
 * billing off, signing keys generated on disk. In a real deployment each of them gives something
 * away (accounts without a phone, Professional for free, keys nobody manages), so with
 * NODE_ENV=production a service refuses to start on any of them — unless ALLOW_EMBEDDED_DEFAULTS
 * says it is intended, as the embedded launcher and the dev overlays do (issue 11, point 7).
 */
export function refuseUnsafeDefaults(
  config: { NODE_ENV: string; ALLOW_EMBEDDED_DEFAULTS: boolean },
  unsafe: string[],
): void {
  if (config.NODE_ENV !== 'production' || config.ALLOW_EMBEDDED_DEFAULTS || unsafe.length === 0) return;
  throw new ConfigError(
    `config error: refusing to start with NODE_ENV=production: ${unsafe.join('; ')}. Configure ${unsafe.length === 1 ? 'it' : 'them'}, or set ALLOW_EMBEDDED_DEFAULTS=true if this deployment means to run on embedded defaults.`,
  );
}
