import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * EPUBCheck (org.w3c:epubcheck from Maven Central) for the book's EPUB test. Its jars are
 * fetched by Maven through pom.xml beside this file into .cache/epubcheck/lib (git-ignored),
 * offline first, once per pom — the way infra/kafka/kafka.mjs fetches the broker's jars.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../../..');
const POM = path.join(HERE, 'pom.xml');
const LIB = path.join(ROOT, '.cache', 'epubcheck', 'lib');
const STAMP = path.join(LIB, '.pom.sha256');

function ensureClasspath(): string {
  const pomHash = createHash('sha256').update(readFileSync(POM)).digest('hex');
  const version = /<epubcheck\.version>([^<]+)</.exec(readFileSync(POM, 'utf8'))?.[1];
  const jar = path.join(LIB, `epubcheck-${version}.jar`);
  if (existsSync(jar) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === pomHash)
    return path.join(LIB, '*');

  const tmp = `${LIB}.tmp-${process.pid}-${Date.now()}`;
  const args = ['-B', '-q', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`];
  const mvn = process.env.MVN || 'mvn';
  let r = spawnSync(mvn, ['-o', ...args], { encoding: 'utf8' });
  if (r.status !== 0) r = spawnSync(mvn, args, { encoding: 'utf8' });
  if (r.status !== 0 || !existsSync(path.join(tmp, path.basename(jar)))) {
    rmSync(tmp, { recursive: true, force: true });
    const why = r.error
      ? `${mvn}: ${r.error.message}`
      : `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`could not fetch EPUBCheck with maven (needs mvn and Java 17 on PATH): ${why}`);
  }
  writeFileSync(path.join(tmp, '.pom.sha256'), `${pomHash}\n`);
  mkdirSync(path.dirname(LIB), { recursive: true });
  rmSync(LIB, { recursive: true, force: true });
  try {
    renameSync(tmp, LIB);
  } catch (err) {
    // Another test process filled the cache at the same moment: keep its copy.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(jar)) throw err;
  }
  return path.join(LIB, '*');
}

export interface EpubcheckResult {
  status: number | null;
  /** Lines reporting FATAL or ERROR messages ("ERROR(RSC-005): …"). */
  errors: string[];
  warnings: string[];
  output: string;
}

/** Runs EPUBCheck on an .epub file with Java 17 (JAVA_HOME or java on PATH). */
export function epubcheck(file: string): EpubcheckResult {
  const cp = ensureClasspath();
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const r = spawnSync(java, ['-Xmx512m', '-cp', cp, 'com.adobe.epubcheck.tool.Checker', file], { encoding: 'utf8' });
  if (r.error) throw new Error(`could not run EPUBCheck: ${r.error.message}`);
  const output = `${r.stdout}\n${r.stderr}`;
  const lines = output.split('\n');
  return {
    status: r.status,
    errors: lines.filter((l) => /^(FATAL|ERROR)\(/.test(l)),
    warnings: lines.filter((l) => /^WARNING\(/.test(l)),
    output,
  };
}
