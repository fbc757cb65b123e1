import cluster from 'node:cluster';
import { onShutdown } from '@gnology/platform/lifecycle';
import { createLogger } from '@gnology/platform/logger';
import { buildGateway } from './app';
import { loadGatewayConfig } from './config';
import { createGatewayContext } from './context';
import { superviseWorkers } from './workers';

const config = loadGatewayConfig();
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });

if (config.GATEWAY_WORKERS > 1 && cluster.isPrimary) {
  // The primary only accepts connections and hands them round-robin to the workers (decision 0196).
  superviseWorkers(config.GATEWAY_WORKERS, logger);
} else {
  const app = await buildGateway(createGatewayContext(config, logger));
  await app.listen({ port: config.PORT, host: config.HOST });
  onShutdown(logger, [{ name: 'http', close: () => app.close() }]);
}
