// The Markdown table of figures, one row per source and split.
import type { Figures } from './totals';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : (100 * x).toFixed(1));

export interface Row {
  source: string;
  split: string;
  figures: Figures;
}

export function markdownTable(rows: readonly Row[]): string {
  const head = [
    'source',
    'split',
    'n',
    'people P',
    'people R',
    'people F1',
    'people P / R, lenient*',
    'main right %',
    'places P / R',
    'dates P / R',
    'day in words read',
    'occupation R: attached / listed (person entries: attached)',
    'invented relations (n, per 100 rec.)',
    'of which kinship (n)',
    'relation P',
  ];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const { source, split, figures: f } of rows) {
    const day = f.dayInWords.gold
      ? f.dayInWords.normalizedGold
        ? `${pct(f.dayInWords.read)} (${f.dayInWords.right}/${f.dayInWords.normalizedGold})`
        : `— (${f.dayInWords.gold} in gold, none normalised)`
      : '—';
    const cells = [
      source,
      split,
      String(f.records),
      pct(f.people.precision),
      pct(f.people.recall),
      pct(f.people.f1),
      `${pct(f.people.precisionInsideMention)} / ${pct(f.people.recallInsideMention)}`,
      f.mainRecords ? `${pct(f.mainRight)} (of ${f.mainRecords})` : '—',
      f.places ? `${pct(f.places.precision)} / ${pct(f.places.recall)}` : '—',
      f.dates ? `${pct(f.dates.precision)} / ${pct(f.dates.recall)}` : '—',
      day,
      f.occupation
        ? `${pct(f.occupation.attached)} / ${pct(f.occupation.listed)} (${pct(f.occupation.personAttached)})`
        : '—',
      f.inventedRelations.onRecords
        ? `${f.inventedRelations.count}, ${f.inventedRelations.per100?.toFixed(1)} (on ${f.inventedRelations.onRecords})`
        : '— (no record without kinship)',
      f.inventedRelations.onRecords ? String(f.inventedKinship.count) : '—',
      pct(f.relationPrecision),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    '\\* Diagnostic only: a predicted name of 2+ words that runs inside a gold mention ("Joseph Decovi" in "Joseph Decovi, an Italian minor") also counts, as a right prediction and as the gold person found.',
  );
  return lines.join('\n');
}

/** Dev and holdout in one row per source ("dev / holdout"), for `--split all`. */
export function sideBySideTable(rows: readonly Row[]): string {
  const bySource = new Map<string, Partial<Record<string, Figures>>>();
  for (const r of rows) bySource.set(r.source, { ...bySource.get(r.source), [r.split]: r.figures });
  const head = [
    'source',
    'n',
    'people P',
    'people R',
    'people F1',
    'main right %',
    'places P',
    'places R',
    'dates P',
    'dates R',
    'occupation R (listed)',
    'invented relations per 100 rec.',
    'of which kinship',
  ];
  const cells: ((f: Figures) => string)[] = [
    (f) => String(f.records),
    (f) => pct(f.people.precision),
    (f) => pct(f.people.recall),
    (f) => pct(f.people.f1),
    (f) => (f.mainRecords ? pct(f.mainRight) : '—'),
    (f) => (f.places ? pct(f.places.precision) : '—'),
    (f) => (f.places ? pct(f.places.recall) : '—'),
    (f) => (f.dates ? pct(f.dates.precision) : '—'),
    (f) => (f.dates ? pct(f.dates.recall) : '—'),
    (f) => (f.occupation ? pct(f.occupation.listed) : '—'),
    (f) => f.inventedRelations.per100?.toFixed(1) ?? '—',
    (f) => f.inventedKinship.per100?.toFixed(1) ?? '—',
  ];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const [source, { dev, holdout }] of bySource) {
    const pair = (cell: (f: Figures) => string) => `${dev ? cell(dev) : '—'} / ${holdout ? cell(holdout) : '—'}`;
    lines.push(`| ${[source, ...cells.map(pair)].join(' | ')} |`);
  }
  return lines.join('\n');
}
