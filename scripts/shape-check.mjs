// The shape check (issue 19, docs/architecture.md): keeps every service on one skeleton.
//   - every service package (services/*) has the skeleton's files and folders (domain/ and
//     use-cases/ may live inside its wings, decision 0239), and the gateway its variant without a
//     database (GATEWAY_SKELETON);
//   - no file imports a package's `app.ts` except its `main.ts` and tests (the deps type lives in
//     `context.ts`, so routes, jobs and events never need app.ts: that import was a cycle);
//   - no import cycle inside any package (madge, type-only imports included);
//   - no source file over 400 lines unless docs/long-files.md gives it a reason;
//   - inside every service the layers import in one direction (shape-check/layers.mjs):
//     routes → use-cases → store / domain, jobs and events through use cases, domain pure;
//   - the genealogy package is pure and the one home of its knowledge (shape-genealogy.mjs).
// Known, temporary breaches live in scripts/shape-exceptions.json, each with its reason.
//
//   node scripts/shape-check.mjs          check the repository; exit code 1 on a breach
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { checkLayers } from './shape-check/layers.mjs';
import { checkGenealogyOneHome, checkGenealogyPurity } from './shape-genealogy.mjs';

export const SKELETON = [
  'src/context.ts',
  'src/app.ts',
  'src/main.ts',
  'src/routes/index.ts',
  'src/store/schema.ts',
  'src/domain/',
  'src/jobs/index.ts',
  'src/events/index.ts',
  'src/use-cases/',
];
/**
 * Layer folders a service arranged by wing (decision 0239: src/people/domain/, src/library/use-cases/…)
 * may keep inside its wings instead of at the top; the registries and store/schema.ts stay at the top.
 */
export const WING_LAYERS = new Set(['src/domain/', 'src/use-cases/']);
/** The gateway's variant: no store, use cases or jobs; its per-request hooks in hot-path/ instead. */
export const GATEWAY_SKELETON = ['src/context.ts', 'src/app.ts', 'src/main.ts', 'src/routes/index.ts', 'src/hot-path/'];
export const MAX_LINES = 400;
const PACKAGE_GLOBS = ['services', 'shared', '.'];
const SOURCE_EXT = /\.(ts|tsx|mjs|cjs|js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', '.git', '.turbo', 'coverage']);
const LONG_FILE_ROOTS = ['services', 'gateway', 'shared', 'web', 'scripts', 'bench', 'infra', 'k8s'];

/** The workspace packages under root: services/*, shared/*, gateway and web (those that exist). */
export function listPackages(root) {
  const found = [];
  for (const parent of PACKAGE_GLOBS) {
    const names = parent === '.' ? ['gateway', 'web'] : safeReaddir(path.join(root, parent));
    for (const name of names) {
      const rel = parent === '.' ? name : `${parent}/${name}`;
      if (fs.existsSync(path.join(root, rel, 'src'))) found.push(rel);
    }
  }
  return found.sort();
}

function safeReaddir(dir) {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function walk(dir, out = []) {
  for (const entry of safeReaddir(dir)) {
    if (SKIP_DIRS.has(entry)) continue;
    const full = path.join(dir, entry);
    const stat = fs.statSync(full);
    if (stat.isDirectory()) walk(full, out);
    else if (SOURCE_EXT.test(entry)) out.push(full);
  }
  return out;
}

const rel = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** Rule 1: the skeleton's files and folders in every service package, and the gateway's variant. */
export function checkSkeleton(root, pkg) {
  const skeleton = pkg === 'gateway' ? GATEWAY_SKELETON : pkg.startsWith('services/') ? SKELETON : [];
  return skeleton
    .filter((item) => {
      const full = path.join(root, pkg, item);
      if (!item.endsWith('/')) return !fs.existsSync(full);
      if (isDir(full)) return false;
      return !(skeleton === SKELETON && WING_LAYERS.has(item) && inSomeWing(root, pkg, item));
    })
    .map((item) => `${pkg}: missing ${item}`);
}

/** Whether a wing of the package (a folder right under src/) holds the layer folder: src/<wing>/domain/. */
function inSomeWing(root, pkg, item) {
  const layer = item.slice('src/'.length);
  const src = path.join(root, pkg, 'src');
  return safeReaddir(src).some((wing) => isDir(path.join(src, wing, layer)));
}

function isDir(p) {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
const isTestFile = (relPath) => /(^|\/)test\//.test(relPath) || /\.(test|spec)\.[tj]sx?$/.test(relPath);

/** Rule 2: only `main.ts` and tests import a package's `app.ts`. */
export function checkAppImports(root, pkg) {
  const appFile = path.join(root, pkg, 'src', 'app.ts');
  if (!fs.existsSync(appFile)) return [];
  const mainFile = path.join(root, pkg, 'src', 'main.ts');
  const breaches = [];
  for (const file of walk(path.join(root, pkg, 'src'))) {
    if (file === mainFile || file === appFile || isTestFile(rel(root, file))) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT_RE)) {
      const spec = match[1];
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec).replace(/\.(js|ts)$/, '');
      if (target === appFile.replace(/\.ts$/, ''))
        breaches.push(`${rel(root, file)} imports app.ts (import the deps type from context.ts)`);
    }
  }
  return breaches;
}

