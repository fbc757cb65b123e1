import { describe, expect, it } from 'vitest';
import type { ChartGraph, ChartPerson, ChartUnion } from '../src/people/domain/chart/graph';
import { type ChartBox, chartLayout } from '../src/people/domain/chart/layout';
import { renderSvg } from '../src/people/domain/chart/render-svg';

/** A graph from short lists: people by id, each child's parents, each person's unions. */
function graph(
  people: (Partial<ChartPerson> & { id: string })[],
  parents: Record<string, string[]> = {},
  unions: Record<string, ChartUnion[]> = {},
): ChartGraph {
  return {
    people: new Map(
      people.map((p) => [
        p.id,
        { name: p.id, sex: 'U', birthYear: null, deathYear: null, place: null, ...p } satisfies ChartPerson,
      ]),
    ),
    parents: new Map(Object.entries(parents)),
    unions: new Map(Object.entries(unions)),
  };
}

/** A full ancestry: person n's parents are 2n (father) and 2n+1 (mother), to `generations`. */
function fullAncestry(generations: number): ChartGraph {
  const people: ChartPerson[] = [];
  const parents: Record<string, string[]> = {};
  for (let n = 1; n < 2 ** generations; n++) {
    people.push({
      id: `a${n}`,
      name: `Person Number${n} Ancestor`,
      sex: n === 1 ? 'U' : n % 2 ? 'F' : 'M',
      birthYear: 2000 - 25 * Math.floor(Math.log2(n)),
      deathYear: null,
      place: 'Springfield',
    });
    if (2 * n < 2 ** generations) parents[`a${n}`] = [`a${2 * n + 1}`, `a${2 * n}`]; // mother first: the layout orders them
  }
  return graph(people, parents);
}

