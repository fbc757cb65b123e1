import { describe, expect, it } from 'vitest';
import { assembleManuscript, type BookPart } from '../src/domain/book-assemble';
import { planChapters, type StoredChapter } from '../src/domain/book-chapters';
import { decodeManuscript, encodeManuscript } from '../src/domain/book-json';
import { blocksToText, notesCited, textToBlocks } from '../src/domain/book-text';
import type { Block, Endnote, Run } from '../src/domain/manuscript';
import type { RegisterText } from '../src/domain/register-narrative';

const p = (...runs: Run[]): Block => ({ kind: 'paragraph', runs });
const note = (n: number, text = `Source ${n}.`): Endnote => ({ n, text, kind: 'source' });

describe('chapter text (Markdown-light)', () => {
  it('reads paragraphs, headings, emphasis and note markers', () => {
    expect(
      textToBlocks('## The farm\n\nJohn was *born* in **1858**.[^2] He\nfarmed.\n\n\n2 \\* 3 and snake_case'),
    ).toEqual([
      { kind: 'heading', text: 'The farm' },
      p(
        { text: 'John was ' },
        { text: 'born', italic: true },
        { text: ' in ' },
        { text: '1858', bold: true },
        {
          text: '.',
          note: 2,
        },
        { text: ' He farmed.' },
      ),
      p({ text: '2 * 3 and snake_case' }),
    ]);
  });

  it('puts a marker that opens a paragraph on an empty run, and leaves a lone asterisk as it is', () => {
    expect(textToBlocks('[^1]Then * nothing')).toEqual([p({ text: '', note: 1 }, { text: 'Then * nothing' })]);
  });

  it('writes blocks as text that reads back to the same blocks (photos and charts have no text)', () => {
    const blocks: Block[] = [
      { kind: 'heading', text: 'Generation 1' },
      p(
        { text: 'John Henry Whitfield', person: { id: 'p1', surname: 'Whitfield', given: 'John Henry' } },
        { text: ' was born at ' },
        { text: 'Raleigh', place: 'Raleigh, Wake, North Carolina', note: 3 },
        { text: '; the ' },
        { text: 'Bible', italic: true },
        { text: ' says *1857*.', note: 4 },
      ),
      { kind: 'chart', title: 'Pedigree', svg: '<svg/>' },
    ];
    const text = blocksToText(blocks);
    expect(text).toBe(
      '## Generation 1\n\nJohn Henry Whitfield was born at Raleigh[^3]; the *Bible* says \\*1857\\*.[^4]',
    );
    expect(textToBlocks(text)).toEqual([
      { kind: 'heading', text: 'Generation 1' },
      p(
        { text: 'John Henry Whitfield was born at Raleigh', note: 3 },
        { text: '; the ' },
        { text: 'Bible', italic: true },
        { text: ' says *1857*.', note: 4 },
      ),
    ]);
    expect(notesCited(blocks)).toEqual([3, 4]);
  });
});

describe('assembling the manuscript', () => {
  it('numbers notes through the book in order of first citation, one note per source within a note space', () => {
    const registerNotes = [note(1, 'Census.'), note(2, 'Bible.')];
    const reg = (blocks: Block[]): BookPart => ({ space: 'register', blocks, notes: registerNotes });
    const m = assembleManuscript({
      title: 'T',
      compiledAt: '2026-11-27T00:00:00.000Z',
      trim: '6x9',
      introduction: reg([p({ text: 'Intro', note: 2 })]),
      chapters: [
        {
          title: 'One',
          space: 'chapter-1-author',
          blocks: [p({ text: 'Mine', note: 1 }, { text: ' lost', note: 9 })],
          notes: [note(1, 'Letter.')],
        },
        { title: 'Two', label: 'Generation 2', ...reg([p({ text: 'Again', note: 2 }, { text: ' census', note: 1 })]) },
      ],
      conclusion: reg([]),
    });
    expect(m.notes).toEqual([
      { n: 1, text: 'Bible.', kind: 'source' },
      { n: 2, text: 'Letter.', kind: 'source' },
      { n: 3, text: 'Census.', kind: 'source' },
    ]);
    expect(m.introduction).toEqual([p({ text: 'Intro', note: 1 })]);
    // A marker pointing at no note is dropped, its words kept.
    expect(m.chapters[0]).toEqual({ title: 'One', blocks: [p({ text: 'Mine', note: 2 }, { text: ' lost' })] });
    expect(m.chapters[1]).toEqual({
      title: 'Two',
      label: 'Generation 2',
      blocks: [p({ text: 'Again', note: 1 }, { text: ' census', note: 3 })],
    });
  });
});

