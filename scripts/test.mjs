// `npm test`: install what is missing, lint, type-check, make sure PostgreSQL and Redis answer,
// start Kafka and an S3 server, then run the unit, integration and (after a build) browser
// suites. Fails fast with the failing step's exit code and always stops what it started.
//
//   npm test                          everything
//   npm test -- --only unit           one suite (lint | typecheck | unit | integration | build | browser)
//   npm test -- --only integration,browser
import { spawn } from 'node:child_process';
import { ensureInstall, REPO_ROOT } from './lib/ensure-install.mjs';
import { ensureNode } from './lib/ensure-node.mjs';
import { ensureDebianPackages } from './lib/ensure-packages.mjs';
import { ensurePostgres, ensureRedis } from './lib/ensure-services.mjs';
import { startKafkaForTests, startS3ForTests } from './lib/test-infra.mjs';

const STEPS = ['lint', 'typecheck', 'unit', 'integration', 'build', 'browser'];
// No single step may take longer than this: a hung suite fails the run instead of eating CI's time.
const STEP_TIMEOUT_MIN = Number(process.env.TEST_STEP_TIMEOUT_MIN || 55);
const log = (line) => console.log(line);

const selected = parseOnly(process.argv.slice(2));
const wants = (step) => selected.has(step);
const needsServers = wants('integration') || wants('browser');

/** Stop functions of what this run started, newest last; run in reverse on the way out. */
const started = [];
const timings = [];
let child;
let signalled;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signalled) {
      // A second signal: the polite stop is taking too long, stop the servers and leave now.
      log(`test: ${signal} again; stopping the test servers now`);
      stopStarted().finally(() => process.exit(exitCodeOf(signal)));
      return;
    }
    signalled = signal;
    log(`test: ${signal} received; stopping the running step and the test servers`);
    if (child) stopGroup(child.pid, signal);
  });
}

class CommandFailed extends Error {
  constructor(code) {
    super(`exit code ${code}`);
    this.code = code;
  }
}

class StepFailed extends Error {
  constructor(step, code) {
    super(`test: step "${step}" failed (exit code ${code})`);
    this.code = code;
  }
}

async function main() {
  const env = { ...process.env };

  await step('install', async () => ensureInstall({ log }));
  // On an older Node this runs the whole of `npm test` again on Node 24 and exits with its code.
  ensureNode({ root: REPO_ROOT, log });
  // Biome's check runs its linter and its formatter: an unformatted file fails (`npm run format` fixes it).
  if (wants('lint')) await step('lint', () => command('npx', ['--no', '--', 'biome', 'check', '.'], env));
  // The shape check (docs/architecture.md): skeleton files, no app.ts imports, no cycles, long files.
  if (wants('lint')) await step('shape', () => command('node', ['scripts/shape-check.mjs'], env));
  if (wants('typecheck'))
    await step('typecheck', () => command('npx', ['--no', '--', 'tsc', '-p', 'tsconfig.json', '--noEmit'], env));

  if (needsServers) {
    await step('packages', async () => ensureDebianPackages({ steps: selected, log, env }));
    await step('services', async () => {
      env.DATABASE_URL = await ensurePostgres({ env, log });
      env.REDIS_URL = await ensureRedis({ env, log });
    });
    await step('kafka', async () =>
      Object.assign(env, await startKafkaForTests({ env, log, onStarted: (stop) => started.push(stop) })),
    );
    await step('s3', async () =>
      Object.assign(env, await startS3ForTests({ env, log, onStarted: (stop) => started.push(stop) })),
    );
  }
  env.NODE_ENV = 'test';

  if (wants('unit'))
    await step('unit', () => command('npx', ['--no', '--', 'vitest', 'run', '--project', 'unit'], env));
  if (wants('integration'))
    await step('integration', () => command('npx', ['--no', '--', 'vitest', 'run', '--project', 'integration'], env));
  // The browser suite drives what users get: a production build, whatever NODE_ENV the tests use.
  if (wants('build'))
    await step('build', () => command('node', ['scripts/build.mjs'], { ...env, NODE_ENV: 'production' }));
  if (wants('browser'))
    await step('browser', () => command('npx', ['--no', '--', 'vitest', 'run', '--project', 'browser'], env));
}

