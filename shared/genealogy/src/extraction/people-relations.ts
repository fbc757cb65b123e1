import type { DocumentType, RecordRole } from '@gnology/contracts';
import { languageOf } from './language';
import { coupleBefore, FEMALE_KIN, namedAgainBefore } from './people-antecedents';
import type { Edge, Kin, Mention, Relation, Relations } from './people-types';
import {
  ABOVE_AFTER,
  AND_I_MARRIED_AFTER,
  AGED_AFTER,
  BORN_TO_BEFORE,
  BRIDE_AFTER,
  BRIDE_BEFORE,
  BRIDE_OF_BEFORE,
  censusAfter,
  CENSUS_COLUMNS,
  CHILD_OF_AFTER,
  CHILD_WORD_AFTER,
  cueBefore,
  DEAR_BEFORE,
  DR_TITLE_AFTER,
  FEMALE_TITLES,
  GROOM_AFTER,
  GROOM_BEFORE,
  HIS_WIFE_AFTER,
  LIST_GAP,
  MALE_TITLES,
  MARRIAGE_CUE,
  MARRIED_BEFORE,
  NAMED_BEFORE,
  ANOTHER_CLERGYMAN,
  MAGISTRATE_AFTER,
  MAGISTRATE_BEFORE,
  OFFICIANT_AFTER,
  PAIR_MARRIED_AFTER,
  parenRelAfter,
  PARTY_OF_BEFORE,
  recordRoleBefore,
  kinIn,
  relBefore,
  relOfAfter,
  REL_OF_BEFORE,
  REL_WORDS,
  SIGNED_BEFORE,
  STATUS_WORDS,
  SUBJECT_AFTER,
  DECEASED_AFTER,
  SUBJECT_BEFORE,
  textAfter,
  textBefore,
  titleBefore,
} from './people-cues';
import { NL_DECEASED_BEFORE, TESTATOR_AFTER, TESTATOR_SIGNED_AFTER, TESTATOR_BEFORE } from './testator-cues';

/* Step 3 of the people pipeline (people.ts): edges between people from the phrases, and the record's principals. */

export const INVERSE: Record<Relation, Relation> = {
  spouse: 'spouse',
  child: 'parent',
  parent: 'child',
  sibling: 'sibling',
  other_relative: 'other_relative',
};

const OWN_CHILD_NAMED_BEFORE =
  /(?<![\p{L}])(?:his|her|their)\s+(?:\p{Ll}+\s+)?(?:child|son|daughter|daur?\.?|infant)\s+(?:was\s+)?named\s*$/iu;

/** Records an officiant signs: a marriage, a baptism or birth register entry, a burial. */
const SIGNED_RECORDS = new Set<DocumentType>(['marriage', 'birth', 'death']);

