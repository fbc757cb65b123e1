import { directoryEntries } from './directory-entries';

/**
 * Occupations as census takers and clerks wrote them. Several are also surnames (Smith, Miller,
 * Taylor, Carpenter...): those count only in lower case or after "a", "an", "as", "occupation".
 */
const OCCUPATIONS = `farmer;farm laborer;farm labourer;laborer;labourer;blacksmith;carpenter;cooper;miller;mason;stone mason;bricklayer;shoemaker;tailor;
seamstress;dressmaker;milliner;weaver;spinner;teacher;school teacher;schoolmaster;clergyman;minister;priest;preacher;physician;doctor;surgeon;nurse;midwife;
lawyer;attorney;judge;clerk;merchant;grocer;storekeeper;shopkeeper;butcher;baker;brewer;innkeeper;tavern keeper;hotel keeper;saloon keeper;
sailor;seaman;mariner;fisherman;sea captain;soldier;private;sergeant;corporal;lieutenant;captain;coal miner;miner;collier;engineer;machinist;
fireman;railroad laborer;brakeman;conductor;engineer;telegraph operator;printer;editor;publisher;bookkeeper;accountant;banker;
servant;domestic servant;housekeeper;keeping house;housewife;cook;laundress;washerwoman;maid;nanny;governess;coachman;teamster;drayman;
wheelwright;saddler;harness maker;tanner;cabinet maker;cabinetmaker;joiner;painter;plasterer;plumber;glazier;tinsmith;silversmith;
goldsmith;watchmaker;jeweler;potter;cotton spinner;mill hand;mill worker;factory worker;operative;peddler;pedlar;salesman;
dentist;druggist;pharmacist;apothecary;postmaster;sheriff;constable;policeman;justice of the peace;surveyor;architect;
lumberman;sawyer;woodcutter;gardener;shepherd;herdsman;dairyman;stock raiser;planter;overseer;cattleman;rancher;cowboy;student;at school;scholar;
`;

const LIST = [
  ...new Set(
    OCCUPATIONS.split(';')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
].sort((a, b) => b.length - a.length);
/** Also surnames (or titles) when capitalised. */
const AMBIGUOUS = new Set([
  'miller',
  'mason',
  'carpenter',
  'cooper',
  'tailor',
  'baker',
  'butcher',
  'weaver',
  'painter',
  'gardener',
  'shepherd',
  'sawyer',
  'potter',
  'judge',
  'private',
  'captain',
  'sergeant',
  'corporal',
  'lieutenant',
  'clerk',
  'cook',
  'minister',
  'conductor',
]);
// "at school" and "keeping house" are census phrases for children and wives, not trades.
const NOT_OCCUPATIONS = new Set(['at school', 'keeping house', 'scholar', 'student']);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const RE = new RegExp(String.raw`\b(${LIST.map(escapeRe).join('|')})s?\b`, 'gi');
const CUE_BEFORE = /\b(?:a|an|as|occupation:?|profession:?|trade:?|by\s+trade\s+a|worked\s+as\s+a)\s+$/i;

export function extractOccupations(text: string): string[] {
  const found = new Set<string>();
  // A directory entry gives its trade in its own place, in the directory's words ("tanneur", "fab. de bijoux").
  for (const e of directoryEntries(text)) if (e.occupation) found.add(e.occupation.replace(/[\s,;]+$/, ''));
  RE.lastIndex = 0;
  for (let m = RE.exec(text); m; m = RE.exec(text)) {
    const word = m[1]!;
    const lower = word.toLowerCase();
    if (NOT_OCCUPATIONS.has(lower)) continue;
    const capitalised = /^[A-Z][a-z]/.test(word);
    const allCaps = word === word.toUpperCase() && /[A-Z]{3}/.test(word);
    if (AMBIGUOUS.has(lower) && capitalised) {
      const before = text.slice(Math.max(0, m.index - 30), m.index);
      // Census columns and headings write trades capitalised after a number ("45 Farmer") or at a line start.
      if (!CUE_BEFORE.test(before) && !/(?:\d\s+|^|\n\s*)$/.test(before)) continue;
    }
    if (
      AMBIGUOUS.has(lower) &&
      (lower === 'private' ||
        lower === 'captain' ||
        lower === 'sergeant' ||
        lower === 'corporal' ||
        lower === 'lieutenant' ||
        lower === 'judge') &&
      !allCaps
    ) {
      // Ranks are occupations only when written as one ("a private in Company B"); as titles they precede a name.
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 3);
      if (/^\s[A-Z]/.test(after)) continue;
    }
    found.add(lower === 'labourer' ? 'laborer' : lower);
  }
  return [...found];
}
