// Embedded start time: `npm start` on a fresh data folder (first run: creates the database,
// migrates every schema) and again on the same folder (second run), each until the URL is printed.
//   node bench/start/start-time.mjs            (uses ports 28080-28086 and 54339)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gn-start-bench-'));
const env = { ...process.env, DATA_DIR: dataDir, PORT: '28080', SERVICE_PORT_BASE: '28081', PG_PORT: '54339' };
delete env.DATABASE_URL;

function run(label) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    let out = '';
    let readyAt;
    child.stdout.on('data', (d) => {
      out += d;
      if (!readyAt && out.includes('GNology is running at')) {
        readyAt = performance.now();
        const ok = fetch('http://127.0.0.1:28080/readyz').then((r) => r.status);
        ok.then((status) => {
          console.log(`${label}: ready in ${((readyAt - t0) / 1000).toFixed(1)} s (gateway /readyz ${status})`);
          process.kill(-child.pid, 'SIGINT');
        });
      }
    });
    child.once('exit', () =>
      readyAt ? resolve((readyAt - t0) / 1000) : reject(new Error(`${label}: npm start exited before ready:\n${out}`)),
    );
  });
}

try {
  const first = await run('first run (fresh data folder)');
  const second = await run('second run (same data folder)');
  console.log(
    `\n| first run | second run | machine |\n|---|---|---|\n| ${first.toFixed(1)} s | ${second.toFixed(1)} s | ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB |`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
