// The genealogy package's rules (issue 28, decision 0208), part of the shape check:
//   - purity: shared/genealogy/src imports only its own files and @gnology/contracts (no node:
//     builtins, no database, queue, HTTP or storage library); src/node/ alone loads reference tables;
//   - one home: no service declares a function or constant under a name the package exports, so
//     the reading of a record, the grouping and the GEDCOM mapping are never written a second time.
import fs from 'node:fs';
import path from 'node:path';

export const GENEALOGY = 'shared/genealogy';
const ALLOWED_PACKAGES = new Set(['@gnology/contracts']);
// Statements only (a comment's "import née" is not one): static, side-effect, dynamic and require.
const IMPORT_RE =
  /^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]/gm;
const EXPORT_RE = /^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/gm;
const DECLARE_RE = /^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/gm;
// Short or generic names (a `fold`, a `MONTHS`) are too common to mean a copy.
const MIN_NAME = 10;

function sources(dir, out = []) {
  let entries = [];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    if (e.name === 'node_modules') continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) sources(full, out);
    else if (/\.(ts|tsx|mjs)$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(full);
  }
  return out;
}

const rel = (root, file) => path.relative(path.resolve(root), file).split(path.sep).join('/');

/** Purity: what each source file of the package (but src/node/) imports. */
export function checkGenealogyPurity(root) {
  const src = path.resolve(root, GENEALOGY, 'src');
  const breaches = [];
  for (const file of sources(src)) {
    const name = rel(root, file);
    if (name.startsWith(`${GENEALOGY}/src/node/`)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec);
        if (!target.startsWith(src + path.sep)) breaches.push(`${name} imports ${spec}, outside the genealogy package`);
        else if (target.startsWith(path.join(src, 'node')))
          breaches.push(`${name} imports ${spec}: only callers outside the package load the tables`);
      } else if (!ALLOWED_PACKAGES.has(spec))
        breaches.push(`${name} imports ${spec}: the genealogy package does no I/O and imports only @gnology/contracts`);
    }
  }
  return breaches;
}

/** One home: service declarations that repeat a name the package exports. */
export function checkGenealogyOneHome(root) {
  const src = path.join(root, GENEALOGY, 'src');
  const exported = new Map();
  for (const file of sources(src))
    for (const m of fs.readFileSync(file, 'utf8').matchAll(EXPORT_RE))
      if (m[1].length >= MIN_NAME) exported.set(m[1], rel(root, file));
  const breaches = [];
  for (const file of sources(path.join(root, 'services'))) {
    const name = rel(root, file);
    if (!name.includes('/src/')) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(DECLARE_RE)) {
      const home = exported.get(m[1]);
      if (home) breaches.push(`${name} declares ${m[1]}, which ${home} already exports: use the genealogy package`);
    }
  }
  return breaches;
}
