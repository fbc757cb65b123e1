// `external.mts --reader NAME`: the rules, a shipped model, their union and their intersection, scored by the same
// scorer on the same frozen records (issue 28, decision 0225). Only records in a language the model reads count,
// for all four, so that each row compares like with like. Holdout gives aggregates only, as everywhere.
import { type Lock, loadRecords, type Split } from '../data-files';
import { readRecord } from '../reader';
import { scoreRecord } from '../score';
import { add, emptyTotals, type Figures, figures, type Totals } from '../totals';
import { combine, VARIANTS, type Variant } from './combine';
import type { ModelReader } from './model';

const OPENERS: Record<string, () => Promise<ModelReader>> = {
  compromise: async () => (await import('./compromise.mts')).openCompromise(),
  corenlp: async () => (await import('./corenlp.mts')).openCoreNlp(),
};
export const MODEL_NAMES = Object.keys(OPENERS);

interface Row {
  source: string;
  split: Split;
  figures: Record<Variant, Figures>;
}

const pct = (x: number | null) => (x === null ? '—' : (100 * x).toFixed(1));
const cell = (f: Figures) => `${pct(f.people.precision)} / ${pct(f.people.recall)} / ${pct(f.people.f1)}`;

function table(rows: readonly Row[], model: string): string {
  const head = [
    'source',
    'split',
    'n',
    'rules',
    model,
    `rules ∪ ${model}`,
    `rules ∪ ${model} (2+ words)`,
    `rules ∩ ${model}`,
  ];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows) {
    const cells = [r.source, r.split, String(r.figures.rules.records), ...VARIANTS.map((v) => cell(r.figures[v]))];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push('', 'Each cell: people precision / recall / F1 (%), scored by score.ts on the records the model reads.');
  return lines.join('\n');
}

interface Speed {
  chars: number;
  ms: number;
}
const perThousand = (s: Speed) => ((1000 * s.ms) / Math.max(1, s.chars)).toFixed(2);

export async function compareWithModel(
  name: string,
  sources: readonly string[],
  splits: readonly Split[],
  lock: Lock,
  opts: { asJson: boolean; showMisses: boolean },
): Promise<void> {
  const open = OPENERS[name];
  if (!open) throw new Error(`--reader is rules or one of ${MODEL_NAMES.join(', ')}`);
  const model = await open();
  const rows: Row[] = [];
  // Newspaper records pooled per language and split: the target (P >= 0.9, R >= 0.6) is set on them.
  const pooled = new Map<string, Record<Variant, Totals>>();
  const speed = { rules: { chars: 0, ms: 0 }, model: { chars: 0, ms: 0 } };
  try {
    for (const source of sources) {
      for (const split of splits) {
        const records = loadRecords(source, split, lock).filter((r) => model.langs.has(r.lang));
        if (!records.length) continue;
        const readings = await model.readPeople(records.map(({ text, lang }) => ({ text, lang })));
        const totals = Object.fromEntries(VARIANTS.map((v) => [v, emptyTotals()])) as Record<Variant, Totals>;
        records.forEach((record, i) => {
          const t0 = performance.now();
          const rules = readRecord(record.text);
          speed.rules.ms += performance.now() - t0;
          speed.rules.chars += record.text.length;
          speed.model.ms += readings[i]!.ms;
          speed.model.chars += record.text.length;
          const key = `newspapers-${record.lang} (pooled)|${split}`;
          if (record.kind === 'newspaper' && !pooled.has(key))
            pooled.set(key, Object.fromEntries(VARIANTS.map((v) => [v, emptyTotals()])) as Record<Variant, Totals>);
          for (const v of VARIANTS) {
            const score = scoreRecord(record, combine(rules, readings[i]!.people, v));
            add(totals[v], score, record.hasKinship);
            if (record.kind === 'newspaper') add(pooled.get(key)![v], score, record.hasKinship);
            if (v === 'model' && opts.showMisses && split === 'dev' && !opts.asJson) {
              if (!score.missedPeople.length && !score.extraPeople.length) continue;
              console.log(`\n## ${record.id}\n${record.text.replace(/\s+/g, ' ').slice(0, 400)}`);
              if (score.missedPeople.length) console.log(`  ${name} missed: ${score.missedPeople.join(' | ')}`);
              if (score.extraPeople.length) console.log(`  ${name} extra:  ${score.extraPeople.join(' | ')}`);
            }
          }
        });
        rows.push({ source, split, figures: mapVariants(totals) });
      }
    }
  } finally {
    await model.close();
  }
  for (const [key, totals] of [...pooled].sort(([a], [b]) => a.localeCompare(b))) {
    const [source, split] = key.split('|') as [string, Split];
    rows.push({ source, split, figures: mapVariants(totals) });
  }
  const memory = model.memory();
  const timing = {
    modelLoadMs: Math.round(model.loadMs),
    modelMsPer1000Chars: Number(perThousand(speed.model)),
    rulesMsPer1000Chars: Number(perThousand(speed.rules)),
    chars: speed.model.chars,
    modelPeakMiB: Math.round(memory.peakMiB),
    memoryMeasured: memory.how,
  };
  if (opts.asJson) {
    console.log(JSON.stringify({ model: name, rows, timing }, null, 2));
    return;
  }
  console.log(`\n${table(rows, name)}\n`);
  console.log(
    `${name}: loaded in ${timing.modelLoadMs} ms; ${timing.modelMsPer1000Chars} ms per 1,000 characters ` +
      `(the rules: ${timing.rulesMsPer1000Chars}) over ${timing.chars} characters; ` +
      `peak memory ${timing.modelPeakMiB} MiB (${timing.memoryMeasured}).`,
  );
}

const mapVariants = (t: Record<Variant, Totals>) =>
  Object.fromEntries(VARIANTS.map((v) => [v, figures(t[v])])) as Record<Variant, Figures>;