async function step(name, fn) {
  if (signalled) throw new StepFailed(name, exitCodeOf(signalled));
  log(`\ntest: ▶ ${name}`);
  const t0 = Date.now();
  try {
    await fn();
  } catch (e) {
    const secs = (Date.now() - t0) / 1000;
    timings.push([name, secs, 'FAILED']);
    log(`test: ✘ ${name} failed after ${secs.toFixed(1)}s`);
    // A command has already said why it failed; anything else is explained here.
    if (!(e instanceof CommandFailed)) console.error(isOurMessage(e) ? e.message : (e?.stack ?? String(e)));
    throw new StepFailed(name, e instanceof CommandFailed ? e.code : 1);
  }
  const secs = (Date.now() - t0) / 1000;
  timings.push([name, secs, 'ok']);
  log(`test: ✔ ${name} ${secs.toFixed(1)}s`);
  if (signalled) throw new StepFailed(name, exitCodeOf(signalled));
}

/** Errors of our own scripts carry a complete one-line explanation; a stack would bury it. */
function isOurMessage(e) {
  return /^(install|packages|services|test-infra|kafka|s3): /.test(String(e?.message));
}

/**
 * Runs a command with this terminal, so its output (vitest's summary too) reaches it unchanged.
 * The command gets its own process group: a signal or a timeout then reaches everything it
 * started (npx -> sh -> vitest -> workers), not just the npx wrapper, which does not pass it on.
 */
function command(cmd, args, env) {
  return new Promise((resolve, reject) => {
    log(`test: $ ${cmd} ${args.join(' ')}`);
    const started = Date.now();
    child = spawn(cmd, args, { cwd: REPO_ROOT, env, stdio: 'inherit', detached: true });
    const group = child.pid;
    const timer = setTimeout(() => {
      log(
        `test: ${cmd} ${args.join(' ')} still running after ${STEP_TIMEOUT_MIN} min (TEST_STEP_TIMEOUT_MIN); stopping it. A hung test or an open handle keeps it from finishing.`,
      );
      stopGroup(group, 'SIGTERM');
    }, STEP_TIMEOUT_MIN * 60_000);
    timer.unref();
    child.once('error', (e) => reject(new Error(`could not run ${cmd}: ${e.message}`)));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      child = undefined;
      // Whatever the command left behind in its group (a stray worker) goes with it.
      signalGroup(group, 'SIGKILL');
      if (code === 0) resolve();
      else if (Date.now() - started >= STEP_TIMEOUT_MIN * 60_000) reject(new CommandFailed(124));
      else reject(new CommandFailed(code ?? exitCodeOf(signal)));
    });
  });
}

/** Asks a process group to stop, and kills it if it has not after 10 s. */
function stopGroup(group, signal) {
  signalGroup(group, signal);
  setTimeout(() => signalGroup(group, 'SIGKILL'), 10_000).unref();
}

function signalGroup(group, signal) {
  try {
    process.kill(-group, signal);
  } catch {
    // The group is already gone.
  }
}

async function stopStarted() {
  while (started.length > 0) {
    const stop = started.pop();
    try {
      await stop();
    } catch (e) {
      console.error(`test: error while stopping a test server: ${e.message}`);
    }
  }
}

function parseOnly(argv) {
  const picked = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') picked.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--only=')) picked.push(...arg.slice('--only='.length).split(','));
    else usage(`unknown argument "${arg}"`);
  }
  for (const p of picked) if (!STEPS.includes(p)) usage(`unknown step "${p}"`);
  // The browser suite drives the built app, so it always gets a fresh build first.
  if (picked.includes('browser') && !picked.includes('build')) picked.push('build');
  return new Set(picked.length > 0 ? picked : STEPS);
}

function usage(problem) {
  console.error(`test: ${problem}. Usage: npm test [-- --only ${STEPS.join('|')}[,...]]`);
  process.exit(2);
}

function exitCodeOf(signal) {
  return signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1;
}

function printTimings(total, outcome) {
  log('\ntest: timings');
  for (const [name, secs, status] of timings)
    log(`test:   ${name.padEnd(12)} ${secs.toFixed(1).padStart(7)}s  ${status}`);
  log(`test:   ${'total'.padEnd(12)} ${total.toFixed(1).padStart(7)}s  ${outcome}`);
}

const t0 = Date.now();
let exitCode = 0;
try {
  await main();
} catch (e) {
  exitCode = signalled ? exitCodeOf(signalled) : e instanceof StepFailed ? e.code : 1;
  if (signalled) console.error(`test: stopped by ${signalled}`);
  else console.error(e instanceof StepFailed ? e.message : `test: ${e?.stack ?? e}`);
} finally {
  await stopStarted();
}
printTimings((Date.now() - t0) / 1000, exitCode === 0 ? 'PASSED' : `FAILED (exit ${exitCode})`);
process.exit(exitCode);
