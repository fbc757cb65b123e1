// Installs what is missing: `npm install` (from the lockfile) when node_modules is absent or was installed from another
// package-lock.json. Used by `npm start` and `npm test`, so it must run before any dependency
// exists: node builtins only.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const HASH_FILE = '.gnology-lock-hash';

/**
 * Returns what it did ('up-to-date' | 'npm install'); throws if npm failed.
 * npm 11 runs install scripts only for the packages listed in the root package.json
 * `allowScripts`, so the install here never runs arbitrary postinstall code.
 */
export function ensureInstall({ root = REPO_ROOT, log = (line) => console.log(line) } = {}) {
  const modules = join(root, 'node_modules');
  const lockfile = join(root, 'package-lock.json');
  const hashFile = join(modules, HASH_FILE);
  const hasLock = existsSync(lockfile);
  const wanted = hasLock ? sha256(readFileSync(lockfile)) : undefined;
  const recorded = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : undefined;

  if (existsSync(modules) && hasLock && recorded === wanted) {
    log(`install: node_modules matches package-lock.json (${wanted.slice(0, 12)}), nothing to install`);
    return 'up-to-date';
  }

  const reason = !existsSync(modules)
    ? 'node_modules is missing'
    : !hasLock
      ? 'there is no package-lock.json'
      : recorded
        ? 'package-lock.json changed since the last install'
        : 'node_modules was not installed by this script';
  const started = Date.now();
  // `npm install`, not `npm ci`: npm 11 writes lockfiles without other platforms' optional
  // packages (biome, rollup, turbo binaries) and then its own `npm ci` refuses them as out of
  // sync (npm/cli#8320). `npm install` installs the locked versions just the same.
  const command = 'install';
  const status = npm(root, command);
  if (status !== 0) throw new Error(`install: npm ${command} failed with exit code ${status}`);

  // Without a lockfile npm install has just written one: record that.
  const installed = sha256(readFileSync(lockfile));
  writeFileSync(hashFile, `${installed}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`install: ran npm ${command} because ${reason} (${seconds}s, lock ${installed.slice(0, 12)})`);
  return `npm ${command}`;
}

function npm(root, command) {
  const result = spawnSync('npm', [command, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.error) throw new Error(`install: could not run npm: ${result.error.message}`);
  return result.status ?? 1;
}

function sha256(data) {
  return createHash('sha256').update(data).digest('hex');
}

// `node scripts/lib/ensure-install.mjs` runs it on its own.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureInstall();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
