import { describe, expect, it } from 'vitest';
import { gedcomDate, splitName, writeGedcom7, writeGedcom551 } from '../src/gedcom';
import { splitForConc } from '../src/gedcom/lines';
import { gedcomFamily } from './fixtures/gedcom-family';

/** The file's lines as [level, rest] after undoing CONT/CONC, for looking up records. */
function physical(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .slice(0, -1);
}

/** A record's lines, from its level-0 line to the next. */
function record(text: string, head: string): string[] {
  const lines = physical(text);
  const start = lines.indexOf(head);
  if (start < 0) throw new Error(`no record ${head}`);
  const end = lines.findIndex((l, i) => i > start && l.startsWith('0 '));
  return lines.slice(start, end);
}

/** Joins a value continued over CONC and CONT lines (the way a reader does). */
function joined(lines: string[], at: number): string {
  const level = Number(lines[at]!.split(' ')[0]);
  let value = lines[at]!.replace(/^\d+ (@[^@]+@ )?\w+ ?/, '');
  for (const l of lines.slice(at + 1)) {
    const m = new RegExp(`^${level + 1} (CONC|CONT)(?: (.*))?$`).exec(l);
    if (!m) break;
    value += (m[1] === 'CONT' ? '\n' : '') + (m[2] ?? '');
  }
  return value;
}

describe('GEDCOM dates', () => {
  it('writes every qualifier of a normalized date', () => {
    expect(gedcomDate({ normalized: '1887-06-14', qualifier: 'exact' }, '5.5.1')).toEqual({ value: '14 JUN 1887' });
    expect(gedcomDate({ normalized: '1887-06', qualifier: 'exact' }, '7.0')).toEqual({ value: 'JUN 1887' });
    expect(gedcomDate({ normalized: '1850', qualifier: 'about' }, '5.5.1')).toEqual({ value: 'ABT 1850' });
    expect(gedcomDate({ normalized: '1900', qualifier: 'before' }, '7.0')).toEqual({ value: 'BEF 1900' });
    expect(gedcomDate({ normalized: '1820-01-02', qualifier: 'after' }, '5.5.1')).toEqual({ value: 'AFT 2 JAN 1820' });
    expect(gedcomDate({ normalized: '1849/1850', qualifier: 'between' }, '7.0')).toEqual({
      value: 'BET 1849 AND 1850',
    });
  });

  it('writes a double-dated year as 1749/50 in 5.5.1 and as the modern year with its phrase in 7.0', () => {
    expect(gedcomDate({ normalized: '1750-02-12', qualifier: 'dual_year' }, '5.5.1')).toEqual({
      value: '12 FEB 1749/50',
    });
    expect(gedcomDate({ normalized: '1750-02-12', qualifier: 'dual_year' }, '7.0')).toEqual({
      value: '12 FEB 1750',
      phrase: '12 FEB 1749/50',
    });
  });

  it('marks a Julian date with each version’s calendar escape, and refuses what is not a date', () => {
    expect(gedcomDate({ normalized: '1700-03-01', qualifier: 'exact', calendar: 'julian' }, '5.5.1')).toEqual({
      value: '@#DJULIAN@ 1 MAR 1700',
    });
    expect(gedcomDate({ normalized: '1700', qualifier: 'about', calendar: 'julian' }, '7.0')).toEqual({
      value: 'ABT JULIAN 1700',
    });
    expect(gedcomDate({ normalized: 'spring', qualifier: 'exact' }, '7.0')).toBeNull();
    expect(gedcomDate({ normalized: '1887-13', qualifier: 'exact' }, '5.5.1')).toBeNull();
  });
});

describe('names split for GEDCOM', () => {
  it('splits given names, surname with its particles, suffix, and files a née under the birth surname', () => {
    expect(splitName('John Henry Whitfield')).toEqual({ given: 'John Henry', surname: 'Whitfield', suffix: '' });
    expect(splitName('Jan van der Berg Jr.')).toEqual({ given: 'Jan', surname: 'van der Berg', suffix: 'Jr.' });
    expect(splitName('Mary Ann Whitfield née Brooks')).toEqual({ given: 'Mary Ann', surname: 'Brooks', suffix: '' });
    expect(splitName('Bridget')).toEqual({ given: 'Bridget', surname: '', suffix: '' });
    expect(splitName('John /Smith/')).toEqual({ given: 'John', surname: 'Smith', suffix: '' });
  });
});

