// Where the broker's jars and java come from: Maven Central through pom.xml into .cache/kafka/lib.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run, safeRead, tail } from './processes.mjs';

export const KAFKA_VERSION = '4.1.1';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const POM = path.join(HERE, 'pom.xml');
const CACHE = path.join(ROOT, '.cache', 'kafka');
const LIB = path.join(CACHE, 'lib');
const STAMP = path.join(LIB, '.pom.sha256');

/** Fills .cache/kafka/lib with the broker's jars unless it is already there for this pom.xml. */
export async function ensureClasspath(log) {
  const pomHash = createHash('sha256').update(readFileSync(POM)).digest('hex');
  const jar = `kafka_2.13-${KAFKA_VERSION}.jar`;
  if (existsSync(path.join(LIB, jar)) && safeRead(STAMP).trim() === pomHash) return path.join(LIB, '*');

  const mvn = process.env.MVN || 'mvn';
  mkdirSync(CACHE, { recursive: true });
  const tmp = path.join(CACHE, `lib.tmp-${process.pid}-${Date.now()}`);
  const args = ['-B', '-q', '-f', POM, 'dependency:copy-dependencies', `-DoutputDirectory=${tmp}`];
  const t0 = Date.now();
  log(`kafka: fetching the Kafka ${KAFKA_VERSION} broker jars with maven into ${path.relative(ROOT, LIB)} (once)`);
  let r = await run(mvn, ['-o', ...args], { cwd: HERE });
  if (r.code !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    r = await run(mvn, args, { cwd: HERE });
  }
  if (r.code !== 0 || !existsSync(path.join(tmp, jar))) {
    rmSync(tmp, { recursive: true, force: true });
    const why =
      r.error?.code === 'ENOENT'
        ? `'${mvn}' was not found on PATH (install Maven, or set MVN)`
        : `maven exited with ${r.code}`;
    throw new Error(`kafka: could not fetch the broker classpath: ${why}\n${tail(r.output, 30)}`);
  }
  writeFileSync(path.join(tmp, '.pom.sha256'), `${pomHash}\n`);
  rmSync(LIB, { recursive: true, force: true });
  try {
    renameSync(tmp, LIB);
  } catch (err) {
    // Another process filled the cache at the same moment: keep its copy.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(path.join(LIB, jar))) throw err;
  }
  log(
    `kafka: ${readdirSync(LIB).filter((f) => f.endsWith('.jar')).length} jars in ${path.relative(ROOT, LIB)} (maven took ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return path.join(LIB, '*');
}

export function findJava() {
  if (process.env.JAVA_HOME) {
    const j = path.join(process.env.JAVA_HOME, 'bin', 'java');
    if (existsSync(j)) return j;
  }
  return 'java';
}
