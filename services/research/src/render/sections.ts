import { createHash } from 'node:crypto';
import type { Block, Chapter, IndexName, Manuscript, Run } from '../domain/manuscript';

/**
 * The book's parts in reading order, the same for every format: an introduction, the chapters and
 * a conclusion (each present only when it has something to say). Notes and indexes follow them.
 */
export interface Part {
  /** Stable key for file names and anchors: "introduction", "chapter-1", "conclusion". */
  key: string;
  title: string;
  label?: string;
  blocks: Block[];
}

export function parts(m: Manuscript): Part[] {
  const out: Part[] = [];
  if (m.introduction.length) out.push({ key: 'introduction', title: 'Introduction', blocks: m.introduction });
  m.chapters.forEach((c: Chapter, i) => {
    out.push({ key: `chapter-${i + 1}`, title: c.title, blocks: c.blocks, ...(c.label ? { label: c.label } : {}) });
  });
  if (m.conclusion.length) out.push({ key: 'conclusion', title: 'Conclusion', blocks: m.conclusion });
  return out;
}

/** "Whitfield, John Henry (1858–1921)": how the index of names lists a person. */
export function indexName(p: IndexName): string {
  const name = p.given ? `${p.surname}, ${p.given}` : p.surname || '(no name)';
  return p.years ? `${name} (${p.years})` : name;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Surname, then given names, then years; the id last so two namesakes keep a stable order. */
export function comparePeople(a: IndexName, b: IndexName): number {
  return (
    collator.compare(a.surname, b.surname) ||
    collator.compare(a.given, b.given) ||
    collator.compare(a.years ?? '', b.years ?? '') ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function comparePlaces(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Where each person and place is named: a key ("page 12", "chapter-3") per occurrence, in order, without repeats. */
export class BookIndex<L> {
  readonly people = new Map<string, { person: IndexName; at: L[] }>();
  readonly places = new Map<string, L[]>();

  /** Records what a run names at `at` (a page number, a chapter key…). */
  note(run: Run, at: L): void {
    if (run.person) {
      let e = this.people.get(run.person.id);
      if (!e) {
        e = { person: run.person, at: [] };
        this.people.set(run.person.id, e);
      }
      if (!e.at.includes(at)) e.at.push(at);
    }
    if (run.place) {
      const key = run.place.trim();
      if (!key) return;
      let at2 = this.places.get(key);
      if (!at2) {
        at2 = [];
        this.places.set(key, at2);
      }
      if (!at2.includes(at)) at2.push(at);
    }
  }

  sortedPeople(): { person: IndexName; at: L[] }[] {
    return [...this.people.values()].sort((a, b) => comparePeople(a.person, b.person));
  }

  sortedPlaces(): { place: string; at: L[] }[] {
    return [...this.places.entries()]
      .map(([place, at]) => ({ place, at }))
      .sort((a, b) => comparePlaces(a.place, b.place));
  }
}

/** Every run of a block that can name someone: a paragraph's runs and a photo's caption. */
export function runsOf(block: Block): Run[] {
  if (block.kind === 'paragraph') return block.runs;
  if (block.kind === 'photo') return block.caption;
  return [];
}

/** "Compiled 27 November 2026" from an ISO date; the raw string when it is not a date. */
export function compiledLine(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return `Compiled ${iso}`;
  return `Compiled ${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
}

/** The title as shown in a chapter heading and the contents: "Generation 1: The Whitfields". */
export function fullTitle(p: { title: string; label?: string }): string {
  return p.label ? `${p.label}: ${p.title}` : p.title;
}

/** A key for an image's bytes, so a photo placed twice is stored once (the arrays may be copies). */
export function contentKey(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/**
 * The manuscript with every note marker that points at no endnote removed: a marker must lead
 * somewhere (EPUBCheck refuses a link to a missing note; Markdown would print `[^7]` as text);
 * and one endnote per number.
 */
export function withKnownNotes(m: Manuscript): Manuscript {
  const known = new Set(m.notes.map((n) => n.n));
  const runs = (rs: Run[]) =>
    rs.map((r) => {
      if (r.note === undefined || known.has(r.note)) return r;
      const { note: _dropped, ...rest } = r;
      return rest;
    });
  const blocks = (bs: Block[]): Block[] =>
    bs.map((b) =>
      b.kind === 'paragraph'
        ? { ...b, runs: runs(b.runs) }
        : b.kind === 'photo'
          ? { ...b, caption: runs(b.caption) }
          : b,
    );
  // One endnote a number (a repeated number would print twice and give the EPUB two equal ids).
  const notes = m.notes.filter((n, i) => m.notes.findIndex((o) => o.n === n.n) === i);
  return {
    ...m,
    notes,
    introduction: blocks(m.introduction),
    chapters: m.chapters.map((c) => ({ ...c, blocks: blocks(c.blocks) })),
    conclusion: blocks(m.conclusion),
  };
}
