/**
 * A synthetic family-history library for the people index at scale (issue 35): record-like texts
 * (birth, marriage and death certificates, census households, obituaries, letters) of many
 * families whose surnames (with spelling variants and maiden names) and given names repeat on
 * purpose, so that grouping has real work: thousands of "John Smith"s across generations and
 * places. Deterministic for a given seed.
 */

const SURNAMES = [
  'Smith',
  'Smyth',
  'Schmidt',
  'Miller',
  'Müller',
  'Mueller',
  'Brown',
  'Braun',
  'Taylor',
  'Whitfield',
  'Cole',
  'Sullivan',
  "O'Sullivan",
  'Weber',
  'Fischer',
  'Fisher',
  'Johnson',
  'Jansen',
  'Johansen',
  'Nielsen',
  'Nelson',
  'Reid',
  'Reed',
  'Gray',
  'Grey',
  'Stewart',
  'Stuart',
  'Thompson',
  'Thomson',
  'King',
];
const MEN = [
  'John',
  'Thomas',
  'James',
  'William',
  'Henry',
  'George',
  'Robert',
  'Charles',
  'Samuel',
  'Joseph',
  'Edward',
  'Peter',
];
const WOMEN = [
  'Mary',
  'Sarah',
  'Elizabeth',
  'Margaret',
  'Ann',
  'Martha',
  'Susan',
  'Catherine',
  'Emma',
  'Alice',
  'Jane',
  'Ellen',
];
const PLACES = [
  'Raleigh, Wake County, North Carolina',
  'Boston, Massachusetts',
  'Halifax, Yorkshire',
  'Philadelphia, Pennsylvania',
  'Cork, Ireland',
  'Hamburg, Germany',
  'Savannah, Georgia',
  'Leeds, Yorkshire',
];
const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2000, i, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' }),
);

interface Child {
  name: string;
  sex: 'M' | 'F';
  born: number;
}

interface Family {
  surname: string;
  father: string;
  mother: string;
  motherMaiden: string;
  born: number;
  place: string;
  children: Child[];
}

export interface LibraryRecord {
  name: string;
  text: string;
}

/** A small deterministic generator (an LCG), so every run seeds the same library. */
function generator(seed: number) {
  let s = seed;
  const rand = (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
  const pick = <T>(xs: readonly T[]) => xs[rand(xs.length)]!;
  const day = (year: number) => `${1 + rand(28)} ${pick(MONTHS)} ${year}`;
  return { rand, pick, day };
}

type Gen = ReturnType<typeof generator>;

function family(g: Gen, i: number): Family {
  const surname = SURNAMES[i % SURNAMES.length]!;
  const born = 1780 + g.rand(100);
  const children = Array.from({ length: 2 + g.rand(6) }, (_, k): Child => {
    const sex = g.rand(2) === 0 ? 'M' : 'F';
    const names = sex === 'M' ? MEN : WOMEN;
    return {
      name: g.rand(3) === 0 ? `${g.pick(names)} ${g.pick(names)}` : g.pick(names),
      sex,
      born: born + 22 + k * 2,
    };
  });
  return {
    surname,
    father: g.pick(MEN),
    mother: g.pick(WOMEN),
    motherMaiden: g.pick(SURNAMES),
    born,
    place: g.pick(PLACES),
    children,
  };
}

const town = (place: string) => place.split(',')[0]!;
const kin = (c: Child) => (c.sex === 'M' ? 'son' : 'daughter');
const sexWord = (c: Child) => (c.sex === 'M' ? 'male' : 'female');

/** One record about the family, of the kind `k` chooses. */
function record(g: Gen, f: Family, k: number, n: number): LibraryRecord {
  const c = f.children[k % f.children.length]!;
  const s = f.surname;
  switch (k % 6) {
    case 0:
      return {
        name: `birth-${n}-${c.name}-${s}.txt`,
        text: `CERTIFICATE OF BIRTH\nState of ${f.place}.\nName of child: ${c.name} ${s}. Sex: ${sexWord(c)}. Born ${g.day(c.born)} at ${town(f.place)}.\nFather: ${f.father} ${s}, farmer. Mother: ${f.mother} ${s}, née ${f.motherMaiden}.\nInformant: ${g.pick(MEN)} ${f.motherMaiden}, grandfather.`,
      };
    case 1: {
      const spouse = `${g.pick(c.sex === 'M' ? WOMEN : MEN)} ${g.pick(SURNAMES)}`;
      return {
        name: `marriage-${n}-${c.name}-${s}.txt`,
        text: `CERTIFICATE OF MARRIAGE\n${c.name} ${s}, ${kin(c)} of ${f.father} ${s} and ${f.mother} ${s}, married ${spouse} on ${g.day(c.born + 24)} in ${f.place}.\nWitnesses: ${g.pick(MEN)} ${s} and ${g.pick(WOMEN)} ${g.pick(SURNAMES)}.`,
      };
    }
    case 2: {
      const year = 1850 + 10 * g.rand(5);
      const rows = [
        `${s}, ${f.father}, head, male, ${year - f.born}, farmer`,
        `${s}, ${f.mother}, wife, female, ${year - f.born - 3}`,
        `${f.motherMaiden}, ${g.pick(WOMEN)}, mother-in-law, female, ${year - f.born + 25}`,
      ];
      for (const ch of f.children)
        if (ch.born < year) rows.push(`${s}, ${ch.name}, ${kin(ch)}, ${sexWord(ch)}, ${year - ch.born}`);
      return {
        name: `census-${n}-${year}-${s}.txt`,
        text: `${year} United States Census, ${f.place}.\n${rows.join('\n')}`,
      };
    }
    case 3:
      return {
        name: `death-${n}-${f.father}-${s}.txt`,
        text: `CERTIFICATE OF DEATH\nState of ${f.place}.\nName of deceased: ${f.father} ${s}. Died ${g.day(f.born + 65)} at ${town(f.place)}. Age 65.\nSpouse: ${f.mother} ${s}.\nInformant: ${c.name} ${s}, ${kin(c)}.`,
      };
    case 4:
      return {
        name: `obituary-${n}-${f.mother}-${s}.txt`,
        text: `OBITUARY\n${f.mother} ${s} died on ${g.day(f.born + 70)} at ${f.place}. She was born in ${f.born + 3}. She is survived by her children ${f.children.map((x) => `${x.name} ${s}`).join(' and ')}.`,
      };
    default:
      return {
        name: `letter-${n}-${s}.txt`,
        text: `${town(f.place)}, ${g.day(c.born + 30)}\nDear ${c.name.split(' ')[0]},\nFather ${f.father} ${s} sends his love, and so does Uncle ${g.pick(MEN)} ${s}.\nYour sister, ${g.pick(WOMEN)} ${s}`,
      };
  }
}

/** `documents` records about `families` families (about six records each at 5,000 / 800). */
export function syntheticLibrary(documents: number, families: number, seed = 42): LibraryRecord[] {
  const g = generator(seed);
  const fams = Array.from({ length: families }, (_, i) => family(g, i));
  return Array.from({ length: documents }, (_, i) => record(g, fams[i % families]!, Math.floor(i / families) + i, i));
}
