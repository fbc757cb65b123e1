// Stanford CoreNLP 4.5.7 (Maven Central, GPL v3+): the CRF person recognisers of its English, French and German
// model jars, run by java/ (our own runner) in a child JVM, one record a line. Bench only: the GPL keeps it out
// of the product whatever it scores (decision 0225). Maven fetches the jars (~950 MB) into ~/.m2 on first build.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ModelItem, ModelReader, ModelReading } from './model';

const javaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'java');
const classpathFile = path.join(javaDir, 'target', 'classpath.txt');
const LANGS = ['en', 'fr', 'de'];

function build(): string {
  if (!existsSync(classpathFile)) {
    execFileSync('mvn', ['-q', '-B', 'package', 'dependency:build-classpath', `-Dmdep.outputFile=${classpathFile}`], {
      cwd: javaDir,
      stdio: 'inherit',
    });
  }
  return `${path.join(javaDir, 'target', 'classes')}${path.delimiter}${readFileSync(classpathFile, 'utf8').trim()}`;
}

const escapeLine = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');

/** Peak resident memory of a process, from Linux's VmHWM. */
function peakMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function openCoreNlp(): Promise<ModelReader> {
  const classpath = build();
  const t0 = performance.now();
  const child = spawn('java', ['-Xmx6g', '-cp', classpath, 'gnology.bench.NerRunner', ...LANGS], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    const r = await lines.next();
    if (r.done) throw new Error('the CoreNLP runner stopped: run it by hand in bench/genealogy/models/java to see why');
    return r.value;
  };
  const ready = await next();
  if (!ready.startsWith('ready')) throw new Error(`the CoreNLP runner said ${ready}`);
  const loadMs = performance.now() - t0;
  let peak = 0;
  return {
    name: 'corenlp',
    langs: new Set(LANGS),
    loadMs,
    async readPeople(items: readonly ModelItem[]): Promise<ModelReading[]> {
      const out: ModelReading[] = [];
      for (const { text, lang } of items) {
        child.stdin!.write(`${lang}\t${escapeLine(text)}\n`);
        const [nanos, ...people] = (await next()).split('\t');
        out.push({ people, ms: Number(nanos) / 1e6 });
      }
      peak = peakMiB(child);
      return out;
    },
    memory: () => ({ peakMiB: peak, how: 'the JVM child’s peak RSS (VmHWM), all three languages loaded, -Xmx6g' }),
    close: async () => {
      child.stdin!.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
