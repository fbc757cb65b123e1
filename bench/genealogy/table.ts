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
    'people R, lenient*',
    'main right %',
    'places P / R',
    'dates P / R',
    'day in words read',
    'occupation R: attached / listed',
    'invented relations (n, per 100 rec.)',
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
      pct(f.people.recallInsideMention),
      f.mainRecords ? `${pct(f.mainRight)} (of ${f.mainRecords})` : '—',
      f.places ? `${pct(f.places.precision)} / ${pct(f.places.recall)}` : '—',
      f.dates ? `${pct(f.dates.precision)} / ${pct(f.dates.recall)}` : '—',
      day,
      f.occupation ? `${pct(f.occupation.attached)} / ${pct(f.occupation.listed)}` : '—',
      f.inventedRelations.onRecords
        ? `${f.inventedRelations.count}, ${f.inventedRelations.per100?.toFixed(1)} (on ${f.inventedRelations.onRecords})`
        : '— (no record without kinship)',
      pct(f.relationPrecision),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push(
    '',
    '\\* Diagnostic only: also counts a gold person as found when a predicted name of 2+ words runs inside the gold mention.',
  );
  return lines.join('\n');
}
