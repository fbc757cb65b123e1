import { type GatewayConfig, gatewayEnvSchema } from '../../src/config';

/** A gateway's configuration with every service at `upstreamUrl` and no web app, plus `env`. */
export function configWithOneUpstream(upstreamUrl: string, env: Record<string, string> = {}): GatewayConfig {
  return gatewayEnvSchema.parse({
    AUTH_URL: upstreamUrl,
    CONVERSATION_URL: upstreamUrl,
    RESEARCH_URL: upstreamUrl,
    DOCUMENTS_URL: upstreamUrl,
    ALBUM_URL: upstreamUrl,
    BILLING_URL: upstreamUrl,
    WEB_DIR: '/nonexistent',
    INTERNAL_TOKEN: 'test-internal-token-0123456789',
    ...env,
  });
}
