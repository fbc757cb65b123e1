#!/usr/bin/env node
// Initial-load weight of the web app per route: the JS and CSS a browser must fetch before a
// route first renders (the entry chunk and its static imports, plus the route's own lazy module
// and its static imports), gzipped. Builds web/ into a temporary directory with Vite's manifest,
// so the product's own build output is left alone.
//   node bench/web/initial-load.mjs            (builds, then reports)
//   node bench/web/initial-load.mjs --dist DIR (reports on a build made with --manifest)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The routes measured and the page module each one renders. */
const ROUTES = {
  '/login': 'src/pages/auth/LoginPage.tsx',
  '/': 'src/pages/landing/LandingPage.tsx',
  '/about': 'src/pages/content/AboutPage.tsx',
  '/about-gene': 'src/pages/content/AboutGenePage.tsx',
  '/resources': 'src/pages/content/ResourcesPage.tsx',
  '/faq': 'src/pages/content/FaqPage.tsx',
  '/tutorial': 'src/pages/content/TutorialPage.tsx',
  '/terms': 'src/pages/content/TermsPage.tsx',
  '/privacy': 'src/pages/content/PrivacyPage.tsx',
};

function build() {
  const out = mkdtempSync(path.join(tmpdir(), 'gn-web-bench-'));
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    {
      cwd: path.join(root, 'web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error('vite build failed');
  return out;
}

const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1]) : build();
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

/** A chunk's files and those of every chunk it imports statically (what loads with it). */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, files);
  return files;
}

/**
 * The manifest key of a page module's chunk: the module itself, or (when Rollup merged it with
 * code another dynamic chunk shares, e.g. the tutorial and its contents dialog) the dynamic
 * entry chunk named after it.
 */
function chunkOf(module) {
  if (manifest[module]) return module;
  const name = path.basename(module, path.extname(module));
  return Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
}

const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gz.get(file);
};
const kb = (n) => (n / 1024).toFixed(1);

const entry = closure(entryKey);
console.log(
  `entry ${entryKey}: ${[...entry].length} files, ${kb([...entry].reduce((s, f) => s + gzipped(f), 0))} KB gzipped`,
);
console.log('| route | JS KB gz | CSS KB gz | total KB gz | beyond /login KB gz |');
console.log('|---|---|---|---|---|');
const login = closure(chunkOf(ROUTES['/login']), new Set(entry));
for (const [route, key] of Object.entries(ROUTES)) {
  // A module with no chunk of its own was bundled into the entry (no route split).
  const chunk = chunkOf(key);
  const files = chunk ? closure(chunk, new Set(entry)) : new Set(entry);
  const sum = (pred) => [...files].filter(pred).reduce((s, f) => s + gzipped(f), 0);
  const js = sum((f) => f.endsWith('.js'));
  const css = sum((f) => f.endsWith('.css'));
  const extra = [...files].filter((f) => !login.has(f)).reduce((s, f) => s + gzipped(f), 0);
  console.log(`| ${route} | ${kb(js)} | ${kb(css)} | ${kb(js + css)} | ${kb(extra)} |`);
}
if (distArg < 0) rmSync(dist, { recursive: true, force: true });
if (process.argv.includes('--files')) {
  for (const [route, key] of Object.entries(ROUTES)) {
    const chunk = chunkOf(key);
    const files = chunk ? closure(chunk, new Set()) : new Set();
    console.log(route, [...files].map((f) => `${f} ${kb(gzipped(f))}`).join(', '));
  }
}
