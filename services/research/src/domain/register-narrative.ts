import type { BookMaterial, BookPerson } from './book-material';
import type { Block, Chapter, Manuscript, Run } from './manuscript';
import { type EntryContext, writeEntry } from './register-entry';
import { RegisterNotes } from './register-notes';
import { numberPeople } from './register-numbering';
import { conclusionBlocks, introductionBlocks } from './register-frame';
import { mergeRuns, personRun, text, listRuns } from './register-words';

export type RegisterText = Pick<Manuscript, 'introduction' | 'chapters' | 'conclusion' | 'notes'>;

/**
 * The offline narrative of the book (issue 33, decision 0234): a register of the root's family
 * written from the material alone — a chapter per generation, a paragraph per person and per
 * kind of event, every fact with its endnote, conflicts as "how we know" notes, the photos with
 * the first person tagged in them. Pure: no I/O, the same material gives the same text.
 */
export function writeRegister(material: BookMaterial, opts: { title: string; generations: number }): RegisterText {
  const people = new Map(material.people.map((p) => [p.id, p]));
  const numbers = numberPeople(material);
  const notes = new RegisterNotes(new Map(material.sources.map((s) => [s.id, s.citation])));
  const ctx: EntryContext = { people, numbers, notes, written: new Set() };
  const root = people.get(material.rootId);
  if (!root) return { introduction: [], chapters: [], conclusion: [], notes: [] };

  // The introduction cites nothing; it is written after the chapters, which number the notes.
  const placed = new Set<string>();
  const chapters: Chapter[] = [];
  for (const generation of chapterOrder(material.people)) {
    const line = material.people
      .filter((p) => p.generation === generation && numbers.has(p.id))
      .sort((a, b) => numbers.get(a.id)! - numbers.get(b.id)!);
    const others = material.people.filter((p) => p.generation === generation && !numbers.has(p.id));
    const blocks: Block[] = [];
    for (const p of [...line, ...others]) {
      if (ctx.written.has(p.id)) continue;
      const before = new Set(ctx.written);
      blocks.push(...writeEntry(p, ctx));
      const inEntry = [...ctx.written].filter((id) => !before.has(id));
      blocks.push(...photosOf(material, inEntry, placed, people));
    }
    if (blocks.length === 0) continue;
    chapters.push({ label: chapterLabel(generation), title: chapterTitle(generation, root), blocks });
  }
  return {
    introduction: introductionBlocks(material, opts, numbers, chapters.length),
    chapters,
    conclusion: conclusionBlocks(material, opts, numbers, notes),
    notes: notes.notes,
  };
}

/** The root's generation, then the ancestors outward, then the descendants downward. */
function chapterOrder(people: readonly BookPerson[]): number[] {
  const gens = [...new Set(people.map((p) => p.generation))];
  return [...gens.filter((g) => g >= 0).sort((a, b) => a - b), ...gens.filter((g) => g < 0).sort((a, b) => b - a)];
}

function chapterLabel(generation: number): string {
  return generation >= 0 ? `Generation ${generation + 1}` : `Descendants, generation ${-generation}`;
}

const ANCESTORS = ['', 'The parents', 'The grandparents'];
const DESCENDANTS = ['', 'The children', 'The grandchildren'];

function chapterTitle(generation: number, root: BookPerson): string {
  if (generation === 0) return root.name;
  const k = Math.abs(generation);
  const table = generation > 0 ? ANCESTORS : DESCENDANTS;
  if (k < table.length) return table[k]!;
  const greats = k - 2;
  const base = generation > 0 ? 'grandparents' : 'grandchildren';
  return `The ${greats === 1 ? 'great-' : `${greats}× great-`}${base}`;
}

/**
 * The photos tagging someone of this entry, not placed yet, where the entry's first person is the
 * photo's first tagged person of the book: "John Henry Whitfield and Sarah Barnes. Wedding, 1887."
 */
function photosOf(
  material: BookMaterial,
  inEntry: readonly string[],
  placed: Set<string>,
  people: ReadonlyMap<string, BookPerson>,
): Block[] {
  const blocks: Block[] = [];
  for (const photo of material.photos) {
    if (placed.has(photo.id)) continue;
    const first = photo.people.find((t) => people.has(t.id));
    if (!first || !inEntry.includes(first.id)) continue;
    placed.add(photo.id);
    // Everyone tagged is named; those the book writes of are marked for the index.
    const named = photo.people.map((t) => [people.has(t.id) ? personRun(people.get(t.id)!) : text(t.name)]);
    const caption = photo.caption?.trim();
    const runs: Run[] = [...listRuns(named), text('.')];
    if (caption) runs.push(text(` ${caption}${/[.!?]$/.test(caption) ? '' : '.'}`));
    blocks.push({
      kind: 'photo',
      image: photo.image,
      mime: photo.mime,
      width: photo.width,
      height: photo.height,
      caption: mergeRuns(runs),
    });
  }
  return blocks;
}