describe('which text each chapter takes', () => {
  const register: RegisterText = {
    introduction: [],
    chapters: [
      { title: 'The First Generation', label: 'Generation 1', blocks: [p({ text: 'Reg one', note: 1 })] },
      { title: 'The Second Generation', label: 'Generation 2', blocks: [p({ text: 'Reg two', note: 2 })] },
      { title: 'The Third Generation', blocks: [p({ text: 'Reg three' })] },
    ],
    conclusion: [],
    notes: [note(1), note(2)],
  };
  const row = (n: number, over: Partial<StoredChapter> = {}): StoredChapter => ({
    n,
    title: `Outline ${n}`,
    label: null,
    status: 'empty',
    source: null,
    text: null,
    notes: [],
    marks: [],
    ...over,
  });

  it("keeps the model's and the author's texts, and gives the register the rest under the outline's titles", () => {
    const plan = planChapters(
      [
        row(1, { source: 'model', status: 'written', text: 'Model one' }),
        row(2),
        row(4, { source: 'register', text: 'old' }),
      ],
      register,
    );
    expect(plan.parts.map((c) => [c.n, c.title, c.space])).toEqual([
      [1, 'Outline 1', 'chapter-1-model'],
      [2, 'Outline 2', 'register'],
      [3, 'The Third Generation', 'register'],
    ]);
    expect(plan.writes).toEqual([
      {
        n: 2,
        title: 'Outline 2',
        label: 'Generation 2',
        status: 'written',
        source: 'register',
        text: 'Reg two[^2]',
        notes: [note(2)],
        marks: [],
      },
      {
        n: 3,
        title: 'The Third Generation',
        label: null,
        status: 'written',
        source: 'register',
        text: 'Reg three',
        notes: [],
        marks: [],
      },
      // The register has no fourth chapter any more: its old text goes.
      { ...row(4), source: null, status: 'empty', text: null, notes: [], marks: [] },
    ]);
  });

  it("lays a register chapter's names and places again on the author's edit of it, and keeps its pictures", () => {
    const john = { id: 'p1', surname: 'Whitfield', given: 'John' };
    const chart: Block = { kind: 'chart', title: 'Pedigree', svg: '<svg/>' };
    const withNames: RegisterText = {
      ...register,
      chapters: [
        {
          title: 'One',
          blocks: [
            p({ text: 'John Whitfield', person: john }, { text: ' of ' }, { text: 'Raleigh', place: 'Raleigh, Wake' }),
            chart,
          ],
        },
      ],
    };
    const first = planChapters([], withNames).writes[0]!;
    expect(first.marks).toEqual([
      { text: 'John Whitfield', person: john },
      { text: 'Raleigh', place: 'Raleigh, Wake' },
    ]);
    const edit = {
      ...first,
      source: 'author' as const,
      status: 'edited' as const,
      text: 'Later John Whitfield left Raleigh.[^1] Raleighs no.',
    };
    expect(planChapters([edit], withNames).parts[0]!.blocks).toEqual([
      p(
        { text: 'Later ' },
        { text: 'John Whitfield', person: john },
        { text: ' left ' },
        { text: 'Raleigh', place: 'Raleigh, Wake' },
        { text: '.', note: 1 },
        { text: ' Raleighs no.' },
      ),
      chart,
    ]);
  });

  it('gives a book without an outline one chapter per register chapter', () => {
    const plan = planChapters([], register);
    expect(plan.parts.map((c) => c.title)).toEqual([
      'The First Generation',
      'The Second Generation',
      'The Third Generation',
    ]);
  });
});

describe('the stored manuscript', () => {
  it('keeps photo bytes through JSON', () => {
    const image = new Uint8Array([0xff, 0xd8, 0, 1, 2, 255]);
    const m = assembleManuscript({
      title: 'T',
      compiledAt: '2026-11-27T00:00:00.000Z',
      trim: 'letter',
      introduction: { space: 'r', notes: [], blocks: [] },
      chapters: [
        {
          title: 'One',
          space: 'r',
          notes: [],
          blocks: [{ kind: 'photo', image, mime: 'image/jpeg', width: 2, height: 1, caption: [{ text: 'John' }] }],
        },
      ],
      conclusion: { space: 'r', notes: [], blocks: [] },
    });
    const back = decodeManuscript(encodeManuscript(m));
    expect(back).toEqual(m);
    expect((back.chapters[0]!.blocks[0] as { image: Uint8Array }).image).toBeInstanceOf(Uint8Array);
  });
});
