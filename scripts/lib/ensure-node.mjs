// The product runs on Node 24 LTS (docs/decisions/0141-node-24.md). A machine whose own Node is
// older still runs `npm start` and `npm test` on 24: the root package's `node` devDependency
// installs Node 24 from the npm registry into node_modules/.bin, which npm puts first on the PATH of
// its scripts. On the very first run node_modules does not exist yet when npm starts the script,
// so after installing, the script starts itself again under that Node. Node builtins only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const NODE_MAJOR = 24;

const majorOf = (version) => Number(version.replace(/^v/, '').split('.')[0]);

/** The Node 24 binary the install put in node_modules, if there is one. */
export function installedNode(root) {
  const bin = join(root, 'node_modules', '.bin', 'node');
  return existsSync(bin) ? bin : undefined;
}

/**
 * Runs the current script again under node_modules' Node 24 when this process is on an older Node,
 * and exits with its exit code; returns when this process already is on Node 24 or newer.
 */
export function ensureNode({ root, log = (line) => console.log(line) }) {
  if (majorOf(process.version) >= NODE_MAJOR) return;
  const bin = installedNode(root);
  if (!bin) {
    throw new Error(
      `install: this is Node ${process.version} and node_modules has no Node ${NODE_MAJOR}; run npm install (the root package's "node" devDependency provides it)`,
    );
  }
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (majorOf(version) < NODE_MAJOR)
    throw new Error(`install: ${bin} is Node ${version}, not ${NODE_MAJOR}: run npm install`);
  log(`install: this machine's Node is ${process.version}; running on Node ${version} from node_modules`);
  const binDir = join(root, 'node_modules', '.bin');
  const env = { ...process.env, PATH: `${binDir}:${process.env.PATH ?? ''}` };
  // The child shares this terminal and process group, so Ctrl-C and CI's signals reach it directly;
  // this process only waits for it.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
  const child = spawnSync(bin, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  if (child.error) throw new Error(`install: could not run ${bin}: ${child.error.message}`);
  process.exit(child.status ?? 1);
}
