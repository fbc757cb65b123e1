// Installs what is missing: `npm ci` when node_modules is absent or was installed from another
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
 * Returns what it did ('up-to-date' | 'npm ci' | 'npm install'); throws if npm failed.
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
  let command = hasLock ? 'ci' : 'install';
  let status = npm(root, command);
  if (status !== 0 && command === 'ci') {
    // npm ci refuses a lockfile that lacks other platforms' optional packages (npm/cli#8320),
    // which npm install accepts as it is. Say so loudly rather than leave the tree uninstalled.
    log(`install: npm ci failed (exit ${status}); retrying with npm install. Regenerate package-lock.json so that npm ci passes.`);
    command = 'install';
    status = npm(root, command);
  }
  if (status !== 0) throw new Error(`install: npm ${command} failed with exit code ${status}`);

  // Without a lockfile npm install has just written one: record that.
  const installed = sha256(readFileSync(lockfile));
  writeFileSync(hashFile, `${installed}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`install: ran npm ${command} because ${reason} (${seconds}s, lock ${installed.slice(0, 12)})`);
  return `npm ${command}`;
}

function npm(root, command) {
  // stderr is kept so that a refused `npm ci` shows its reason, not its whole usage text.
  const result = spawnSync('npm', [command, '--no-audit', '--no-fund'], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.error) throw new Error(`install: could not run npm: ${result.error.message}`);
  const lines = (result.stderr ?? '').split('\n').filter((l) => !/EBADENGINE|Unknown user config/.test(l));
  const usage = lines.findIndex((l) => /^npm error (Clean install a project|Usage:)/.test(l));
  process.stderr.write(`${(usage > 0 ? lines.slice(0, usage) : lines).join('\n').trim()}\n`);
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
