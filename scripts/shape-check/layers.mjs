// The layer rules of docs/architecture.md, part of the shape check (issue 34): inside every
// service the imports run routes → use-cases → store / domain; jobs and events (consumers) go
// through use cases, never to store/ directly; store/ never imports jobs/, routes/, use-cases/ or
// events/; domain/ imports no other layer and does no I/O.
//
// A file's layer is the innermost folder under src/ named after a layer, wherever it sits, so the
// rules hold in a service arranged by wing (services/documents/src/people/store/x.ts is a store
// file). Files in no layer folder (context.ts, config.ts, llm/, clients/, migrations/…) are not
// judged, and what they import is not a layer.
//
// Type-only imports count for the directions (a store that names a job's type depends on jobs/),
// but not for I/O: `import type { Selectable } from 'kysely'` reads nothing. One type import is
// free outside domain/: the database's types in store/schema.ts, which context.ts itself names
// (a consumer's transaction is typed by them).
import fs from 'node:fs';
import path from 'node:path';

export const LAYERS = ['routes', 'use-cases', 'store', 'domain', 'jobs', 'events'];

/** What each layer may not import (the directions of docs/architecture.md). */
export const FORBIDDEN = {
  routes: ['store', 'jobs', 'events'],
  'use-cases': ['routes', 'events'],
  store: ['routes', 'use-cases', 'jobs', 'events'],
  domain: ['routes', 'use-cases', 'store', 'jobs', 'events'],
  jobs: ['routes', 'store', 'events'],
  events: ['routes', 'store', 'jobs'],
};

/** Packages a domain file may not load at run time: databases, queues, buses, storage, network, disk, processes. */
const IO_MODULES =
  /^(?:(?:node:)?(?:fs|fs\/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster)|kysely|pg|pg-boss|ioredis|bullmq|kafkajs|undici|@aws-sdk\/.*|@gnology\/platform(?:\/(?:db|events|jobs|storage|runtime|lifecycle|auth|http\/(?!errors$|validation-errors$))(?:\/.*)?)?)$/;

// Statements only, so a word after "import" in a comment is no import: static (type or value),
// side-effect, dynamic and require.
const IMPORT_RE =
  /^\s*(import|export)(\s+type)?\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]/gm;
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** The innermost layer folder of a path relative to src/ (null: the file is in no layer). */
export function layerOf(relToSrc) {
  const dirs = relToSrc.split('/').slice(0, -1);
  for (let i = dirs.length - 1; i >= 0; i--) if (LAYERS.includes(dirs[i])) return dirs[i];
  return null;
}

/** The imports of a source text: { spec, typeOnly }. */
export function importsOf(text) {
  const found = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    const spec = m[3] ?? m[4] ?? m[5] ?? m[6];
    const typeOnly = Boolean(m[2]) || (m[3] !== undefined && isTypeOnlyList(m[0]));
    found.push({ spec, typeOnly });
  }
  return found;
}

// `import { type A, type B } from` imports types only, as does `import type`.
function isTypeOnlyList(statement) {
  const braces = /\{([^}]*)\}/.exec(statement);
  if (!braces || /^\s*(import|export)\s+[\w$]+\s*,/.test(statement)) return false;
  const names = braces[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

function sources(dir, out = []) {
  let entries = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) sources(full, out);
    else if (SOURCE.test(e.name) && !/\.d\.ts$/.test(e.name) && !/\.(test|spec)\./.test(e.name)) out.push(full);
  }
  return out;
}

const isDir = (p) => fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ?? false;
const posix = (p) => p.split(path.sep).join('/');

/** The layer breaches of one service package (e.g. 'services/album'), each naming file, import and rule. */
export function checkLayers(root, pkg) {
  const src = path.resolve(root, pkg, 'src');
  const breaches = [];
  for (const file of sources(src)) {
    const from = layerOf(posix(path.relative(src, file)));
    if (!from) continue;
    const name = posix(path.relative(path.resolve(root), file));
    for (const { spec, typeOnly } of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec);
        const relTarget = posix(path.relative(src, target));
        if (relTarget.startsWith('..')) continue;
        const to = layerOf(isDir(target) ? `${relTarget}/index` : relTarget);
        if (typeOnly && to === 'store' && from !== 'domain' && path.basename(relTarget) === 'schema') continue;
        if (to && to !== from && FORBIDDEN[from].includes(to))
          breaches.push(`${name}: a ${from} file imports ${spec} (${to}/); ${advice(from, to)}`);
        else if (from === 'domain' && to === null && !isTopLevelType(relTarget))
          breaches.push(`${name}: a domain file imports ${spec}, which is no domain file; domain imports only domain`);
      } else if (from === 'domain' && !typeOnly && IO_MODULES.test(spec)) {
        breaches.push(`${name}: a domain file imports ${spec}, which does I/O; domain is pure (move the I/O out)`);
      }
    }
  }
  return breaches;
}

// A domain file may name the service's config type (src/config.ts), nothing else outside domain/.
const isTopLevelType = (relTarget) => relTarget === 'config';

function advice(from, to) {
  if ((from === 'jobs' || from === 'events') && to === 'store') return 'jobs and events go through a use case';
  if (from === 'domain') return `domain imports only domain (move what it needs into domain/)`;
  if (to === 'jobs' || to === 'routes' || to === 'events') return `move what ${from} needs into domain/ or ${from}/`;
  return `${from} may not import ${to}`;
}
