// Installs the Debian packages the suites need when they are missing, so that on a fresh Debian
// machine `npm test` needs nothing but Node and npm (and root, or sudo run once, to install).
// Node builtins only: it runs before any dependency exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { newestPostgresVersion } from './ensure-services.mjs';

/**
 * What proves a package is there -> the Debian package, and the suites that need it.
 * A path is checked as a file; a bare name as a command on PATH.
 */
export const DEBIAN_PACKAGES = [
  {
    probe: 'pg_ctlcluster',
    pkg: 'postgresql',
    for: ['integration', 'browser'],
    why: 'PostgreSQL 15 for the integration and browser suites',
  },
  { probe: 'pg_isready', pkg: 'postgresql-client', for: ['integration', 'browser'], why: 'PostgreSQL client tools' },
  { probe: 'redis-server', pkg: 'redis-server', for: ['integration', 'browser'], why: 'Redis 7 for BullMQ' },
  { probe: 'redis-cli', pkg: 'redis-tools', for: ['integration', 'browser'], why: 'Redis client tools' },
  {
    probe: 'java',
    pkg: 'openjdk-17-jre-headless',
    for: ['integration', 'browser'],
    why: 'the Kafka broker and the S3 server (Java)',
  },
  {
    probe: 'mvn',
    pkg: 'maven',
    for: ['integration', 'browser'],
    why: 'fetches the Kafka and S3 server jars from Maven Central',
  },
  {
    probe: '/usr/bin/chromium',
    pkg: 'chromium',
    for: ['browser'],
    why: 'the browser suite (playwright-core drives Debian Chromium)',
  },
  {
    probe: '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
    pkg: 'fonts-liberation',
    for: ['integration', 'browser'],
    why: 'the scanned-page fixtures are drawn in Liberation Serif (another font reads too well for the handwriting tests)',
  },
  {
    probe: 'tesseract',
    pkg: 'tesseract-ocr',
    for: ['integration'],
    why: 'native Tesseract 5, the OCR engine OCR_ENGINE=auto picks (decision 0237); its tests read beside tesseract.js',
  },
  {
    probe: 'pdfinfo',
    pkg: 'poppler-utils',
    for: ['integration'],
    why: 'the album tests read the PDFs they make with pdfinfo and pdftotext',
  },
  // The GEDCOM export tests hand the files to real peer programs: Gramps imports the 5.5.1 file,
  // and the `gedcom7` Python package (in a venv under .cache/, services/documents/test/helpers/gedcom7.ts) reads the 7.0 one.
  {
    probe: 'gramps',
    pkg: 'gramps',
    for: ['integration'],
    why: 'the GEDCOM export tests import the exported file into Gramps',
  },
  {
    probe: '/usr/share/doc/python3-venv',
    pkg: 'python3-venv',
    for: ['integration'],
    why: 'a venv for the gedcom7 reader of the GEDCOM 7 export tests',
  },
  // The container tests (infra/containers/test) build every image and run them: Docker's engine
  // (they start dockerd themselves), debootstrap for a local Debian base image (no registry is
  // reachable from CI) and Debian's docker-compose 1.29 for the compose file.
  {
    probe: '/usr/sbin/dockerd',
    pkg: 'docker.io',
    for: ['integration'],
    why: 'the container tests build and run the service images',
  },
  {
    probe: '/usr/sbin/debootstrap',
    pkg: 'debootstrap',
    for: ['integration'],
    why: 'the container tests make their Debian base image',
  },
  {
    probe: 'docker-compose',
    pkg: 'docker-compose',
    for: ['integration'],
    why: 'the container tests validate and run docker-compose.yml',
  },
];

const log0 = (line) => console.log(line);

/** Installs what the selected steps need and is missing. Returns the packages installed. */
export function ensureDebianPackages({ steps, log = log0, env = process.env } = {}) {
  const wanted = DEBIAN_PACKAGES.filter((p) => p.for.some((s) => steps.has(s)));
  const missing = [...new Set(wanted.filter((p) => !present(p.probe)).map((p) => p.pkg))];
  if (missing.length === 0) {
    log(`packages: present (${[...new Set(wanted.map((p) => p.pkg))].join(', ') || 'none needed'})`);
    return [];
  }
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `packages: missing ${missing.join(', ')} and this is not root: run \`sudo sh -c '${command}'\` once, then npm test again`,
    );
  }
  if (!present('apt-get'))
    throw new Error(
      `packages: missing ${missing.join(', ')} and there is no apt-get here: install them with your package manager`,
    );
  log(`packages: installing ${missing.join(', ')} (${command})`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update'], aptEnv);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], aptEnv);
  if (missing.includes('postgresql')) trustLoopback(log);
  const still = wanted.filter((p) => missing.includes(p.pkg) && !present(p.probe));
  if (still.length)
    throw new Error(
      `packages: apt-get installed ${missing.join(', ')} but ${still.map((p) => p.probe).join(', ')} is still missing`,
    );
  return missing;
}

/**
 * A fresh Debian cluster asks for passwords on TCP; the suites connect as postgres@127.0.0.1
 * without one, as on the developer machines. Only loopback is trusted.
 */
function trustLoopback(log) {
  if (!existsSync('/etc/postgresql')) return;
  const hba = `/etc/postgresql/${newestPostgresVersion()}/main/pg_hba.conf`;
  const text = readFileSync(hba, 'utf8');
  if (/^host\s+all\s+all\s+127\.0\.0\.1\/32\s+trust/m.test(text)) return;
  writeFileSync(hba, `host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n${text}`);
  log(`packages: ${hba} trusts loopback connections (as the developer machines do)`);
}

function present(probe) {
  if (probe.startsWith('/')) return existsSync(probe);
  return spawnSync('sh', ['-c', `command -v ${probe}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args, env) {
  const r = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (r.error) throw new Error(`packages: could not run ${command}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`packages: \`${command} ${args.join(' ')}\` failed with exit code ${r.status}`);
}
