import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/*
 * Real peer programs reading the exported GEDCOM files (issue 16, decision 0186): Gramps (Debian
 * package `gramps`, installed by `npm test`) imports a file from its command line and exports
 * its own XML, whose people, families and sources are counted; the `gedcom7` Python package, in a
 * venv under .cache/ made here on first use, parses a GEDCOM 7 file strictly.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const VENV = path.join(REPO, '.cache', 'gedcom7-venv');

export interface GrampsImport {
  people: number;
  families: number;
  sources: number;
  /** What Gramps said while importing (its import report, lines it did not understand). */
  log: string;
  /** The imported tree as Gramps XML. */
  xml: string;
}

/** Imports `file` into a throwaway Gramps tree and exports it as Gramps XML. */
export function grampsImport(file: string): GrampsImport {
  const home = mkdtempSync(path.join(tmpdir(), 'gramps-'));
  try {
    const out = path.join(home, 'out.gramps');
    // GRAMPSHOME keeps the throwaway tree and Gramps' settings out of the user's home.
    const r = spawnSync('gramps', ['-y', '-i', file, '-e', out], {
      env: { ...process.env, GRAMPSHOME: home, LANG: 'C.UTF-8' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const log = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    if (r.status !== 0 || !existsSync(out))
      throw new Error(`gramps could not import ${file} (exit ${r.status}): ${log.slice(-2_000)}`);
    const xml = gunzipSync(readFileSync(out)).toString('utf8');
    const count = (tag: string) => (xml.match(new RegExp(`<${tag} `, 'g')) ?? []).length;
    return { people: count('person'), families: count('family'), sources: count('source'), log, xml };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export type Gedcom7Reader = { python: string } | { python: null; reason: string };

/** The venv's python with `gedcom7` installed (made once, kept in .cache/), or why it could not be made. */
export function ensureGedcom7(): Gedcom7Reader {
  const python = path.join(VENV, 'bin', 'python');
  const importable = () =>
    existsSync(python) && spawnSync(python, ['-c', 'import gedcom7'], { stdio: 'ignore' }).status === 0;
  if (importable()) return { python };
  const venv = spawnSync('/usr/bin/python3', ['-m', 'venv', VENV], { encoding: 'utf8' });
  if (venv.status !== 0) return { python: null, reason: `python3 -m venv failed: ${venv.stderr}` };
  const pip = spawnSync(
    python,
    ['-m', 'pip', 'install', '--disable-pip-version-check', '--retries', '1', '--timeout', '15', 'gedcom7'],
    { encoding: 'utf8', timeout: 180_000 },
  );
  if (pip.status !== 0 || !importable())
    return {
      python: null,
      reason: `pip install gedcom7 failed: ${(pip.stderr ?? '').trim().split('\n').slice(-2).join(' ')}`,
    };
  return { python };
}

/** Record counts by tag after `gedcom7.loads` parsed the file; throws with the parser's error. */
export function readGedcom7(python: string, file: string): Record<string, number> {
  const script = [
    'import collections, json, sys, gedcom7',
    "text = open(sys.argv[1], encoding='utf-8-sig').read()",
    'records = gedcom7.loads(text)',
    'print(json.dumps(collections.Counter(r.tag for r in records)))',
  ].join('\n');
  const r = spawnSync(python, ['-c', script, file], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`gedcom7 could not read ${file}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, number>;
}