/** Who is whose relative, and the record's roles, read off the phrases around each name. */
export function readRelations(text: string, ms: Mention[], documentType: DocumentType | undefined): Relations {
  const before = (m: Mention, n?: number) => textBefore(text, m, n);
  const after = (m: Mention, n?: number) => textAfter(text, m, n);
  const lang = languageOf(text);
  const edges: Edge[] = [];
  const recordRoles = new Map<number, RecordRole>();
  let head: number | undefined;
  let signer: number | undefined;
  let section: number | undefined;
  let groom: number | undefined;
  let bride: number | undefined;
  const subjectCued: number[] = [];
  let namedChild: number | undefined;
  let listRole:
    | { anchor: number; role: Relation; kin?: Kin; count: number; via?: 'of'; voice?: Edge['voice'] }
    | undefined;
  // Justices sign an order together ("of John Cox and John Machin Esqrs."): the name joined to one is another's.
  let [listRecord, justices]: [RecordRole | undefined, boolean] = [undefined, false];
  const marriageDoc = documentType === 'marriage' || (documentType === undefined && MARRIAGE_CUE.test(text));
  const signed = ms.some((m) => SIGNED_BEFORE.test(before(m)));
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    const b = before(m);
    const a = after(m);
    const prev = i > 0 ? i - 1 : undefined;
    const gap = i > 0 ? text.slice(ms[i - 1]!.end, m.start) : '';
    const ofMatch = kinIn(lang, REL_OF_BEFORE.exec(b));
    const relMatch = relBefore(b, lang);
    // "…, in this county, Mrs. Nancy Carter, aged 84 years": a name with its own age is a principal, not the list's next relative.
    const ownCue =
      CHILD_OF_AFTER.test(a) ||
      /^,\s*aged?\s+\d/i.test(a) ||
      (marriageDoc && (GROOM_AFTER.test(a.slice(0, 30)) || BRIDE_AFTER.test(a.slice(0, 30))));
    const listed = gap !== '' && LIST_GAP.test(gap) && gap.length < 60;
    // Record roles from the phrase before the name, or the list it continues.
    // A register's or certificate's signature with an office ("Samuel Pritchard, Rector."): the officiant.
    const justice = MAGISTRATE_BEFORE.test(b) || MAGISTRATE_AFTER.test(text.slice(m.end, m.end + 80));
    const rr =
      recordRoleBefore(b) ??
      (justice ? 'officiant' : undefined) ??
      (SIGNED_RECORDS.has(documentType ?? (marriageDoc ? 'marriage' : 'other')) &&
      !ofMatch &&
      OFFICIANT_AFTER.test(text.slice(m.end, m.end + 80))
        ? 'officiant'
        : undefined);
    if (rr) {
      recordRoles.set(i, rr);
      listRecord = rr;
      justices = justice;
    } else if (
      listed &&
      listRecord &&
      !ofMatch &&
      !relMatch &&
      // One clergyman marries or baptises: a name after his is the next clause's ("by the Rev. Samuel Pritchard, John Henry Whitfield, son of …"), unless another clergyman.
      (listRecord !== 'officiant' || ANOTHER_CLERGYMAN.test(gap) || (justices && /^\s*(?:and|&)\s*$/i.test(gap)))
    ) {
      recordRoles.set(i, listRecord);
    } else if (!listed) listRecord = undefined;
    if (cueBefore(GROOM_BEFORE, b) && groom === undefined) {
      groom = i;
      section = undefined;
    } else if (cueBefore(BRIDE_BEFORE, b) && !ofMatch && bride === undefined) {
      bride = i;
      section = i;
    }
    if (marriageDoc && !recordRoles.has(i) && !ofMatch) {
      // "John Henry Whitfield, son of …, and Sarah Elizabeth Barnes, daughter of …": the son is the groom, the daughter the bride.
      const childKin = REL_WORDS[CHILD_WORD_AFTER.exec(a)?.[1]?.toLowerCase() ?? '']?.[1];
      if (groom === undefined && GROOM_AFTER.test(a)) groom = i;
      else if (bride === undefined && BRIDE_AFTER.test(a) && i !== groom) bride = i;
      else if (groom === undefined && childKin === 'son' && i !== bride) groom = i;
      else if (bride === undefined && childKin === 'daughter' && i !== groom) bride = i;
    }

    if (
      listed &&
      listRole &&
      !ownCue &&
      !ofMatch &&
      !relMatch &&
      !rr &&
      listRole.count < (listRole.role === 'parent' ? 2 : 20)
    ) {
      const kin =
        listRole.role === 'parent' && listRole.kin === 'father' && listRole.count === 1 ? 'mother' : listRole.kin;
      edges.push({
        anchor: listRole.anchor,
        person: i,
        role: listRole.role,
        ...(kin ? { kin } : {}),
        ...(listRole.via ? { via: listRole.via } : {}),
        ...(listRole.voice ? { voice: listRole.voice } : {}),
      });
      listRole.count++;
    } else if (ofMatch) {
      // "A, son of B": B is A's parent; the subject A is whoever was named just before.
      const word = (ofMatch[1] ?? ofMatch[2]!).toLowerCase();
      const [rel, kin] =
        REL_WORDS[word] ??
        (/^(?:uxor|vidua|relicta|żona|zona|wdowa)$/.test(word)
          ? (['spouse', 'wife'] as const)
          : /^(?:maritus|wdowiec)$/.test(word)
            ? (['spouse', 'husband'] as const)
            : (['child', undefined] as const));
      // "The bride is the daughter of …": the phrase names whose parents follow, whoever was named last.
      const party = PARTY_OF_BEFORE.exec(b)?.[1]?.toLowerCase();
      const named = party === 'bride' ? bride : party === 'groom' || party === 'bridegroom' ? groom : undefined;
      const anchor = named ?? subjectBefore(ms, i, text, edges, kin);
      if (anchor !== i) {
        const inverse = INVERSE[rel];
        // "son of Thomas and Ann": the first parent named is the father (unless the word says "mother").
        const personKin: Kin | undefined =
          inverse === 'parent'
            ? kin === 'father' || kin === 'mother'
              ? undefined
              : 'father'
            : inverse === 'spouse'
              ? kin === 'wife'
                ? 'husband'
                : 'wife'
              : undefined;
        const explicit: Kin | undefined = rel === 'parent' ? undefined : personKin;
        edges.push({ anchor, person: i, role: inverse, ...(explicit ? { kin: explicit } : {}), via: 'of' });
        listRole = { anchor, role: inverse, ...(explicit ? { kin: explicit } : {}), count: 1, via: 'of' };
        if (anchor >= 0) subjectCued.push(anchor);
      }
    } else if (MARRIED_BEFORE.test(b) || BRIDE_OF_BEFORE.test(b)) {
      // The one who married: the last person named before who is not someone's parent, a witness or the like.
      let subject = prev;
      while (
        subject !== undefined &&
        subject > 0 &&
        // A parent named for someone else is skipped; a child named for her parents ("their daughter, Brenda") may marry.
        (edges.some((e) => e.person === subject && e.anchor >= 0 && e.role !== 'child') || recordRoles.has(subject))
      )
        subject--;
      // "She was the daughter of … She married Arnold Olson": after a new sentence or a pronoun, the one who married is the record's subject.
      const fresh =
        subject !== undefined &&
        /\.\s+\p{Lu}|\b(?:he|she)\s+(?:was\s+)?$/iu.test(
          text
            .slice(ms[subject]!.end, m.start)
            .replace(/married\s*(?:to\s*)?$/i, '')
            .replace(/(?<![\p{L}])\p{L}{1,4}\.(?=\s)/gu, 'x'),
        );
      // "… in Wake County. John Henry Whitfield married Sarah": a new sentence that names someone again
      // before the verb makes that person the one who married (mentions keep a name's first place only).
      const named = namedAgainBefore(ms, i, b);
      const anchor =
        named >= 0 ? named : subject !== undefined && !fresh && m.start - ms[subject]!.end < 200 ? subject : -1;
      if (BRIDE_OF_BEFORE.test(b) && anchor >= 0 && groom === undefined && marriageDoc) {
        groom = i;
        bride = anchor;
      }
      const genderOf = (j: number) => {
        const t = titleBefore(text, ms[j]!)?.toLowerCase().replace(/\.$/, '');
        if (t && (FEMALE_TITLES.has(t) || MALE_TITLES.has(t))) return FEMALE_TITLES.has(t) ? 'f' : 'm';
        // "the marriage of their daughter, Brenda Ray, to Robert Currie": the kin word the record gave her.
        const kin = edges.find((e) => e.person === j && e.kin)?.kin;
        return kin ? (FEMALE_KIN.has(kin) ? 'f' : 'm') : undefined;
      };
      if (
        marriageDoc &&
        anchor >= 0 &&
        groom === undefined &&
        bride === undefined &&
        (genderOf(anchor) === 'f' || genderOf(i) === 'm')
      ) {
        groom = i;
        bride = anchor;
      }
      // "Miss Lottie May Reynolds, daughter of …, was united in marriage to Mr. Frank E. Dunbar": one party known, the other is this one.
      if (marriageDoc && anchor >= 0) {
        if (groom === i && bride === undefined && !recordRoles.has(anchor)) bride = anchor;
        else if (bride === i && groom === undefined && !recordRoles.has(anchor)) groom = anchor;
        else if (bride === anchor && groom === undefined && !recordRoles.has(i)) groom = i;
        else if (groom === anchor && bride === undefined && !recordRoles.has(i)) bride = i;
      }
      edges.push({ anchor, person: i, role: 'spouse' });
      if (marriageDoc && anchor >= 0 && groom === undefined && bride === undefined && !recordRoles.has(anchor)) {
        groom = anchor;
        bride = i;
      }
      listRole = undefined;
    } else if (BORN_TO_BEFORE.test(b)) {
      const anchor = prev !== undefined ? prev : -1;
      edges.push({ anchor, person: i, role: 'parent', kin: 'father', via: 'of' });
      listRole = { anchor, role: 'parent', kin: 'father', count: 1, via: 'of' };
    } else if (relMatch && !rr && !SUBJECT_BEFORE.test(b)) {
      const [rel, kin] = REL_WORDS[relMatch[1]!.toLowerCase()]!;
      // "John Smith and his wife Mary": the phrase's subject is the person just named, when in the same clause.
      const sameClause =
        /^\s*,?\s*(?:(?:and|&|with|und|et|y|e|en|og|och|i|mit|avec|con)\s+(?:(?:his|her|their|dessen|deren|seiner|seine|sa|son|sua|suo|su|hans|hennes|zijn|haar|jego)\s+)?|(?:his|her|their|dessen|deren|seiner|seine|sa|son|sua|suo|su|hans|hennes|zijn|haar|jego)\s+)\S+\s*$/iu.test(
          gap,
        );
      const said = b.slice(0, relMatch.index);
      // "their daughter": the couple named before ("Mr. and Mrs. Tally H. Eddings announce … their daughter");
      // with no one named before, the text does not say whose.
      const their = /\btheir\s+(?:\p{L}+\s+)?$/iu.test(said);
      const couple = their ? coupleBefore(text, ms, i) : undefined;
      // Labelled fields ("Bride: … Father: … Mother: …") belong to the principal of their section.
      const anchor = prev !== undefined && sameClause ? prev : (couple ?? section ?? -1);
      const voice: Edge['voice'] = /\b(?:my|our)\s+(?:\p{L}+\s+)?$/iu.test(said)
        ? 'first'
        : /\byour\s+(?:\p{L}+\s+)?$/iu.test(said)
          ? 'second'
          : /\b(?:his|her|their|the)\s+(?:\p{L}+\s+)?$/iu.test(said)
            ? undefined
            : 'bare';
      const spoken = anchor === -1 && voice ? { voice } : {};
      if (their && i === 0) listRole = undefined;
      else {
        edges.push({ anchor, person: i, role: rel, ...(kin ? { kin } : {}), ...spoken });
        listRole = { anchor, role: rel, ...(kin ? { kin } : {}), count: 1, ...spoken };
      }
    } else if (!listed || rr) {
      listRole = undefined;
    }
    if (
      marriageDoc &&
      prev !== undefined &&
      groom === undefined &&
      bride === undefined &&
      /^\s*(?:and|&|et|und|y|e|en|och|og|i|ac)\s*$/iu.test(gap) &&
      PAIR_MARRIED_AFTER.test(a)
    ) {
      groom = prev;
      bride = i;
    }
    // "Sarah and I were married": the signed letter's writer is her husband (roles.ts anchors the writer's voice).
    if (documentType === 'letter' && signed && AND_I_MARRIED_AFTER.test(a) && !edges.some((e) => e.person === i))
      edges.push({ anchor: -1, person: i, role: 'spouse', voice: 'first' });
    const hisWife = HIS_WIFE_AFTER.exec(a);
    if (hisWife && prev !== undefined && !edges.some((e) => e.person === i)) {
      const word = hisWife[2]!.toLowerCase();
      const [rel, kin] =
        REL_WORDS[word] ??
        (/^(?:mari|marito|mann)$/.test(word) ? (['spouse', 'husband'] as const) : (['spouse', 'wife'] as const));
      // "Richard their son": the couple just named, so the primary; "Sarah his wife": the man just named, when he is
      // named close by and is no justice or witness ("… Francis Bedwell Esqrs. Two of His Majesty's Justices … 1762
      // Nymphas Stace Elizabeth his Wife": the justice is not her husband; better no husband than that one).
      const their = /^(?:their|leur)$/i.test(hisWife[1]!);
      const near = text.slice(ms[prev]!.end, m.start).length <= 60 && !recordRoles.has(prev);
      if (their || near) edges.push({ anchor: their ? -1 : prev, person: i, role: rel, ...(kin ? { kin } : {}) });
    }
    const drTitle = DR_TITLE_AFTER.test(a);
    const census = drTitle ? null : censusAfter(a, lang);
    if (census) {
      const [col, record] = CENSUS_COLUMNS[census[1]!.toLowerCase()]!;
      if (col === 'head') head ??= i;
      else edges.push({ anchor: -1, person: i, role: col });
      if (record) recordRoles.set(i, record);
    }
    const paren = parenRelAfter(a, lang);
    if (paren && !census && !drTitle && !STATUS_WORDS.has(paren[1]!.toLowerCase())) {
      const [rel, kin] = REL_WORDS[paren[1]!.toLowerCase()]!;
      edges.push({ anchor: -1, person: i, role: rel, ...(kin ? { kin } : {}) });
    }
    // "Elizth. Irons Wife of Abram Irons and her Child Named Samuel was removed": a child named as someone's is part of
    // that person's entry, not the record's subject (a birth or baptism names its child without "her", "their").
    if (NAMED_BEFORE.test(b) && !OWN_CHILD_NAMED_BEFORE.test(b)) namedChild ??= i;
    const above = ABOVE_AFTER.exec(a);
    const aboveRel = above ? REL_WORDS[above[1]!.toLowerCase()] : undefined;
    if (aboveRel && !edges.some((e) => e.person === i)) {
      // The entry above is the last person named before who is nobody else's relation.
      let j = i - 1;
      while (j > 0 && edges.some((e) => e.person === j && e.anchor >= 0)) j--;
      if (j >= 0) edges.push({ anchor: j, person: i, role: aboveRel[0], ...(aboveRel[1] ? { kin: aboveRel[1] } : {}) });
    }
    if (SIGNED_BEFORE.test(b)) signer ??= i;
    // The signature the notary attests is the testator's, whoever else the page names first.
    if (DEAR_BEFORE.test(b) || TESTATOR_SIGNED_AFTER.test(a)) subjectCued.unshift(i);
    else if (
      SUBJECT_AFTER.test(a) ||
      (DECEASED_AFTER.test(a) && !/\bof\s*$/iu.test(b)) ||
      AGED_AFTER.test(a) ||
      SUBJECT_BEFORE.test(b) ||
      TESTATOR_BEFORE.test(b) ||
      TESTATOR_AFTER.test(a) ||
      NL_DECEASED_BEFORE.test(b) ||
      (relOfAfter(a, lang) && !aboveRel && (i === 0 || m.lone))
    )
      subjectCued.push(i);
    if (TESTATOR_BEFORE.test(b) || TESTATOR_AFTER.test(a) || TESTATOR_SIGNED_AFTER.test(a))
      recordRoles.set(i, 'testator');
  }
  if (bride !== undefined && groom === undefined && marriageDoc) {
    // A bride without a groom cue: the groom is the other principal named first.
    groom = ms.findIndex(
      (_, j) => j !== bride && !recordRoles.has(j) && !edges.some((e) => e.person === j && e.anchor !== -1),
    );
    if (groom < 0) groom = undefined;
  }
  if (groom !== undefined && bride === undefined && marriageDoc) {
    const j = ms.findIndex(
      (_, k) => k > groom! && !recordRoles.has(k) && !edges.some((e) => e.person === k && e.anchor >= 0),
    );
    if (j >= 0) bride = j;
  }
  return { edges, recordRoles, head, signer, groom, bride, subjectCued, namedChild };
}

