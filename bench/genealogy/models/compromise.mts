// compromise (npm, MIT): English only; `.people()` is its person chunker over a lexicon of given names and
// honorifics plus tagging rules. de-compromise and fr-compromise tag given names but have no person chunker,
// so they are no person recogniser and are not measured (bench/RESULTS.md, decision 0225).
// Installed apart from the product: `npm ci --prefix bench/genealogy/models`.
import type { ModelItem, ModelReader, ModelReading } from './model';

export async function openCompromise(): Promise<ModelReader> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const t0 = performance.now();
  const nlp = (await import('compromise')).default;
  nlp('Warm the lexicon up: Mr. John Smith.').people();
  const loadMs = performance.now() - t0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  sample();
  return {
    name: 'compromise',
    langs: new Set(['en']),
    loadMs,
    async readPeople(items: readonly ModelItem[]): Promise<ModelReading[]> {
      return items.map(({ text }) => {
        const start = performance.now();
        const people = (nlp(text).people().out('array') as string[]).map((s) => s.trim()).filter(Boolean);
        const ms = performance.now() - start;
        sample();
        return { people, ms };
      });
    },
    memory: () => ({ peakMiB: (peak - before) / 2 ** 20, how: 'in-process RSS growth over the bench before loading' }),
    close: async () => {},
  };
}
