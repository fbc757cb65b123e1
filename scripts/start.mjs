#!/usr/bin/env node
// `npm start`: install what is missing, build what changed, run the whole product at
// http://localhost:8080 on its embedded defaults.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { ensureInstall } from './lib/ensure-install.mjs';
import { ensureNode } from './lib/ensure-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const t0 = Date.now();
ensureInstall({ root });
ensureNode({ root });
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`start: install and build checked in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const { launch } = await import('../infra/embedded/launcher.mjs');
await launch({ root });