/** The subject of a "… of" phrase: the last person named before the relation word. */
function subjectBefore(ms: Mention[], i: number, text: string, edges: Edge[], kin?: Kin): number {
  if (i === 0) return -1;
  // The parents just named ("daughter of Robert and Frances Beverley, relict of …") are not the phrase's subject,
  // nor a husband before "daughter of" ("Teresa Bianchi, vedova di Luigi Pardini, figlia di …"), nor a wife before "son of".
  let j = i - 1;
  const skip = (k: number) =>
    edges.some(
      (e) =>
        e.person === k &&
        e.anchor >= 0 &&
        (e.role === 'parent' ||
          (e.role === 'spouse' &&
            ((kin === 'daughter' && e.kin === 'husband') || (kin === 'son' && e.kin === 'wife')))),
    );
  while (j > 0 && skip(j)) j--;
  // Abbreviations ("Mr.", "Wm.", "Co.") do not end a sentence.
  const between = text.slice(ms[j]!.end, ms[i]!.start).replace(/(?<![\p{L}])\p{L}{1,4}\./gu, 'x');
  // "… Samuel Turner. She was the daughter of …": a new sentence or a pronoun means the primary subject.
  if (
    between.length > 140 ||
    /[;]|\.\s+\p{Lu}|\n\s*\n/u.test(between) ||
    /\b(?:he|she|who|they|er|sie|il|elle|él|ella|lui|hij|zij|ele|ela|han|hon|hun)\b/i.test(between)
  )
    return j === i - 1 ? -1 : j;
  return j;
}