describe('GEDCOM 5.5.1 writer', () => {
  const text = writeGedcom551(gedcomFamily());
  const lines = physical(text);

  it('opens with the 5.5.1 header (UTF-8, lineage-linked, a submitter) and ends with TRLR', () => {
    expect(lines.slice(0, 9)).toEqual([
      '0 HEAD',
      '1 SOUR GNOLOGY',
      '2 NAME GNology',
      '1 DATE 24 NOV 2026',
      '1 SUBM @U1@',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
    ]);
    expect(lines.at(-1)).toBe('0 TRLR');
    expect(record(text, '0 @U1@ SUBM')).toEqual(['0 @U1@ SUBM', '1 NAME Ada Tester']);
    expect(text.startsWith('\uFEFF')).toBe(false);
  });

  it('writes each person with name parts, sex, events with dates, places and cited pages, family links and notes', () => {
    expect(record(text, '0 @I1@ INDI')).toEqual([
      '0 @I1@ INDI',
      '1 NAME John Henry /Whitfield/',
      '2 GIVN John Henry',
      '2 SURN Whitfield',
      '2 SOUR @S1@',
      '3 PAGE p. 1',
      '1 SEX M',
      '1 BIRT',
      '2 DATE ABT 1863',
      '2 PLAC Leeds, Yorkshire, England',
      '2 SOUR @S1@',
      '3 PAGE p. 1',
      '1 OCCU labourer',
      '2 DATE 14 JUN 1887',
      '2 SOUR @S1@',
      '3 PAGE p. 1',
      '1 RESI',
      '2 DATE 1881',
      '2 PLAC Leeds',
      '1 FAMS @F1@',
      '1 NOTE Labourer in 1887.',
      '2 CONT Lived at 4 Mill Lane @@ Leeds.',
    ]);
    expect(record(text, '0 @I2@ INDI')).toContain('2 DATE 12 FEB 1749/50');
    expect(record(text, '0 @I4@ INDI')).toEqual([
      '0 @I4@ INDI',
      '1 NAME Jan /van der Berg/ Jr.',
      '2 GIVN Jan',
      '2 SURN van der Berg',
      '2 NSFX Jr.',
      '1 SEX U',
      '1 DEAT Y',
      '1 FAMC @F1@',
    ]);
  });

  it('keeps unicode names as they are, in UTF-8', () => {
    expect(record(text, '0 @I3@ INDI').slice(0, 4)).toEqual([
      '0 @I3@ INDI',
      '1 NAME Zoë /Łukasiewicz-Müller/',
      '2 GIVN Zoë',
      '2 SURN Łukasiewicz-Müller',
    ]);
    expect(Buffer.from(text, 'utf8').includes(Buffer.from('Łukasiewicz', 'utf8'))).toBe(true);
  });

  it('links the family both ways and puts the marriage on the family', () => {
    expect(record(text, '0 @F1@ FAM')).toEqual([
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 CHIL @I3@',
      '1 CHIL @I4@',
      '1 MARR',
      '2 DATE 14 JUN 1887',
      '2 PLAC Dublin, Ireland',
      '2 SOUR @S1@',
      '3 PAGE p. 1',
    ]);
    expect(record(text, '0 @I3@ INDI')).toContain('1 FAMC @F1@');
    expect(record(text, '0 @I2@ INDI')).toContain('1 FAMS @F1@');
  });

  it('writes one source per document, a long citation split with CONC under 255 characters a line and read back whole', () => {
    const src = record(text, '0 @S1@ SOUR');
    expect(src.filter((l) => l.startsWith('2 CONC')).length).toBeGreaterThan(1);
    expect(joined(src, 1)).toBe(gedcomFamily().sources[0]!.title.trim());
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8')).toBeLessThan(255);
    expect(record(text, '0 @S2@ SOUR')).toContain('1 ABBR brief@@home.txt');
  });

  it('points only at records that exist, each xref defined once', () => {
    const defined = lines.map((l) => /^0 (@[^@]+@) /.exec(l)?.[1]).filter(Boolean);
    expect(new Set(defined).size).toBe(defined.length);
    const pointers = lines.flatMap((l) => (/^\d+ \w+ (@[A-Z]\d+@)$/.exec(l) ? [l.split(' ')[2]] : []));
    expect(pointers.length).toBeGreaterThan(10);
    for (const p of pointers) expect(defined).toContain(p);
  });
});

describe('GEDCOM 7 writer', () => {
  const text = writeGedcom7(gedcomFamily());
  const lines = physical(text);

  it('opens with a byte order mark and the 7.0 header, without CHAR', () => {
    expect(text.startsWith('\uFEFF0 HEAD\n1 GEDC\n2 VERS 7.0\n')).toBe(true);
    expect(lines.some((l) => l.startsWith('1 CHAR'))).toBe(false);
    expect(lines.at(-1)).toBe('0 TRLR');
  });

  it('never uses CONC, keeps long lines whole and doubles only a leading @', () => {
    expect(lines.some((l) => / CONC( |$)/.test(l))).toBe(false);
    expect(lines).toContain(`1 TITL ${gedcomFamily().sources[0]!.title.trim()}`);
    expect(lines).toContain('1 ABBR brief@home.txt');
    expect(lines).toContain('2 CONT Lived at 4 Mill Lane @ Leeds.');
  });

  it('writes a double date with its phrase, a Julian date with JULIAN, and a residence with its payload', () => {
    const mary = record(text, '0 @I2@ INDI');
    expect(mary.slice(mary.indexOf('1 BAPM'))).toEqual([
      '1 BAPM',
      '2 DATE 12 FEB 1750',
      '3 PHRASE 12 FEB 1749/50',
      '1 FAMS @F1@',
    ]);
    const zoe = record(text, '0 @I3@ INDI');
    expect(zoe).toContain('1 EVEN Emigrated');
    expect(zoe).toContain('2 TYPE Event');
    expect(zoe).toContain('2 DATE AFT JULIAN 1760');
    expect(record(text, '0 @I1@ INDI')).toContain('1 RESI Leeds');
  });

  it('holds the same individuals, families and sources as the 5.5.1 file', () => {
    const count = (t: string, tag: string) =>
      physical(t).filter((l) => new RegExp(`^0 @[^@]+@ ${tag}$`).test(l)).length;
    const older = writeGedcom551(gedcomFamily());
    for (const [tag, n] of [
      ['INDI', 4],
      ['FAM', 1],
      ['SOUR', 2],
    ] as const) {
      expect(count(text, tag)).toBe(n);
      expect(count(older, tag)).toBe(n);
    }
  });
});

describe('CONC splitting', () => {
  it('never splits next to a space nor inside a character', () => {
    const line = `${'word '.repeat(60)}${'ł'.repeat(300)}`.trim();
    const pieces = splitForConc(line, 50);
    expect(pieces.join('')).toBe(line);
    for (const p of pieces) {
      expect(Array.from(p).length).toBeLessThanOrEqual(50);
      expect(p.startsWith(' ') || p.endsWith(' ')).toBe(false);
    }
  });
});
