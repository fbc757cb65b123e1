// VOICES Funeral Entries (RYFoR/VOICES-FuneralEntries-NER): NLI GO MS 66, ff. 1r–3v, the historian's manual
// transcription (data/transcriptions/FE.66.MAN.transcription.csv, one entry a row) and the entities two NER
// models found in it, each checked by the project's historians (data/validation/FE.66.MAN.{be,co,st}.validated.csv,
// validation 1 = right). Gold people/places = the union of the spans validated 1. Entities neither model found
// are not in the gold, and spans marked 2 (partly right) are left out, so recall is against what was validated.
// Usage:
//   npx tsx bench/genealogy/convert/voices.mts /work/.mirror/RYFoR+VOICES-FuneralEntries-NER/repo
import { readCsv } from './csv';
import { textStatesKinship } from './kinship';
import { Mirror, mirrorArg } from './mirror';
import type { GoldRecord } from './record';
import { writeSplits } from './write';

export const VOICES_COMMIT = '7fe183ba8b8263ff0baf61091c011e3be06a66e3';
const SOURCE = 'voices-funeral';

function convert(mirror: Mirror): void {
  const entries = readCsv(mirror.show('data/transcriptions/FE.66.MAN.transcription.csv'));
  const validated = ['be', 'co', 'st'].flatMap((m) =>
    readCsv(mirror.show(`data/validation/FE.66.MAN.${m}.validated.csv`)),
  );
  const records: GoldRecord[] = entries.map((row, i) => {
    const entry = i + 1;
    const text = (row.paragraph ?? '').trim();
    const raw = row.paragraph ?? '';
    const lead = raw.length - raw.trimStart().length;
    const mine = validated.filter((v) => Number(v.entry) === entry && v.validation?.trim() === '1');
    const spanOf = (v: Record<string, string>) => {
      const start = Number(v.start) - lead;
      const end = Number(v.end) - lead;
      const at = text.slice(start, end);
      if (at !== v.text) throw new Error(`entry ${entry}: "${v.text}" is "${at}" at ${v.start}`);
      return at.replace(/\s+/g, ' ').trim();
    };
    const of = (label: string) => [...new Set(mine.filter((v) => v.label === label).map(spanOf))];
    return {
      id: `${SOURCE}:${row.FileName}:${entry}`,
      source: SOURCE,
      lang: 'en',
      kind: 'register' as const,
      text,
      people: of('PER').map((name) => ({ name })),
      places: of('LOC'),
      hasKinship: textStatesKinship(text, 'en'),
    };
  });
  writeSplits(SOURCE, records);
}

convert(new Mirror(mirrorArg('voices.mts <…/RYFoR+VOICES-FuneralEntries-NER/repo>'), VOICES_COMMIT));
