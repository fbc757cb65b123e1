// GNology Journal download time (target: under 100 ms after the first build). The documents
// service's real app (fresh database, real token verification) listens on loopback; a client
// fetches the public link and the bearer download over HTTP and reads the whole body.
//   source /work/infra-shared/env.sh && npx tsx bench/journal/download.mts
import { startDocuments } from '../../services/documents/test/helpers/service';

const ROUNDS = 200;
const h = await startDocuments();
try {
  const url = await h.app.listen({ host: '127.0.0.1', port: 0 });
  const token = await h.token('bench-journal');
  const fetchAll = async (path: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - started, bytes };
  };
  const pct = (xs: number[], p: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  const rows = [];
  for (const [label, path, headers] of [
    ['public link, Letter', '/api/resources/gnology-journal.pdf', {}],
    ['bearer download, Letter', '/api/journal/pdf/download', { authorization: `Bearer ${token}` }],
    ['public link, A4', '/api/resources/gnology-journal.pdf?paper=a4', {}],
  ] as const) {
    const first = await fetchAll(path, headers);
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) times.push((await fetchAll(path, headers)).ms);
    rows.push({
      route: label,
      KB: Math.round(first.bytes / 1024),
      'first ms': +first.ms.toFixed(0),
      'p50 ms': +pct(times, 50).toFixed(1),
      'p95 ms': +pct(times, 95).toFixed(1),
      'max ms': +Math.max(...times).toFixed(1),
    });
  }
  console.table(rows);
} finally {
  await h.close();
}
// The documents test helper leaves a handle open after close (harmless under vitest, which ends
// its workers); a script has to end itself.
process.exit(0);
