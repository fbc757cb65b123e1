import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkShape, type ShapeException } from '../shape-check.mjs';

// A small tree: one service on the skeleton, one whose route imports app.ts (a cycle too, as in
// the old services), one with a cycle between two domain files, one long file without a reason.
const SKELETON_FILES: Record<string, string> = {
  'src/context.ts': 'export interface Deps { name: string }\n',
  'src/app.ts':
    "import type { Deps } from './context';\nimport { routes } from './routes';\nexport const buildApp = (d: Deps) => routes(d);\n",
  'src/main.ts': "import { buildApp } from './app';\nbuildApp({ name: 'x' });\n",
  'src/routes/index.ts': "import type { Deps } from '../context';\nexport const routes = (d: Deps) => d.name;\n",
  'src/store/schema.ts': 'export interface Db { t: { id: string } }\n',
  'src/domain/rule.ts': 'export const rule = (n: number) => n + 1;\n',
  'src/jobs/index.ts': 'export const jobs = [];\n',
  'src/events/index.ts': 'export const consumers = [];\n',
  'src/use-cases/do-it.ts': "import { rule } from '../domain/rule';\nexport const doIt = () => rule(1);\n",
};

let root: string;

function write(pkg: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, pkg, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shape-check-'));
  write('services/good', {
    ...SKELETON_FILES,
    // Tests may import app.ts: they build the app from their own deps.
    'test/app.test.ts': "import { buildApp } from '../src/app';\nbuildApp({ name: 't' });\n",
  });
  write('services/leaky', {
    ...SKELETON_FILES,
    'src/routes/index.ts': "import type { Deps } from '../app';\nexport const routes = (d: Deps) => d;\n",
    'src/app.ts':
      "import { routes } from './routes';\nexport type Deps = { name: string };\nexport const buildApp = (d: Deps) => routes(d);\n",
  });
  write('services/circle', {
    ...SKELETON_FILES,
    'src/domain/a.ts': "import { b } from './b';\nexport const a = () => b();\n",
    'src/domain/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  });
  write('services/bare', { 'src/main.ts': 'export {};\n', 'src/routes/index.ts': 'export {};\n' });
  // A service arranged by wing (decision 0239): domain/ and use-cases/ inside its wings, the
  // registries and store/schema.ts at the top.
  write('services/winged', {
    'src/context.ts': SKELETON_FILES['src/context.ts'],
    'src/app.ts': SKELETON_FILES['src/app.ts'],
    'src/main.ts': SKELETON_FILES['src/main.ts'],
    'src/routes/index.ts':
      "import type { Deps } from '../context';\nimport { doIt } from '../people/use-cases/do-it';\nexport const routes = (d: Deps) => [d.name, doIt()];\n",
    'src/store/schema.ts': SKELETON_FILES['src/store/schema.ts'],
    'src/jobs/index.ts': 'export const jobs = [];\n',
    'src/events/index.ts': 'export const consumers = [];\n',
    'src/people/domain/rule.ts': SKELETON_FILES['src/domain/rule.ts'],
    'src/people/use-cases/do-it.ts': SKELETON_FILES['src/use-cases/do-it.ts'],
  });
  // Wings without the top: the registries and store/schema.ts inside a wing, no domain/ anywhere.
  write('services/scattered', {
    'src/context.ts': SKELETON_FILES['src/context.ts'],
    'src/app.ts': "import type { Deps } from './context';\nexport const buildApp = (d: Deps) => d;\n",
    'src/main.ts': SKELETON_FILES['src/main.ts'],
    'src/people/routes/index.ts': 'export const routes = [];\n',
    'src/people/store/schema.ts': SKELETON_FILES['src/store/schema.ts'],
    'src/people/jobs/index.ts': 'export const jobs = [];\n',
    'src/people/events/index.ts': 'export const consumers = [];\n',
    'src/people/use-cases/do-it.ts': 'export const doIt = () => 1;\n',
  });
  // A gateway with everything in app.ts, and a route that reaches back into it.
  write('gateway', {
    'src/main.ts': "import { buildGateway } from './app';\nbuildGateway();\n",
    'src/app.ts': 'export const buildGateway = () => 1;\n',
    'src/routes/proxy.ts': "import { buildGateway } from '../app';\nexport const proxy = () => buildGateway();\n",
  });
  write('shared/util', { 'src/long.ts': 'export const x = 1;\n'.repeat(401) });
  // The genealogy package: one pure reader, one file that reads the disk, and its table loader.
  write('shared/genealogy', {
    'src/extraction/dates.ts':
      "import type { DateInfoItem } from '@gnology/contracts';\n// an import née Brown in a comment is no import\nexport function extractDates(t: string): DateInfoItem[] { return []; }\n",
    'src/extraction/leaky.ts': "import fs from 'node:fs';\nexport const readFromDisk = () => fs.readFileSync('x');\n",
    'src/node/tables.ts': "import { createRequire } from 'node:module';\nexport const tables = createRequire('x');\n",
  });
  // A second reading of dates inside a service.
  write('services/copycat', {
    ...SKELETON_FILES,
    'src/domain/reading.ts': 'export function extractDates(t: string) { return [t]; }\n',
  });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('shape check', () => {
  it('passes a service on the skeleton, its test importing app.ts included', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches.filter((b) => b.includes('services/good'))).toEqual([]);
  });

  it('names a route that imports app.ts, and the cycle it makes', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches).toContain(
      'services/leaky/src/routes/index.ts imports app.ts (import the deps type from context.ts)',
    );
    expect(breaches).toContain('services/leaky: import cycle app.ts -> routes/index.ts -> app.ts');
  });

  it('names an import cycle between two files', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches).toContain('services/circle: import cycle domain/a.ts -> domain/b.ts -> domain/a.ts');
  });

  it("names each of the skeleton's missing files and folders", async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches.filter((b) => b.startsWith('services/bare: missing')).sort()).toEqual(
      [
        'src/app.ts',
        'src/context.ts',
        'src/domain/',
        'src/events/index.ts',
        'src/jobs/index.ts',
        'src/store/schema.ts',
        'src/use-cases/',
      ]
        .map((m) => `services/bare: missing ${m}`)
        .sort(),
    );
  });

  it('passes a service arranged by wing: domain/ and use-cases/ inside a wing, the registries at the top', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches.filter((b) => b.includes('services/winged'))).toEqual([]);
  });

  it('fails a wing layout that moved the registries and store/schema.ts into a wing, or has no domain/', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches.filter((b) => b.startsWith('services/scattered')).sort()).toEqual(
      ['src/domain/', 'src/events/index.ts', 'src/jobs/index.ts', 'src/routes/index.ts', 'src/store/schema.ts']
        .map((m) => `services/scattered: missing ${m}`)
        .sort(),
    );
  });

  it('holds the gateway to its own skeleton (no database), and its routes away from app.ts', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches.filter((b) => b.startsWith('gateway')).sort()).toEqual(
      [
        'gateway/src/routes/proxy.ts imports app.ts (import the deps type from context.ts)',
        'gateway: missing src/context.ts',
        'gateway: missing src/hot-path/',
        'gateway: missing src/routes/index.ts',
      ].sort(),
    );
  });

  it('fails a file over 400 lines unless docs/long-files.md gives a reason', async () => {
    const before = await checkShape(root, { exceptions: [] });
    expect(before.breaches.some((b) => b.startsWith('shared/util/src/long.ts: 401 lines'))).toBe(true);
    write('.', {
      'docs/long-files.md':
        '# Long files\n\n- `shared/util/src/long.ts`: generated constants\n- `gone.ts`: split since\n',
    });
    const after = await checkShape(root, { exceptions: [] });
    expect(after.breaches.some((b) => b.startsWith('shared/util/src/long.ts'))).toBe(false);
    expect(after.notes.some((n) => n.includes('gone.ts'))).toBe(true);
    fs.rmSync(path.join(root, 'docs'), { recursive: true });
  });

  it('lets an exception with a reason excuse one rule of one package, and says when it is unused', async () => {
    const exceptions: ShapeException[] = [
      { package: 'services/circle', rule: 'cycle', reason: 'circle: conversion in progress' },
      { package: 'services/good', rule: 'skeleton', reason: 'good: nothing to excuse' },
    ];
    const { breaches, excused, notes } = await checkShape(root, { exceptions });
    expect(breaches.some((b) => b.startsWith('services/circle'))).toBe(false);
    expect(excused.some((e) => e.startsWith('services/circle: import cycle'))).toBe(true);
    expect(notes).toContain('exception no longer needed, remove it: services/good skeleton');
    // The other rules of other packages still fail.
    expect(breaches.some((b) => b.startsWith('services/leaky'))).toBe(true);
  });

  it('keeps the genealogy package pure: no node builtin or I/O library outside src/node/', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    const genealogy = breaches.filter((b) => b.startsWith('shared/genealogy/src'));
    expect(genealogy).toEqual([
      'shared/genealogy/src/extraction/leaky.ts imports node:fs: the genealogy package does no I/O and imports only @gnology/contracts',
    ]);
  });

  it('names a service that declares again what the genealogy package exports', async () => {
    const { breaches } = await checkShape(root, { exceptions: [] });
    expect(breaches).toContain(
      'services/copycat/src/domain/reading.ts declares extractDates, which shared/genealogy/src/extraction/dates.ts already exports: use the genealogy package',
    );
    const excused = await checkShape(root, {
      exceptions: [{ package: 'services/copycat', rule: 'genealogy-home', reason: 'moving' }],
    });
    expect(excused.breaches.some((b) => b.startsWith('services/copycat'))).toBe(false);
  });
});
