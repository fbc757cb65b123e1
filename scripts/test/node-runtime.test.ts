import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { installedNode, NODE_MAJOR } from '../lib/ensure-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const major = (v: string) => Number(v.replace(/^v/, '').split('.')[0]);

describe('the runtime is Node 24 LTS (decision 0141)', () => {
  it('the suites themselves run on it, through npm test', () => {
    expect(major(process.version)).toBe(NODE_MAJOR);
  });

  it('node_modules provides it to machines with an older Node, pinned like the engines field', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(major(pkg.devDependencies.node)).toBe(NODE_MAJOR);
    expect(pkg.engines.node).toBe(`>=${NODE_MAJOR}`);
    const bin = installedNode(root);
    expect(bin).toBeDefined();
    expect(spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim()).toBe(`v${pkg.devDependencies.node}`);
  });

  it('the container base image and .nvmrc name the same major', () => {
    expect(readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(
      new RegExp(`ARG NODE_IMAGE=node:${NODE_MAJOR}-bookworm-slim`),
    );
    expect(readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe(String(NODE_MAJOR));
  });
});
