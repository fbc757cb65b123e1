import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { getContainerRuntimeClient, ImageName } from 'testcontainers';
import { check, type DockerCli } from './docker';

/**
 * The Dockerfile's base (`NODE_IMAGE`) made here: no image registry is reachable from CI, so
 * `node:24-bookworm-slim` cannot be pulled. Debian bookworm (debootstrap minbase from the
 * machine's own Debian mirror) plus the Node 24 binary the project runs on, npm, the
 * machine's CA bundle (package registries are reached through a TLS proxy the host trusts) and
 * a `node` user with uid 1000, as in the official image.
 *
 * Tagged by a hash of everything that goes in, so a second run (or a second test) reuses it.
 */
const RECIPE = 'gnology-test-base/1';
const SUITE = 'bookworm';
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

export interface BaseImageInputs {
  /** The Node 24 binary (node_modules/node/bin/node). */
  nodeBinary: string;
  /** A global npm install to carry (the Dockerfile then pins npm itself). */
  npmDir: string;
  mirror: string;
}

export function defaultInputs(repoRoot: string): BaseImageInputs {
  const nodeBinary = path.join(repoRoot, 'node_modules/node/bin/node');
  if (!existsSync(nodeBinary)) throw new Error(`no Node 24 binary at ${nodeBinary}: run npm install first`);
  const npmDir = ['/usr/lib/node_modules/npm', '/usr/local/lib/node_modules/npm'].find((d) =>
    existsSync(path.join(d, 'package.json')),
  );
  if (!npmDir)
    throw new Error(
      'no global npm install found (/usr/lib/node_modules/npm or /usr/local/lib/node_modules/npm) to put in the base image',
    );
  return { nodeBinary, npmDir, mirror: debianMirror() };
}

/** The Debian mirror this machine's apt uses (deb822 or one-line sources), else deb.debian.org. */
export function debianMirror(): string {
  const texts: string[] = [];
  for (const f of [
    '/etc/apt/sources.list',
    ...listDir('/etc/apt/sources.list.d').map((n) => `/etc/apt/sources.list.d/${n}`),
  ]) {
    if (/\.(list|sources)$/.test(f) && existsSync(f)) texts.push(readFileSync(f, 'utf8'));
  }
  for (const text of texts) {
    // deb822: a stanza whose Suites include bookworm.
    for (const stanza of text.split(/\n\s*\n/)) {
      const uri = /^URIs:\s*(\S+)/im.exec(stanza)?.[1];
      const suites = /^Suites:\s*(.+)$/im.exec(stanza)?.[1]?.split(/\s+/) ?? [];
      if (uri && suites.includes(SUITE) && /^Types:.*\bdeb\b/im.test(stanza)) return uri;
    }
    const line = new RegExp(`^deb\\s+(?:\\[[^\\]]*\\]\\s+)?(\\S+)\\s+${SUITE}\\s`, 'm').exec(text);
    if (line) return line[1];
  }
  return 'http://deb.debian.org/debian';
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    const s = spawn('cat', [file]);
    s.stdout.on('data', (c: Buffer) => h.update(c));
    s.once('error', reject);
    s.once('close', (code) => (code === 0 ? resolve(h.digest('hex')) : reject(new Error(`cannot read ${file}`))));
  });
}

export async function baseImageTag(inputs: BaseImageInputs): Promise<string> {
  const npmVersion = (JSON.parse(readFileSync(path.join(inputs.npmDir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const h = createHash('sha256');
  for (const part of [
    RECIPE,
    SUITE,
    inputs.mirror,
    await sha256File(inputs.nodeBinary),
    npmVersion,
    await sha256File(CA_BUNDLE),
    npmrcLines().join('\n'),
  ]) {
    h.update(part).update('\0');
  }
  return `gnology-test-base:${h.digest('hex').slice(0, 16)}`;
}

/** npm settings the host needs to reach its registry (another registry than npm's own), carried into the image. */
function npmrcLines(): string[] {
  const lines = [`cafile=${CA_BUNDLE}`];
  const registry = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout?.trim();
  if (registry && !/^https:\/\/registry\.npmjs\.org\/?$/.test(registry)) lines.push(`registry=${registry}`);
  return lines;
}

/** Returns the tag of the base image, building it when this engine does not have it yet. */
export async function ensureBaseImage(
  docker: DockerCli,
  inputs: BaseImageInputs,
  log: (line: string) => void = () => {},
): Promise<{ tag: string; built: boolean; seconds: number }> {
  const t0 = Date.now();
  const tag = await baseImageTag(inputs);
  if (await (await getContainerRuntimeClient()).image.exists(ImageName.fromString(tag))) {
    log(`base: ${tag} is already built`);
    return { tag, built: false, seconds: (Date.now() - t0) / 1000 };
  }
  if (!existsSync(CA_BUNDLE))
    throw new Error(`no CA bundle at ${CA_BUNDLE}: npm inside the build could not reach the registry`);
  const work = mkdtempSync('/var/tmp/gnology-rootfs-');
  const rootfs = path.join(work, 'rootfs');
  try {
    log(`base: debootstrap --variant=minbase ${SUITE} from ${inputs.mirror}`);
    await check('debootstrap', ['--variant=minbase', SUITE, rootfs, inputs.mirror], { timeoutMs: 15 * 60_000 });
    // Node and npm where the official image has them.
    mkdirSync(path.join(rootfs, 'usr/local/bin'), { recursive: true });
    copyFileSync(inputs.nodeBinary, path.join(rootfs, 'usr/local/bin/node'));
    cpSync(inputs.npmDir, path.join(rootfs, 'usr/local/lib/node_modules/npm'), { recursive: true, dereference: false });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
    mkdirSync(path.join(rootfs, 'usr/local/etc'), { recursive: true });
    writeFileSync(path.join(rootfs, 'usr/local/etc/npmrc'), `${npmrcLines().join('\n')}\n`);
    // The CA bundle the host trusts (minbase has no ca-certificates package).
    mkdirSync(path.join(rootfs, 'etc/ssl/certs'), { recursive: true });
    copyFileSync(CA_BUNDLE, path.join(rootfs, 'etc/ssl/certs/ca-certificates.crt'));
    // The official image's user: uid and gid 1000, home /home/node.
    appendFileSync(path.join(rootfs, 'etc/passwd'), 'node:x:1000:1000::/home/node:/bin/sh\n');
    appendFileSync(path.join(rootfs, 'etc/group'), 'node:x:1000:\n');
    appendFileSync(path.join(rootfs, 'etc/shadow'), 'node:!:19000:0:99999:7:::\n');
    mkdirSync(path.join(rootfs, 'home/node'), { recursive: true });
    chownSync(path.join(rootfs, 'home/node'), 1000, 1000);
    // Package caches are not part of an image.
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const n of listDir(path.join(rootfs, dir)))
        if (n.endsWith('.deb') || dir.endsWith('lists'))
          rmSync(path.join(rootfs, dir, n), { recursive: true, force: true });
    }
    log(`base: docker import as ${tag}`);
    const tar = spawn('tar', ['-C', rootfs, '--numeric-owner', '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    await docker.check(
      [
        'import',
        '--change',
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        // Node's own TLS (fetch in the services, npm) trusts the same CAs as the host.
        '--change',
        `ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`,
        '--change',
        'CMD ["node"]',
        '-',
        tag,
      ],
      { input: tar.stdout, timeoutMs: 10 * 60_000 },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { tag, built: true, seconds: (Date.now() - t0) / 1000 };
}
