import { isDeedWord, isDeedWordAfterName, isPatronymic } from './dutch-registers';
import type { TextLanguage } from './language';
import { frenchTitledWord, isNotNameWord } from './name-shapes';
import { TITLES } from './given-names';
import { givenMisreadByOneLetter, isGiven, isInitial, isStop, lowerKey, titleCase } from './name-words';
import { AFTER_WHOLE_NAME, cuedBefore, germanStopSurname, givenAsSurname, stopWordSurname } from './surname-stops';
import type { Candidate } from './people-types';
import { PARTICLE } from './people-cues';
import { NL_DECEASED_BEFORE } from './testator-cues';

/* Step 1a of the people pipeline: one capitalised run of the text split into name candidates. */

/** Title words that follow a name: kept apart from it. */
const POST_TITLES = new Set(
  'knight knt kt esq esquire gent gentleman yeoman bart baronet bt armiger clerk clk foreman coroner'.split(' '),
);
export const SUFFIXES = new Set(['jr', 'sr', 'junior', 'senior', 'jun', 'sen', 'ii', 'iii']);
const OCCUPATION_WORDS = new Set(
  'spinner weaver labourer laborer farmer servant mariner seaman miner carpenter tailor smith blacksmith shoemaker cordwainer husbandman yeoman clerk merchant grocer printer piecer minister curate vicar rector master mate'.split(
    ' ',
  ),
);
/** The clerks' office in a Dutch deed, as recognition spells it: "Clercq", "Clerq", "Clercquen", "Chrcqin" (not "Clerck"). */
const DUTCH_CLERK = /^C(?:l|hr)\p{Ll}*q\p{Ll}{0,3}[:.„]?$/u;
export const isParticle = (w: string) => new RegExp(`^${PARTICLE}$`).test(w);
export const isParticleAnyCase = (w: string) => new RegExp(`^${PARTICLE}$`, 'i').test(w);

/** The word at `s` joined with its continuation when a hyphen and a line end break it ("Schon-⏎feld" → "Schonfeld"). */
function brokenAtLineEnd(text: string, s: number, w: string): string {
  const rest = /^[-¬\u00AD][ \t]*\r?\n[ \t]*(\p{Ll}+)/u.exec(text.slice(s + w.length, s + w.length + 40));
  return rest ? w + rest[1] : w;
}

/** "Martin⏎Van Buren": a capitalised particle (a given name or a stop word too: "Van") before a surname on its line opens that surname. */
function particleOpensSurname(words: { w: string; nl: boolean }[], i: number): boolean {
  const next = words[i + 1];
  return (
    /^(?:[Vv]an|[Vv]on|[Dd]e|[Dd]u|[Dd]er|[Dd]en|[Ll]a|[Ll]e|[Dd]a|[Dd]i|[Dd]el|[Dd]ella|[Tt]er|[Tt]en)$/.test(
      words[i]!.w,
    ) &&
    next !== undefined &&
    !next.nl
  );
}

