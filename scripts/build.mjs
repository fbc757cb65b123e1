#!/usr/bin/env node
// Builds what `npm start` runs: one bundle per service and the gateway (dist/<name>.mjs,
// workspace code inlined, npm packages left external) and the web app (web/dist).
// Skips work whose sources have not changed since the last build, so later starts are quick.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { precompress } from './lib/precompress.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

/** Hash of every file's path, size and mtime under the given folders (cheap, no reads). */
function treeHash(dirs) {
  const h = createHash('sha1');
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    if (!statSync(dir).isDirectory()) {
      const s = statSync(dir);
      h.update(`${path.relative(root, dir)}:${s.size}:${s.mtimeMs}\n`);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        const s = statSync(p);
        h.update(`${path.relative(root, p)}:${s.size}:${s.mtimeMs}\n`);
      }
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  h.update(readFileSync(path.join(root, 'package-lock.json')));
  return h.digest('hex');
}

function upToDate(stampFile, hash) {
  return !force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash;
}

export function serviceEntries() {
  const entries = { gateway: path.join(root, 'gateway/src/main.ts') };
  for (const name of readdirSync(path.join(root, 'services'))) {
    const main = path.join(root, 'services', name, 'src/main.ts');
    if (existsSync(main)) entries[name] = main;
  }
  return entries;
}

async function buildServer() {
  const stamp = path.join(root, 'dist/.server-hash');
  const hash = treeHash(['gateway/src', 'services', 'shared']);
  if (upToDate(stamp, hash)) return console.log('build: server bundles up to date');
  const esbuild = await import('esbuild');
  const started = Date.now();
  await esbuild.build({
    entryPoints: serviceEntries(),
    outdir: path.join(root, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        // Workspace packages (@gnology/*) are TypeScript sources: inline them. Everything
        // else stays an ordinary runtime import from node_modules.
        name: 'externalize-npm-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@gnology/') || args.path.startsWith('node:')) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, hash);
  console.log(`build: server bundles in ${Date.now() - started} ms`);
}

function buildWeb() {
  const stamp = path.join(root, 'web/dist/.web-hash');
  const hash = treeHash(['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'shared/contracts']);
  if (upToDate(stamp, hash) && existsSync(path.join(root, 'web/dist/index.html')))
    return console.log('build: web app up to date');
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'web'),
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('build: web build failed');
  // Brotli and gzip copies beside each script, style sheet and page, served as they are by the gateway.
  const compressed = precompress(path.join(root, 'web/dist'));
  const kb = (n) => Math.round(n / 1024);
  const total = compressed.reduce((t, f) => ({ raw: t.raw + f.raw, br: t.br + f.br }), { raw: 0, br: 0 });
  console.log(`build: ${compressed.length} web files precompressed (${kb(total.raw)} KB -> ${kb(total.br)} KB brotli)`);
  writeFileSync(stamp, hash);
  console.log(`build: web app in ${Date.now() - started} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildServer();
    // --server-only: the bundles alone (the fault suite runs the services, not the web app).
    if (!process.argv.includes('--server-only')) buildWeb();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
