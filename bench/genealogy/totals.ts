// Adds record scores up for one source and split, and turns them into the table's figures.
import type { RecordScore } from './score';

export interface Totals {
  records: number;
  people: { predicted: number; gold: number; hits: number };
  peopleInsideMention: number;
  predictedInsideMention: number;
  main: { records: number; right: number };
  places: { records: number; predicted: number; gold: number; hits: number };
  dates: { records: number; predicted: number; gold: number; hits: number };
  dayInWords: { gold: number; normalizedGold: number; right: number };
  occupation: { records: number; attached: number; listed: number; personRecords: number; personAttached: number };
  noKinRecords: number;
  inventedRelations: number;
  inventedKinship: number;
  relations: { predicted: number; right: number };
}

export const emptyTotals = (): Totals => ({
  records: 0,
  people: { predicted: 0, gold: 0, hits: 0 },
  peopleInsideMention: 0,
  predictedInsideMention: 0,
  main: { records: 0, right: 0 },
  places: { records: 0, predicted: 0, gold: 0, hits: 0 },
  dates: { records: 0, predicted: 0, gold: 0, hits: 0 },
  dayInWords: { gold: 0, normalizedGold: 0, right: 0 },
  occupation: { records: 0, attached: 0, listed: 0, personRecords: 0, personAttached: 0 },
  noKinRecords: 0,
  inventedRelations: 0,
  inventedKinship: 0,
  relations: { predicted: 0, right: 0 },
});

export function add(t: Totals, s: RecordScore, hasKinship: boolean): void {
  t.records++;
  t.people.predicted += s.people.predicted;
  t.people.gold += s.people.gold;
  t.people.hits += s.people.hits;
  t.peopleInsideMention += s.peopleInsideMention;
  t.predictedInsideMention += s.predictedInsideMention;
  if (s.main) {
    t.main.records++;
    if (s.main.right) t.main.right++;
  }
  for (const field of ['places', 'dates'] as const) {
    const f = s[field];
    if (!f) continue;
    t[field].records++;
    t[field].predicted += f.predicted;
    t[field].gold += f.gold;
    t[field].hits += f.hits;
  }
  t.dayInWords.gold += s.dayInWords.gold;
  t.dayInWords.normalizedGold += s.dayInWords.normalizedGold;
  t.dayInWords.right += s.dayInWords.right;
  if (s.occupation) {
    t.occupation.records++;
    if (s.occupation.attached) t.occupation.attached++;
    if (s.occupation.listed) t.occupation.listed++;
    if (!s.occupation.firm) {
      t.occupation.personRecords++;
      if (s.occupation.attached) t.occupation.personAttached++;
    }
  }
  if (!hasKinship) {
    t.noKinRecords++;
    t.inventedRelations += s.kinPredicted;
    t.inventedKinship += s.familyPredicted;
  }
  if (s.relations) {
    t.relations.predicted += s.relations.predicted;
    t.relations.right += s.relations.right;
  }
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

/** The figures as numbers (null where the source labels nothing to measure). */
export function figures(t: Totals) {
  const p = ratio(t.people.hits, t.people.predicted);
  const r = ratio(t.people.hits, t.people.gold);
  return {
    records: t.records,
    people: {
      precision: p,
      recall: r,
      f1: p !== null && r !== null && p + r > 0 ? (2 * p * r) / (p + r) : null,
      recallInsideMention: ratio(t.peopleInsideMention, t.people.gold),
      precisionInsideMention: ratio(t.predictedInsideMention, t.people.predicted),
      ...t.people,
    },
    mainRight: t.main.records ? ratio(t.main.right, t.main.records) : null,
    mainRecords: t.main.records,
    places: t.places.records
      ? {
          precision: ratio(t.places.hits, t.places.predicted),
          recall: ratio(t.places.hits, t.places.gold),
          ...t.places,
        }
      : null,
    dates: t.dates.records
      ? { precision: ratio(t.dates.hits, t.dates.predicted), recall: ratio(t.dates.hits, t.dates.gold), ...t.dates }
      : null,
    dayInWords: { read: ratio(t.dayInWords.right, t.dayInWords.normalizedGold), ...t.dayInWords },
    occupation: t.occupation.records
      ? {
          ...t.occupation,
          attached: ratio(t.occupation.attached, t.occupation.records),
          listed: ratio(t.occupation.listed, t.occupation.records),
          personAttached: ratio(t.occupation.personAttached, t.occupation.personRecords),
        }
      : null,
    inventedRelations: {
      count: t.inventedRelations,
      onRecords: t.noKinRecords,
      per100: t.noKinRecords ? (100 * t.inventedRelations) / t.noKinRecords : null,
    },
    inventedKinship: {
      count: t.inventedKinship,
      per100: t.noKinRecords ? (100 * t.inventedKinship) / t.noKinRecords : null,
    },
    relationPrecision: ratio(t.relations.right, t.relations.predicted),
  };
}
export type Figures = ReturnType<typeof figures>;