const SAINT_AFTER = /^(\.?)[ \t]+(\p{Lu}\p{Ll}+)(?![\p{L}'’])/u;
const PLACE_OF_BEFORE = /\b(?:County|Co\.|Parish|Psh\.?|City|Liberty|Borough|Hundred|Kingdom)\s+of\s+$/;
/** Splits a capitalised run into name candidates: at stop words, titles, line ends that do not join a given name to its surname, and second given names. */
export function candidatesOf(run: string, at: number, text: string, lang: TextLanguage): Candidate[] {
  const out: Candidate[] = [];
  const re = /\S+/g;
  const words: { w: string; s: number; nl: boolean }[] = [];
  let prevEnd = 0;
  for (let m = re.exec(run); m; m = re.exec(run)) {
    words.push({ w: m[0], s: at + m.index, nl: run.slice(prevEnd, m.index).includes('\n') });
    prevEnd = m.index + m[0].length;
  }
  let cur: { w: string; s: number }[] = [];
  const wifeAfter = /^[ \t]+[Hh]is[ \t]+[Ww]ife(?!\p{L})/u.test(text.slice(at + run.length, at + run.length + 12));
  const flush = (title?: string) => {
    // Particles and initials never end a name ("Agnes Hamilton M. S." → "Agnes Hamilton").
    while (cur.length > 1 && (isParticle(cur[cur.length - 1]!.w) || isInitial(cur[cur.length - 1]!.w))) cur.pop();
    // Capitalised words before a given name that are not names ("Bergmann Heinrich Krause", "Québec Marguerite Tremblay", "Whereas John").
    // Initials just before that word are the name's own ("S. H. Clifford", "Yesterday J. H. Nelson"): the surname is
    // a given name too, and the initials stay with it.
    const firstGiven = cur.findIndex((c) => isGiven(c.w));
    let opens = firstGiven;
    while (opens > 0 && isInitial(cur[opens - 1]!.w)) opens--;
    // In a Dutch deed the word before may be a given name handwriting recognition misread by one letter ("Pierer
    // Frans Fmieheijm" for Pieter): it stays.
    if (
      firstGiven > 0 &&
      firstGiven <= 2 &&
      cur.length - firstGiven >= 1 &&
      !isGiven(cur[0]!.w) &&
      opens > 0 &&
      !(firstGiven === 1 && lang === 'nl' && givenMisreadByOneLetter(cur[0]!.w)) &&
      !givenAsSurname(cur, text) &&
      !cur.some((c) => /^(?:St\.?|Saint)$/.test(c.w))
    )
      cur = cur.slice(opens);
    // "in the County of Oxford Lettitia Green": a clerk's margin name run on after the place; the place is no name.
    if (cur.length >= 2 && PLACE_OF_BEFORE.test(text.slice(Math.max(0, cur[0]!.s - 20), cur[0]!.s))) cur = cur.slice(1);
    if (cur.length && !(cur.length === 1 && isParticle(cur[0]!.w))) {
      const last = cur[cur.length - 1]!;
      // "Ebenezer Learned's Company", "Mr. Bigelow’s talents": the possessive is not part of the name.
      const possessive = /['’]s$/.test(last.w);
      if (possessive) cur[cur.length - 1] = { w: last.w.replace(/['’]s$/, ''), s: last.s };
      const end = last.s + cur[cur.length - 1]!.w.length;
      const occupational =
        cur.length >= 2 && cur.some((c) => OCCUPATION_WORDS.has(lowerKey(c.w))) && !isGiven(cur[0]!.w);
      if (!occupational) out.push({ words: cur.map((c) => c.w), start: cur[0]!.s, end, ...(title ? { title } : {}) });
    }
    cur = [];
  };
  for (let i = 0; i < words.length; i++) {
    const { w, s, nl } = words[i]!;
    const k = lowerKey(w);
    if (nl && cur.length) {
      // A line end joins a lone given name (or a word a title or a relationship names) to a surname that follows,
      // and a name never ends in an initial or a particle: "Mr. Tally H.⏎Eddings", "their daughter, Brenda⏎Ray".
      // After "den overleedene Lerg:t" a Dutch deed writes the dead man's whole name, across the line if need be.
      const cued =
        (cur.length === 1 && cuedBefore(text, cur[0]!.s)) ||
        (lang !== 'en' &&
          cur.length <= 2 &&
          NL_DECEASED_BEFORE.test(text.slice(Math.max(0, cur[0]!.s - 80), cur[0]!.s)));
      // "den Heer Willem⏎Schol": in a Dutch deed the title before the first given name is cut off when the run is
      // flushed, so it does not count here either.
      const firstGiven = cur.findIndex((c) => isGiven(c.w));
      // So in French and English ("chancelier d'Etat Jean-Pierre⏎Porchat": "Etat" is cut off too). Not in German, where
      // every noun is capitalised: tried there, it cost precision and recall on the German train set.
      const cutBefore = lang === 'nl' || ((lang === 'fr' || lang === 'en') && !isGiven(cur[0]!.w));
      const core = cutBefore && firstGiven > 0 && firstGiven <= 2 ? cur.slice(firstGiven) : cur;
      const join =
        (cued ||
          isInitial(cur[cur.length - 1]!.w) ||
          // "Jan Hend=k⏎Muller": a clerk's abbreviated given name never ends a name either.
          /[=„]\p{Ll}{1,2}$/u.test(cur[cur.length - 1]!.w) ||
          // "Dr. Herbert von⏎Dirksen": a particle never ends a name, so the line after holds its surname.
          (cur.length >= 2 && isParticle(cur[cur.length - 1]!.w)) ||
          (core.every((c) => isGiven(c.w) || isInitial(c.w)) && core.length <= 2)) &&
        (particleOpensSurname(words, i) ||
          (!isGiven(w) &&
            (!isStop(w, text, s) || germanStopSurname(cur, w, k, nl, lang)) &&
            !(lang === 'nl' && isDeedWord(w.toLowerCase()))));
      // "Philip⏎Hendrik Lamberts", "Elisabeth⏎Anna Crombou": a Dutch deed breaks its line inside the given names, and
      // the line after goes on with another given name and the surname: one person, not two.
      const after = words[i + 1];
      const givenRunsOn =
        (lang === 'nl' || lang === 'other') &&
        core.length <= 2 &&
        core.every((c) => isGiven(c.w)) &&
        isGiven(w) &&
        after !== undefined &&
        !after.nl &&
        (isParticle(after.w) || (!isGiven(after.w) && !isStop(after.w, text, after.s)));
      // "MM. Braullo⏎Lamberti": so after a French title ("M.", "MM.", "Mme"), which the run still holds; never an article
      // or a particle opening the next line's sentence ("M. Calonder⏎Le Conseil").
      const frenchSurnameRunsOn =
        frenchTitledWord(cur, text, lang) && !isGiven(w) && !isStop(w, text, s) && !particleOpensSurname(words, i);
      // "Fredrik Balthazar⏎Jsaaksz Clercquen": a Dutch patronymic opens no name; at a line start it ends the one before.
      const patronymicEnds =
        lang === 'nl' &&
        cur.length <= 3 &&
        isGiven(cur[0]!.w) &&
        isPatronymic(w) &&
        !cur.some((c) => isPatronymic(c.w) || isStop(c.w));
      if (!join && !givenRunsOn && !frenchSurnameRunsOn && !patronymicEnds) flush();
    }
    // "Henry St. Clair", "Theodocia St. George": a saint's name after a given name is the surname, unless that given
    // name is a saint's itself ("the Parish of St. Mary St. Giles"). "St." ends the run: its name is read from the text.
    const saint =
      /^(?:St|Saint)$/.test(w) && i === words.length - 1 ? SAINT_AFTER.exec(text.slice(s + w.length)) : null;
    if (
      (lang === 'en' || lang === 'other') &&
      saint &&
      // "41 Bank St. He was born": a street, and the next sentence's pronoun.
      saint[2]!.length >= 3 &&
      !isStop(saint[2]!) &&
      cur.length >= 1 &&
      cur.length <= 2 &&
      (isGiven(cur[0]!.w) || AFTER_WHOLE_NAME.test(text.slice(s + w.length + saint[0].length))) &&
      !/\b(?:St\.?|Saint)\s+$/.test(text.slice(Math.max(0, cur[0]!.s - 8), cur[0]!.s))
    ) {
      cur.push({ w: `${w}${saint[1]}`, s }, { w: saint[2]!, s: s + w.length + saint[0].length - saint[2]!.length });
      flush();
      continue;
    }
    if (
      isParticle(w) ||
      (cur.length &&
        /^(?:Van|Von|De|Du|Der|Den|La|Le|Da|Di|Del|Della|Dos|Das|Ter|Ten|Lo|Mc)$/.test(w) &&
        // German writes its particles in lower case: a capitalised "Der", "Den", "Das" opens a sentence ("E. K. Der Churer …").
        !(lang === 'de' && /^(?:Der|Den|Das)$/.test(w)) &&
        i + 1 < words.length &&
        !words[i + 1]!.nl)
    ) {
      if (cur.length) cur.push({ w, s });
      continue;
    }
    if (POST_TITLES.has(k)) {
      flush(titleCase(w));
      continue;
    }
    if (SUFFIXES.has(k) && cur.length >= 2) {
      cur.push({ w: titleCase(w.replace(/\.$/, '')), s });
      flush();
      continue;
    }
    if (SUFFIXES.has(k) && cur.length === 1 && isGiven(cur[0]!.w) && /^(?:jr|sr|junior|senior)$/.test(k)) {
      const only = cur[0]!;
      cur = [];
      out.push({
        words: [only.w],
        start: only.s,
        end: only.s + only.w.length,
        suffix: titleCase(w.replace(/\.$/, '')),
      });
      continue;
    }
    if (stopWordSurname(cur, w, k, text, s, nl) || germanStopSurname(cur, w, k, nl, lang)) {
      cur.push({ w, s });
      flush();
      continue;
    }
    // "Schon-⏎feld": a word broken at a line end is judged whole ("Schon" alone is German for "already").
    const whole = brokenAtLineEnd(text, s, w);
    // "Johann Baptist Jungels": after a given name, Baptist is the second given name, not the church.
    const secondGiven = k === 'baptist' && cur.length > 0 && isGiven(cur[cur.length - 1]!.w);
    if (
      SUFFIXES.has(k) ||
      (isStop(whole, text, s) && !secondGiven) ||
      TITLES.has(k) ||
      isNotNameWord(whole, lang) ||
      ((lang === 'nl' || lang === 'other') && (isDeedWordAfterName(whole) || DUTCH_CLERK.test(w)))
    ) {
      flush();
      continue;
    }
    // "Nymphas Stace Elizabeth his Wife": the run's last word, a given name before "his wife", is the wife's name.
    if (cur.length >= 2 && i === words.length - 1 && isGiven(w) && !isGiven(cur[cur.length - 1]!.w) && wifeAfter)
      flush();
    // A second person in the same run: "John Smith Mary Brown".
    if (
      cur.length >= 2 &&
      isGiven(w) &&
      !isGiven(cur[cur.length - 1]!.w) &&
      !isInitial(cur[cur.length - 1]!.w) &&
      // "Mary Mc Daniel": the clerk's "Mc" opens the surname, whatever word follows.
      cur[cur.length - 1]!.w !== 'Mc' &&
      i + 1 < words.length &&
      !words[i + 1]!.nl
    )
      flush();
    cur.push({ w, s });
    if (cur.length > 6) flush();
  }
  flush();
  return out;
}
