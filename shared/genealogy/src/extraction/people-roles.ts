import type { DocumentType, PersonDetail, PersonRole, PersonTag, RecordRole } from '@gnology/contracts';
import type { Edge, Kin, Mention, PeopleResult, Relation, Relations } from './people-types';
import {
  DEAR_BEFORE,
  FEMALE_TITLES,
  MALE_TITLES,
  NOT_CHILD_RECORDS,
  PARENTS_GAP,
  SUBJECT_BEFORE,
  SURNAME_FIELD,
  textBefore,
  titleBefore,
} from './people-cues';
import { surnameOf } from './people-candidates';
import { isGiven, keyOf, titleCase, transposedApart } from './name-words';
import { INVERSE } from './people-relations';
import { factsOf, type PersonFacts } from './person-facts';

const ALIAS_GAP = /^\s*,?\s*(?:otherwise|alias|als\.?)(?:\s+called)?\s*,?\s*$/i;

/* Step 4 of the people pipeline (people.ts): the primary subject, roles relative to it, surnames, one entry per person. */

/** The people of the record with their roles, at most `limit`, the primary subject first. */
export function peopleOf(
  text: string,
  ms: Mention[],
  relations: Relations,
  documentType: DocumentType | undefined,
  limit: number,
): PeopleResult {
  const { edges, recordRoles, head, signer, groom, bride, subjectCued, namedChild } = relations;
  const before = (m: Mention) => textBefore(text, m);
  // One person per name: mentions with the same key (or a lone given name and the full name starting with it) are one person.
  const related = new Set(edges.filter((e) => e.anchor === -1).map((e) => e.person));
  const witnessish = (i: number) => {
    const r = recordRoles.get(i);
    return (
      r === 'witness' ||
      r === 'sponsor' ||
      r === 'officiant' ||
      r === 'informant' ||
      r === 'executor' ||
      r === 'next_of_kin'
    );
  };
  /** The named child's father, when no phrase said who he is: the first man named in full who is not a witness, sponsor or the like. */
  const addFather = (child: number) => {
    if (edges.some((e) => e.role === 'parent' && (e.anchor === child || e.anchor === -1))) return;
    const woman = (j: number) => {
      const t = titleBefore(text, ms[j]!)?.toLowerCase().replace(/\.$/, '');
      return (
        (t !== undefined && FEMALE_TITLES.has(t)) ||
        edges.some((e) => e.person === j && (e.kin === 'wife' || e.kin === 'mother' || e.kin === 'daughter')) ||
        recordRoles.get(j) === 'bride'
      );
    };
    const father = ms.findIndex(
      (x, j) =>
        j !== child &&
        x.written &&
        !witnessish(j) &&
        !recordRoles.has(j) &&
        !woman(j) &&
        !edges.some((e) => e.person === j),
    );
    if (father < 0) return;
    edges.unshift({ anchor: child, person: father, role: 'parent', kin: 'father' });
    // "da Francesco Rossi e da Lucia Ferrari": the one named with him is the mother.
    const next = ms[father + 1];
    if (
      next?.written &&
      !edges.some((e) => e.person === father + 1) &&
      !recordRoles.has(father + 1) &&
      PARENTS_GAP.test(text.slice(ms[father]!.end, next.start))
    ) {
      edges.push({ anchor: child, person: father + 1, role: 'parent', kin: 'mother' });
    }
  };
  const addressee = ms.findIndex((m) => DEAR_BEFORE.test(before(m)));
  // A child given its names in a birth or baptism record (or a form's given-names field) is the record's subject.
  const childNamed =
    namedChild !== undefined && !witnessish(namedChild) && !NOT_CHILD_RECORDS.has(documentType ?? 'other')
      ? namedChild
      : undefined;
  const chosen: number | undefined =
    groom ??
    head ??
    childNamed ??
    (addressee >= 0 ? addressee : signer) ??
    subjectCued.find(
      (i) => !related.has(i) && !witnessish(i) && !edges.some((e) => e.person === i && e.anchor >= 0 && e.anchor !== i),
    ) ??
    [...ms.keys()].find((i) => !related.has(i) && !witnessish(i));
  // A record that names only those who act in it (a magistrate's order whose subject is not read, a
  // witness list) has no subject: the first name anchors the relations but is not called the subject.
  const primary = chosen ?? 0;
  const noSubject = chosen === undefined && witnessish(0);
  // A letter to a named addressee is about them ("Your brother Edward"), but "my father", "our boy"
  // are the writer's; a bare "Father, Thomas Whitfield, passed away" may be either's: no relation.
  if (documentType === 'letter' && primary === addressee && signer !== undefined && signer !== addressee) {
    for (const e of edges) if (e.anchor === -1 && e.voice === 'first') e.anchor = signer;
    for (let k = edges.length - 1; k >= 0; k--)
      if (edges[k]!.anchor === -1 && edges[k]!.voice === 'bare') edges.splice(k, 1);
  }
  if (childNamed !== undefined) addFather(childNamed);
  if (groom !== undefined) recordRoles.set(groom, 'groom');
  if (bride !== undefined) {
    recordRoles.set(bride, 'bride');
    if (!edges.some((e) => e.person === bride && e.role === 'spouse'))
      edges.push({ anchor: -1, person: bride, role: 'spouse', kin: 'wife' });
  }

  // Roles relative to the primary.
  const roles = new Map<number, Relation | 'primary_subject'>([[primary, 'primary_subject']]);
  const kinOf = new Map<number, Kin>();
  const anchorOf = (e: Edge) => (e.anchor === -1 ? primary : e.anchor);
  for (const e of edges) {
    const anchor = anchorOf(e);
    if (e.person === anchor) continue;
    if (e.kin && !kinOf.has(e.person)) kinOf.set(e.person, e.kin);
    if (roles.has(e.person)) continue;
    if (anchor === primary) roles.set(e.person, e.role);
  }
  for (const e of edges) {
    if (e.person === primary && e.anchor >= 0 && !roles.has(e.anchor)) roles.set(e.anchor, INVERSE[e.role]);
  }
  // The wife of the primary's father is the primary's mother ("son of John Goodall and Sarah his wife").
  for (const e of edges) {
    if (e.role !== 'spouse' || e.anchor < 0 || roles.has(e.person) || roles.get(e.anchor) !== 'parent') continue;
    roles.set(e.person, 'parent');
    if (!kinOf.has(e.person)) kinOf.set(e.person, kinOf.get(e.anchor) === 'father' ? 'mother' : 'father');
  }
  if (bride !== undefined && primary === groom) roles.set(bride, 'spouse');
  /**
   * Two mentions the record makes one the parent and the other the child of one person (the
   * primary, the writer) are two people of one name, a grandfather and his grandson. The primary
   * keeps its full name even so ("Richard son of Richard & Hannah Pickering" is Richard Pickering).
   */
  const generation = (i: number): Map<string, Relation> => {
    const out = new Map<string, Relation>();
    const put = (other: number, rel: Relation) => {
      if (other !== i && (rel === 'parent' || rel === 'child'))
        out.set(other === primary ? '#primary' : `${other}`, rel);
    };
    for (const e of edges) {
      if (e.person === i) put(anchorOf(e), e.role);
      else if (anchorOf(e) === i) put(e.person, INVERSE[e.role]);
    }
    return out;
  };
  const rolesConflict = (i: number, j: number) => {
    if (i === primary || j === primary) return false;
    const a = generation(i);
    for (const [who, rel] of generation(j)) if (a.has(who) && a.get(who) !== rel) return true;
    return false;
  };
  // Parents of the bride and groom, of the primary; the deceased.
  for (const e of edges) {
    if (e.role !== 'parent' || recordRoles.has(e.person)) continue;
    const anchor = anchorOf(e);
    const kin = kinOf.get(e.person);
    if (kin !== 'father' && kin !== 'mother') continue;
    if (anchor === groom) recordRoles.set(e.person, kin === 'father' ? 'father_of_groom' : 'mother_of_groom');
    else if (anchor === bride) recordRoles.set(e.person, kin === 'father' ? 'father_of_bride' : 'mother_of_bride');
    else if (anchor === primary) recordRoles.set(e.person, kin);
  }
  // "Mr. and Mrs. Tally H. Eddings announce the marriage of their daughter, Brenda Ray, to …": the bride's father,
  // read from the other side (she is their child); his title says he is the father, "Mrs." alone the mother.
  for (const e of edges) {
    if (e.role !== 'child' || e.anchor < 0 || recordRoles.has(e.anchor)) continue;
    if (e.person !== bride && e.person !== groom) continue;
    const t = titleBefore(text, ms[e.anchor]!)?.toLowerCase().replace(/\.$/, '');
    const kin =
      kinOf.get(e.anchor) ??
      (t === undefined ? undefined : FEMALE_TITLES.has(t) ? 'mother' : MALE_TITLES.has(t) ? 'father' : undefined);
    if (kin !== 'father' && kin !== 'mother') continue;
    const side = e.person === bride ? 'bride' : 'groom';
    recordRoles.set(e.anchor, `${kin}_of_${side}` as RecordRole);
  }
  for (const [i, kin] of kinOf) {
    if (recordRoles.has(i) || anchorOfPerson(edges, i, primary) !== primary) continue;
    if (kin === 'wife' || kin === 'husband' || kin === 'son' || kin === 'daughter') recordRoles.set(i, kin);
  }
  if ((documentType === 'death' || documentType === 'obituary') && !recordRoles.has(primary))
    recordRoles.set(primary, 'deceased');
  if (
    /\bburi(?:ed|al)\b|\bsepult|\bbegraben|\binhum|\bbegrav|\bpochowan/i.test(text) &&
    documentType !== 'marriage' &&
    !recordRoles.has(primary) &&
    SUBJECT_BEFORE.test(before(ms[primary]!))
  )
    recordRoles.set(primary, 'deceased');

  // Lone given names take the surname of the person they are tied to: children and wives the father's or husband's, parents the child's.
  const surnameFor = (i: number): string | undefined => {
    const field = i === childNamed ? SURNAME_FIELD.exec(text) : null;
    if (field) return field[1]!.split(/\s+/).map(titleCase).join(' ');
    const ties = edges.filter((e) => e.person === i || e.anchor === i || (e.anchor === -1 && i === primary));
    for (const e of ties) {
      const other = e.person === i ? anchorOf(e) : e.person;
      if (other === i || ms[other]!.lone || !ms[other]!.written) continue;
      const rel = e.person === i ? e.role : INVERSE[e.role];
      if (rel === 'other_relative' || witnessish(other) || recordRoles.get(i) === 'witness') continue;
      // A husband keeps his own surname; the record's wife takes his. A bride is named by her own surname
      // ("their daughter, Brenda Ray, to Ensign Robert Emil Currie" does not make her Brenda Currie).
      if (rel === 'spouse' && (kinOf.get(i) === 'husband' || recordRoles.get(i) === 'bride')) continue;
      return surnameOf(ms[other]!);
    }
    // "son of Henery Fitz-williams & Margery his wife": the mother named without a surname takes the father's.
    for (const e of edges) {
      if (e.person !== i || e.role !== 'parent') continue;
      const co = edges.find(
        (x) => x !== e && x.role === 'parent' && anchorOf(x) === anchorOf(e) && ms[x.person]!.written,
      );
      if (co) return surnameOf(ms[co.person]!);
    }
    const role = roles.get(i);
    const brideOfPrimary = role === 'spouse' && recordRoles.get(i) === 'bride';
    if (
      role &&
      role !== 'other_relative' &&
      role !== 'primary_subject' &&
      ms[primary]!.written &&
      !witnessish(i) &&
      // "Fras. Bedwell Esqrs. … her Child Ann": when the record's own family went unread, the justice left as the
      // first person named gives no child his surname.
      !witnessish(primary) &&
      !brideOfPrimary
    )
      return surnameOf(ms[primary]!);
    // A lone primary ("Mary, wife of John Smith"; "Bapt. John, son of Thomas Whitfield") takes the surname of those tied to it.
    if (i === primary) {
      const e = edges.find(
        (x) =>
          (x.anchor === i || (x.anchor === -1 && i === primary)) &&
          ms[x.person]!.written &&
          x.role !== 'other_relative' &&
          !(x.role === 'spouse' && kinOf.get(i) === 'husband'),
      );
      if (e) return surnameOf(ms[e.person]!);
    }
    return undefined;
  };
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < ms.length; i++) {
      if (!ms[i]!.lone) continue;
      const s = surnameFor(i);
      // "our boy Thomas" beside his grandfather Thomas Whitfield: the surname would make the two one person.
      const full = s ? keyOf(`${ms[i]!.name} ${s}${ms[i]!.suffix ? ` ${ms[i]!.suffix}` : ''}`) : '';
      if (s && ms.some((x, j) => j !== i && keyOf(x.name) === full && rolesConflict(i, j))) continue;
      // "named Eleanor Cliffen": a name that already ends in the surname is whole ("Eleanor Cliffen Cliffen" is no one).
      // So is one the record also writes as a full name ("Eleanor Cliffen her Daur … her Daur named Eleanor Cliffen").
      const writtenWhole = ms.some((x, j) => j !== i && !x.lone && keyOf(x.name) === keyOf(ms[i]!.name));
      if (s && (writtenWhole || keyOf(ms[i]!.name).endsWith(` ${keyOf(s)}`))) {
        ms[i]!.lone = false;
        continue;
      }
      if (s) {
        ms[i]!.name = `${ms[i]!.name} ${s}${ms[i]!.suffix ? ` ${ms[i]!.suffix}` : ''}`;
        ms[i]!.lone = false;
      }
    }
  }

  // Merge mentions of one person; the primary's entry first. A given name alone joins the full name
  // it starts, unless the record makes one the primary's parent and the other its child: two people
  // of one name, or a misread relation. Either way the given name alone is left out (a son missed
  // is forgivable, a grandson merged into his grandfather is not).
  const persons: { name: string; key: string; idx: number[]; unsure?: boolean }[] = [];
  const byKey = new Map<string, number>();
  const personOf = (i: number) => persons.findIndex((p) => p.idx.includes(i));
  const compatible = (i: number, p: { idx: number[] }) => !p.idx.some((j) => rolesConflict(i, j));
  // "John Smith, son of John Smith": a relation between two mentions of one name is two people; the relative is
  // left out rather than merged, which would make the child his own father.
  const tiedTo = (i: number, p: { idx: number[] }) =>
    edges.some(
      (e) => (e.person === i && p.idx.includes(anchorOf(e))) || (p.idx.includes(e.person) && anchorOf(e) === i),
    );
  for (let i = 0; i < ms.length; i++) {
    const k = keyOf(ms[i]!.name);
    let id = byKey.get(k);
    if (id !== undefined && tiedTo(i, persons[id]!)) {
      if (i !== primary) continue;
      // The primary named after its namesake relative: the relative is the one left out.
      persons[id]!.unsure = true;
      byKey.delete(k);
      id = undefined;
    }
    if (id === undefined && !k.includes(' ')) {
      const j = persons.findIndex((p) => p.key.startsWith(`${k} `));
      if (j >= 0 && !compatible(i, persons[j]!)) continue;
      if (j >= 0) id = j;
    }
    if (id === undefined) {
      const j = persons.findIndex((p) => !p.key.includes(' ') && k.startsWith(`${p.key} `));
      if (j >= 0 && !compatible(i, persons[j]!)) persons[j]!.unsure = true;
      else if (j >= 0) {
        persons[j]!.name = ms[i]!.name;
        persons[j]!.key = k;
        byKey.set(k, j);
        id = j;
      }
    }
    // "Susanna Collyer otherwise Susanna Gibbs", "John Lee alias Leigh": the second name is the same person's.
    if (id === undefined && i > 0 && ALIAS_GAP.test(text.slice(ms[i - 1]!.end, ms[i]!.start))) {
      id = personOf(i - 1);
      if (id < 0) id = undefined;
      else byKey.set(k, id);
    }
    if (id === undefined) {
      // "the Body of Chirstopher Brown … the said Christopher Brown": one person, under the spelling that is a name.
      const j = persons.findIndex((p) => transposedApart(p.key, k) && compatible(i, p) && !tiedTo(i, p));
      if (j >= 0) {
        const known = (name: string) => name.split(' ').filter(isGiven).length;
        if (known(ms[i]!.name) > known(persons[j]!.name)) Object.assign(persons[j]!, { name: ms[i]!.name, key: k });
        byKey.set(k, j);
        id = j;
      }
    }
    if (id === undefined) {
      id = persons.length;
      persons.push({ name: ms[i]!.name, key: k, idx: [] });
      byKey.set(k, id);
    }
    persons[id]!.idx.push(i);
  }
  const facts = factsOf(text, ms, edges, documentType);
  const factsOfPerson = (idx: number[]): PersonFacts => {
    const out: PersonFacts = {};
    for (const i of idx)
      for (const [k, v] of Object.entries(facts.get(i) ?? {}) as [keyof PersonFacts, never][]) out[k] ??= v;
    return out;
  };
  // A letter or diary that tells of one death: that person is its deceased (the people index reads
  // the death from this role), over the kinship role the wording gave ("Father, Thomas Whitfield, passed away").
  const dead = persons.filter((p) => factsOfPerson(p.idx).dead);
  const toldDeath = TELLS_OF_DEATH.has(documentType ?? 'other') && dead.length === 1 ? dead[0] : undefined;
  const primaryPerson = personOf(primary);
  const people: PersonTag[] = [];
  const details: PersonDetail[] = [];
  const order = [primaryPerson, ...persons.keys()].filter((p, n, arr) => arr.indexOf(p) === n);
  for (const p of order) {
    if (people.length >= limit) break;
    const person = persons[p]!;
    if (person.unsure && p !== primaryPerson) continue;
    let role: PersonRole = p === primaryPerson && !noSubject ? 'primary_subject' : 'other_relative';
    let recordRole: RecordRole | undefined;
    let title: string | undefined;
    let tied = p === primaryPerson;
    for (const i of person.idx) {
      const r = roles.get(i);
      if (r || edges.some((e) => e.person === i || e.anchor === i)) tied = true;
      if (p !== primaryPerson && r && r !== 'primary_subject' && role === 'other_relative') role = r;
      recordRole ??= recordRoles.get(i);
      title ??= ms[i]!.title ?? titleBefore(text, ms[i]!);
    }
    if (person === toldDeath && (recordRole === undefined || KIN_ROLES.has(recordRole))) recordRole = 'deceased';
    const { dead: _dead, ...said } = factsOfPerson(person.idx);
    // Named with no tie to the subject and no part in the record: "other_relative" only because the role list has no "anyone else".
    const namedOnly = role === 'other_relative' && !tied && !recordRole;
    people.push({ name: person.name, role });
    if (recordRole || title || namedOnly || Object.keys(said).length)
      details.push({
        name: person.name,
        ...(recordRole ? { recordRole } : {}),
        ...(title ? { title } : {}),
        ...(namedOnly ? { namedOnly: true as const } : {}),
        ...said,
      });
  }
  return { people, details };
}

/** A letter or diary entry that tells of a death (an untyped record's news is too unsure to make anyone its deceased). */
const TELLS_OF_DEATH = new Set<DocumentType>(['letter', 'journal']);
/** Record roles read from a kinship word only: a death the record tells of says more. */
const KIN_ROLES = new Set<RecordRole>(['father', 'mother', 'wife', 'husband', 'son', 'daughter']);

function anchorOfPerson(edges: Edge[], i: number, primary: number): number | undefined {
  const e = edges.find((x) => x.person === i);
  return e ? (e.anchor === -1 ? primary : e.anchor) : undefined;
}
