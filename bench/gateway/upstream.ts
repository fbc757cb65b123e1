// A stand-in service for the gateway benchmark: the real service shell (createServiceApp)
// with a /ping route and a 2 KB JSON route under /api/documents.
import { createServiceApp } from '../../shared/platform/src/http/service-app';
import { createLogger } from '../../shared/platform/src/logger';
import './cpu-probe';

const items = Array.from({ length: 12 }, (_, i) => ({
  _id: `65f0c0ffee${String(i).padStart(14, '0')}`,
  originalName: `census-1850-page-${i}.png`,
  documentType: 'census',
  processingStatus: 'completed',
  uploadedAt: '2026-11-01T10:00:00.000Z',
}));
const app = createServiceApp({ name: 'bench-upstream', logger: createLogger({ service: 'bench', level: 'warn' }) });
app.get('/api/documents/ping', async () => 'pong');
app.get('/api/documents', async () => items);
await app.listen({ port: Number(process.env.PORT ?? 19181), host: '127.0.0.1' });
process.send?.('ready');
