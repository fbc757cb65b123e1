import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { check, type DockerCli } from './docker';

export const TARGETS = ['gateway', 'auth', 'conversation', 'research', 'documents', 'album', 'billing'] as const;
export type Target = (typeof TARGETS)[number];

/** Proxy settings Docker passes to RUN steps without an ARG line, when the host uses them. */
const PROXY_VARS = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];

/**
 * A copy of the checkout as git sees it (tracked and untracked-but-not-ignored files): the
 * seven builds then share one unchanging context, so their layers are cache hits even while
 * someone edits the working tree, and nothing git ignores (local data, secrets) can leak in.
 */
export async function snapshotContext(repoRoot: string): Promise<{ dir: string; remove(): void }> {
  const listed = await check('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
  });
  const dir = mkdtempSync('/var/tmp/gnology-context-');
  for (const rel of listed.split('\0')) {
    if (!rel) continue;
    const from = path.join(repoRoot, rel);
    // Deleted-but-tracked files and anything that is not a plain file (submodules) are left out.
    if (!existsSync(from) || !lstatSync(from).isFile()) continue;
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    copyFileSync(from, path.join(dir, rel));
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface BuiltTarget {
  target: Target;
  image: string;
  seconds: number;
}

/**
 * One `docker build` per target from one context: the deps and build stages are shared, so the
 * first build pays for the install and the bundle and the others reuse those layers.
 */
export async function buildTargets(
  docker: DockerCli,
  contextDir: string,
  opts: { baseImage: string; tag: string; log?: (line: string) => void },
): Promise<BuiltTarget[]> {
  const proxyArgs = PROXY_VARS.filter((v) => process.env[v]).flatMap((v) => ['--build-arg', `${v}=${process.env[v]}`]);
  const built: BuiltTarget[] = [];
  for (const target of TARGETS) {
    const image = `gnology-${target}:${opts.tag}`;
    const t0 = Date.now();
    // Host network: the daemon runs without a bridge (see docker-engine.ts); npm reaches the
    // registry the way the host does.
    await docker.check(
      [
        'build',
        '--network',
        'host',
        '--target',
        target,
        '--build-arg',
        `NODE_IMAGE=${opts.baseImage}`,
        ...proxyArgs,
        '-t',
        image,
        contextDir,
      ],
      {
        timeoutMs: 30 * 60_000,
        onLine: (l) => {
          if (/^Step \d+\/\d+ : /.test(l)) opts.log?.(`build ${target}: ${l}`);
        },
      },
    );
    built.push({ target, image, seconds: (Date.now() - t0) / 1000 });
    opts.log?.(`build ${target}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return built;
}
