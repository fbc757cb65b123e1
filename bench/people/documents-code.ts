import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A function of a checkout's documents service, found by its exported name: the service's files
 * move (issue 34 arranges it by wing) and the people bench drives two checkouts at once, so it
 * names what it calls, not where each checkout keeps it.
 */
export async function documentsFunction<T>(root: string, name: string): Promise<T> {
  const service = path.join(root, 'services/documents');
  const declares = new RegExp(`export (async )?function ${name}\\b`);
  for (const file of sources(service)) {
    if (!declares.test(readFileSync(file, 'utf8'))) continue;
    const mod = (await import(file)) as Record<string, unknown>;
    return mod[name] as T;
  }
  throw new Error(`no ${name} in ${service}`);
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'migrations') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield full;
  }
}