/** Rule 3: no import cycle inside the package's src (type-only imports count: they were the circles). */
export async function checkCycles(root, pkg) {
  const src = path.join(root, pkg, 'src');
  const result = await madge(src, {
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/node_modules/, /\.d\.ts$/],
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  return result.circular().map((cycle) => `${pkg}: import cycle ${cycle.join(' -> ')} -> ${cycle[0]}`);
}

/** The files docs/long-files.md lets be long: lines "- `path`: reason" (or " — reason"). */
export function readLongFiles(root) {
  const file = path.join(root, 'docs', 'long-files.md');
  const allowed = new Map();
  if (!fs.existsSync(file)) return allowed;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^[-*]\s+`([^`]+)`\s*(?::|—|–|-)\s*(\S.*)$/.exec(line.trim());
    if (m) allowed.set(m[1], m[2]);
  }
  return allowed;
}

/** Rule 4: no source file over MAX_LINES lines without a recorded reason. */
export function checkLongFiles(root, allowed = readLongFiles(root)) {
  const breaches = [];
  const long = new Set();
  for (const top of LONG_FILE_ROOTS) {
    for (const file of walk(path.join(root, top))) {
      const lines = countLines(fs.readFileSync(file, 'utf8'));
      if (lines <= MAX_LINES) continue;
      const name = rel(root, file);
      long.add(name);
      if (!allowed.has(name))
        breaches.push(`${name}: ${lines} lines (over ${MAX_LINES}); split it or give a reason in docs/long-files.md`);
    }
  }
  const stale = [...allowed.keys()].filter((name) => !long.has(name));
  return { breaches, stale };
}

const countLines = (text) => (text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length);

/** scripts/shape-exceptions.json: [{ package, rule, reason }], rule one of RULES. */
const RULES = ['skeleton', 'app-import', 'cycle', 'layers', 'genealogy-purity', 'genealogy-home'];

export function readExceptions(root) {
  const file = path.join(root, 'scripts', 'shape-exceptions.json');
  if (!fs.existsSync(file)) return [];
  const list = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const entry of list) {
    if (!entry.package || !RULES.includes(entry.rule) || !entry.reason?.trim()) {
      throw new Error(
        `shape: bad entry in scripts/shape-exceptions.json: ${JSON.stringify(entry)} (needs package, rule and reason)`,
      );
    }
  }
  return list;
}

/** Runs every rule; returns what breaks the shape, what an exception excused, and notes. */
export async function checkShape(root, { exceptions = readExceptions(root) } = {}) {
  const breaches = [];
  const excused = [];
  const used = new Set();
  const excuse = (pkg, rule, found) => {
    if (found.length === 0) return;
    const entry = exceptions.find((e) => e.package === pkg && e.rule === rule);
    if (entry) {
      used.add(entry);
      excused.push(...found.map((f) => `${f} [${entry.reason.split(';')[0]}]`));
    } else breaches.push(...found);
  };
  for (const pkg of listPackages(root)) {
    excuse(pkg, 'skeleton', checkSkeleton(root, pkg));
    excuse(pkg, 'app-import', checkAppImports(root, pkg));
    excuse(pkg, 'cycle', await checkCycles(root, pkg));
    if (pkg.startsWith('services/')) excuse(pkg, 'layers', checkLayers(root, pkg));
  }
  excuse('shared/genealogy', 'genealogy-purity', checkGenealogyPurity(root));
  const home = checkGenealogyOneHome(root);
  for (const pkg of new Set(home.map((b) => b.split('/').slice(0, 2).join('/'))))
    excuse(
      pkg,
      'genealogy-home',
      home.filter((b) => b.startsWith(`${pkg}/`)),
    );
  const long = checkLongFiles(root);
  breaches.push(...long.breaches);
  const notes = [
    ...exceptions
      .filter((e) => !used.has(e))
      .map((e) => `exception no longer needed, remove it: ${e.package} ${e.rule}`),
    ...long.stale.map(
      (name) => `docs/long-files.md lists ${name}, which is no longer over ${MAX_LINES} lines (or is gone)`,
    ),
  ];
  return { breaches, excused, notes };
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { breaches, excused, notes } = await checkShape(root);
  for (const line of excused) console.log(`shape: excused  ${line}`);
  for (const line of notes) console.log(`shape: note     ${line}`);
  for (const line of breaches) console.error(`shape: BREACH   ${line}`);
  if (breaches.length > 0) {
    console.error(`shape: ${breaches.length} breach(es); see docs/architecture.md for the skeleton`);
    process.exit(1);
  }
  console.log(`shape: ok (${listPackages(root).length} packages; ${excused.length} excused)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