const overlap = (a: ChartBox, b: ChartBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
function expectNoOverlap(boxes: ChartBox[]) {
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      expect(overlap(boxes[i]!, boxes[j]!), `${boxes[i]!.key} and ${boxes[j]!.key} overlap`).toBe(false);
}
const boxOf = (boxes: ChartBox[], id: string) => boxes.find((b) => b.person.id === id)!;

describe('pedigree layout', () => {
  it('places 4 generations left to right, father above mother, each person halfway between their parents, no overlaps', () => {
    const layout = chartLayout('pedigree', fullAncestry(4), 'a1', 4);
    expect(layout.boxes).toHaveLength(15);
    expectNoOverlap(layout.boxes);
    for (const b of layout.boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(layout.width);
      expect(b.y + b.h).toBeLessThanOrEqual(layout.height);
    }
    for (let n = 1; n < 8; n++) {
      const child = boxOf(layout.boxes, `a${n}`);
      const father = boxOf(layout.boxes, `a${2 * n}`);
      const mother = boxOf(layout.boxes, `a${2 * n + 1}`);
      expect(father.x).toBeGreaterThan(child.x);
      expect(father.x).toBe(mother.x);
      expect(father.y).toBeLessThan(mother.y);
      expect(child.y).toBeCloseTo((father.y + mother.y) / 2);
    }
    // One connector per parent drawn.
    expect(layout.lines).toHaveLength(14);
    expect(new Set(layout.boxes.map((b) => b.generation))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('stops at the generations asked for and packs a missing parent’s line', () => {
    const layout = chartLayout('pedigree', fullAncestry(6), 'a1', 3);
    expect(layout.boxes.map((b) => b.generation).sort()).toEqual([0, 1, 1, 2, 2, 2, 2]);
    // The father has no parents recorded: his box takes one row, the mother's line the rest.
    const g = graph(
      [{ id: 'me' }, { id: 'dad', sex: 'M' }, { id: 'mum', sex: 'F' }, { id: 'gm', sex: 'F' }, { id: 'gf', sex: 'M' }],
      {
        me: ['dad', 'mum'],
        mum: ['gf', 'gm'],
      },
    );
    const small = chartLayout('pedigree', g, 'me', 4);
    expectNoOverlap(small.boxes);
    expect(small.boxes).toHaveLength(5);
    expect(boxOf(small.boxes, 'dad').y).toBeLessThan(boxOf(small.boxes, 'mum').y);
  });

  it('draws 8 generations (255 people) without overlaps', () => {
    const layout = chartLayout('pedigree', fullAncestry(8), 'a1', 8);
    expect(layout.boxes).toHaveLength(255);
    expectNoOverlap(layout.boxes);
  });

  it('shows a pedigree collapse twice, marked, and ends on a loop in the data', () => {
    // Cousins married: the child's grandparents on both sides share a couple (gg1, gg2).
    const g = graph(
      [
        { id: 'child' },
        { id: 'dad', sex: 'M' },
        { id: 'mum', sex: 'F' },
        { id: 'dadsfather', sex: 'M' },
        { id: 'mumsmother', sex: 'F' },
        { id: 'gg1', sex: 'M' },
        { id: 'gg2', sex: 'F' },
      ],
      {
        child: ['dad', 'mum'],
        dad: ['dadsfather'],
        mum: ['mumsmother'],
        dadsfather: ['gg1', 'gg2'],
        mumsmother: ['gg1', 'gg2'],
      },
    );
    const layout = chartLayout('pedigree', g, 'child', 5);
    // A note under the chart says what a dashed box is (printed too): below every box.
    expect(layout.note?.lines[0]?.text).toBe('Dashed: shown a second time (the same person through two lines).');
    expect(layout.note!.y).toBeGreaterThan(Math.max(...layout.boxes.map((b) => b.y + b.h)));
    expect(layout.note!.y).toBeLessThan(layout.height);
    expect(chartLayout('pedigree', fullAncestry(3), 'a1', 3).note).toBeUndefined();
    const gg1 = layout.boxes.filter((b) => b.person.id === 'gg1');
    expect(gg1).toHaveLength(2);
    expect(gg1.map((b) => b.repeated)).toEqual([false, true]);
    expectNoOverlap(layout.boxes);

    // A loop (someone their own grandparent): the walk ends, the repeat is marked.
    const loop = graph(
      [
        { id: 'a', sex: 'M' },
        { id: 'b', sex: 'M' },
      ],
      { a: ['b'], b: ['a'] },
    );
    const looped = chartLayout('pedigree', loop, 'a', 8);
    expect(looped.boxes.map((b) => [b.person.id, b.repeated])).toEqual([
      ['a', true],
      ['b', false],
      ['a', false],
    ]);
  });
});

describe('fan layout', () => {
  it('splits each ring in two per parent across the semicircle, father’s line on the left, labels inside their wedges', () => {
    const layout = chartLayout('fan', fullAncestry(4), 'a1', 4);
    expect(layout.wedges).toHaveLength(15);
    for (let g = 1; g < 4; g++) {
      const ring = layout.wedges.filter((w) => w.generation === g).sort((a, b) => b.a0 - a.a0);
      expect(ring).toHaveLength(2 ** g);
      expect(ring[0]!.a0).toBeCloseTo(Math.PI);
      expect(ring.at(-1)!.a1).toBeCloseTo(0);
      for (let i = 1; i < ring.length; i++) expect(ring[i]!.a0).toBeCloseTo(ring[i - 1]!.a1);
      for (const w of ring) {
        const { x, y } = w.label!;
        const r = Math.hypot(x - layout.cx, layout.cy - y);
        const a = Math.atan2(layout.cy - y, x - layout.cx);
        expect(r).toBeGreaterThan(w.r0);
        expect(r).toBeLessThan(w.r1);
        expect(a).toBeLessThan(w.a0);
        expect(a).toBeGreaterThan(w.a1);
      }
    }
    const father = layout.wedges.find((w) => w.person?.id === 'a2')!;
    expect(father.a0).toBeCloseTo(Math.PI);
    expect(father.a1).toBeCloseTo(Math.PI / 2);
  });

  it('shortens a name that does not fit its wedge and keeps an empty outline for a missing parent', () => {
    const long = 'Wilhelmina Friederike Augusta Charlotte von Hohenzollern-Sigmaringen';
    const g = graph(
      [
        { id: 'me' },
        { id: 'dad', sex: 'M', name: long },
        { id: 'mum', sex: 'F' },
        { id: 'dadsdad', sex: 'M', name: long },
      ],
      { me: ['dad', 'mum'], dad: ['dadsdad'] },
    );
    const layout = chartLayout('fan', g, 'me', 8);
    const dadsdad = layout.wedges.find((w) => w.person?.id === 'dadsdad')!;
    expect(dadsdad.label!.shortened).toBe(true);
    expect(dadsdad.label!.lines[0]!.text).not.toBe(long);
    // The father's mother and both of the mother's parents: outlines, not people.
    const empty = layout.wedges.filter((w) => w.person === null);
    expect(empty.map((w) => w.key).sort()).toEqual(['f5', 'f6', 'f7', 'f8', 'f9']);
  });
});

describe('descendants layout', () => {
  it('sets two partners either side of the person, each partnership’s children under it, no overlaps', () => {
    const g = graph(
      [
        { id: 'thomas', sex: 'M' },
        { id: 'ann', sex: 'F' },
        { id: 'mary', sex: 'F' },
        { id: 'edith', sex: 'F' },
        { id: 'john', sex: 'M' },
        { id: 'ruth', sex: 'F' },
        { id: 'grandchild', sex: 'M' },
      ],
      {},
      {
        thomas: [
          { partner: 'ann', children: ['edith'] },
          { partner: 'mary', children: ['john', 'ruth'] },
        ],
        john: [{ partner: null, children: ['grandchild'] }],
      },
    );
    const layout = chartLayout('descendants', g, 'thomas', 4);
    expectNoOverlap(layout.boxes);
    const [ann, thomas, mary] = ['ann', 'thomas', 'mary'].map((id) => boxOf(layout.boxes, id));
    expect(ann!.y).toBe(thomas!.y);
    expect(ann!.x).toBeLessThan(thomas!.x);
    expect(mary!.x).toBeGreaterThan(thomas!.x);
    expect([ann!.spouse, thomas!.spouse, mary!.spouse]).toEqual([true, false, true]);
    const [edith, john, ruth, grandchild] = ['edith', 'john', 'ruth', 'grandchild'].map((id) =>
      boxOf(layout.boxes, id),
    );
    expect(edith!.y).toBeGreaterThan(thomas!.y);
    expect(edith!.x).toBeLessThan(john!.x);
    expect(john!.x).toBeLessThan(ruth!.x);
    expect(grandchild!.y).toBeGreaterThan(john!.y);
    for (const b of layout.boxes) expect(b.x + b.w).toBeLessThanOrEqual(layout.width);
  });

  it('ends on a loop and marks the person met again', () => {
    const g = graph(
      [{ id: 'a' }, { id: 'b' }],
      {},
      { a: [{ partner: null, children: ['b'] }], b: [{ partner: null, children: ['a'] }] },
    );
    const layout = chartLayout('descendants', g, 'a', 8);
    expect(layout.boxes.map((b) => [b.person.id, b.repeated])).toEqual([
      ['a', true],
      ['b', false],
      ['a', false],
    ]);
  });
});

describe('chart SVG', () => {
  it('escapes names, has a viewBox and a title, and links each person to their page', () => {
    const g = graph(
      [
        { id: 'me', name: 'Tom <script>alert("x")</script> & Co' },
        { id: 'dad', sex: 'M' },
      ],
      { me: ['dad'] },
    );
    const svg = renderSvg(chartLayout('pedigree', g, 'me', 2), { href: (id) => `/people/${id}` });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('Tom &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 [\d.]+ [\d.]+"/);
    expect(svg).toContain('<title id="chart-title">Pedigree of Tom');
    expect(svg).toContain('href="/people/dad"');
    // The note on repeats, when there are any.
    const loop = graph(
      [
        { id: 'a', sex: 'M' },
        { id: 'b', sex: 'M' },
      ],
      { a: ['b'], b: ['a'] },
    );
    expect(renderSvg(chartLayout('pedigree', loop, 'a', 4))).toContain('>Dashed: shown a second time');
    expect(svg).not.toContain('Dashed:');
  });
});
