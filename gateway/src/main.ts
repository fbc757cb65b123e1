import cluster from 'node:cluster';
import { createTokenVerifier } from '@gnology/platform/auth/token-verifier';
import { createTokenVersionCheck } from '@gnology/platform/auth/token-versions';
import { onShutdown } from '@gnology/platform/lifecycle';
import { createLogger } from '@gnology/platform/logger';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';
import { superviseWorkers } from './workers';

const config = loadGatewayConfig();
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });

if (config.GATEWAY_WORKERS > 1 && cluster.isPrimary) {
  // The primary only accepts connections and hands them round-robin to the workers (decision 0196).
  superviseWorkers(config.GATEWAY_WORKERS, logger);
} else {
  const versions = createTokenVersionCheck({ authUrl: config.AUTH_URL, internalToken: config.INTERNAL_TOKEN, logger });
  const verifier = createTokenVerifier({
    jwksUrl: `${config.AUTH_URL}/api/auth/.well-known/jwks.json`,
    isCurrentVersion: versions.isCurrentVersion,
  });
  const app = await buildGateway({ config, logger, verifier, onPasswordChanged: versions.forget });
  await app.listen({ port: config.PORT, host: config.HOST });
  onShutdown(logger, [{ name: 'http', close: () => app.close() }]);
}
