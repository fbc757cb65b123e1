import type { ChartGraph, ChartPerson } from './graph';
import { BOX, type ChartBox, type ChartLayout, type ChartLine, chartTitle, personBox } from './layout-types';
import type { Measure } from './text-fit';

const GAP_X = 28;
const SPOUSE_GAP = 16;
const GAP_Y = 56;
const MARGIN = 24;

/**
 * Descendants top down: the person with their partners beside them (one partner on the right; with
 * two or more, the first on the left and the others on the right), and under each partnership its
 * children, each child with their own partners and children. Subtrees take the next free stretch
 * of width; a parent is centred over their children (the children shift right when the parents are
 * wider). Someone met again (cousins who married, a loop in bad data) is drawn, marked, and not
 * followed.
 */
export function descendantsLayout(
  graph: ChartGraph,
  rootId: string,
  generations: number,
  measure: Measure,
): ChartLayout {
  const boxes: ChartBox[] = [];
  const lines: ChartLine[] = [];
  const seen = new Set<string>();
  let cursor = MARGIN;
  let rowsUsed = 1;
  const rowY = (g: number) => MARGIN + g * (BOX.h + GAP_Y);

  const box = (person: ChartPerson, key: string, x: number, g: number, repeated: boolean, spouse: boolean) => {
    const b = personBox(person, { key, x, y: rowY(g), generation: g }, { repeated, spouse }, measure);
    boxes.push(b);
    return b;
  };

  const shift = (fromBox: number, fromLine: number, dx: number) => {
    for (const b of boxes.slice(fromBox)) {
      b.x += dx;
      b.label.x += dx;
    }
    for (const l of lines.slice(fromLine)) l.points = l.points.map(([px, py]) => [px + dx, py] as const);
  };

  /** Places the person's subtree from `cursor`; answers the person's box. */
  const place = (id: string, g: number, key: string): ChartBox => {
    const person = graph.people.get(id)!;
    const repeated = seen.has(id);
    seen.add(id);
    rowsUsed = Math.max(rowsUsed, g + 1);
    const unions = repeated ? [] : (graph.unions.get(id) ?? []);
    const partners = unions.map((u) => (u.partner && graph.people.has(u.partner) ? u.partner : null));
    const shownPartners = partners.filter((p): p is string => p !== null);
    for (const p of shownPartners) seen.add(p);
    const start = cursor;
    const firstBox = boxes.length;
    const firstLine = lines.length;

    // Children first, union by union, each union's children a run of subtrees.
    const groups = unions.map((u, k) => {
      if (g + 1 >= generations) return [];
      return u.children.filter((c) => graph.people.has(c)).map((c, i) => place(c, g + 1, `${key}.${k}.${i}`));
    });
    const kids = groups.flat();
    const unitWidth = (1 + shownPartners.length) * BOX.w + shownPartners.length * SPOUSE_GAP;
    let left = kids.length === 0 ? start : (kids[0]!.x + kids.at(-1)!.x + BOX.w) / 2 - unitWidth / 2;
    if (left < start) {
      shift(firstBox, firstLine, start - left);
      cursor += start - left;
      left = start;
    }
    // The unit: [first partner] person [other partners] with two or more partners, else person [partner].
    const order =
      shownPartners.length >= 2 ? [shownPartners[0]!, id, ...shownPartners.slice(1)] : [id, ...shownPartners];
    const placed = new Map<string, ChartBox>();
    order.forEach((pid, i) => {
      const x = left + i * (BOX.w + SPOUSE_GAP);
      placed.set(
        pid,
        pid === id
          ? box(person, key, x, g, repeated, false)
          : box(graph.people.get(pid)!, `${key}.s${i}`, x, g, false, true),
      );
    });
    const self = placed.get(id)!;
    const midY = self.y + BOX.h / 2;
    for (const p of shownPartners) {
      const other = placed.get(p)!;
      const [a, b] = other.x < self.x ? [other, self] : [self, other];
      if (b.x - a.x === BOX.w + SPOUSE_GAP)
        lines.push({
          points: [
            [a.x + BOX.w, midY],
            [b.x, midY],
          ],
        });
    }
    // Each union's children hang from the partner's box (the person's own when the partner is unknown).
    groups.forEach((children, k) => {
      if (children.length === 0) return;
      const from = placed.get(partners[k] ?? id) ?? self;
      const ax = from.x + BOX.w / 2;
      const bar = self.y + BOX.h + GAP_Y / 2 + (k - (groups.length - 1) / 2) * 6;
      const xs = children.map((c) => c.x + BOX.w / 2);
      lines.push({
        points: [
          [ax, self.y + BOX.h],
          [ax, bar],
        ],
      });
      lines.push({
        points: [
          [Math.min(ax, ...xs), bar],
          [Math.max(ax, ...xs), bar],
        ],
      });
      for (const cx of xs)
        lines.push({
          points: [
            [cx, bar],
            [cx, rowY(g + 1)],
          ],
        });
    });
    cursor = Math.max(cursor, left + unitWidth + GAP_X);
    return self;
  };

  const root = graph.people.get(rootId)!;
  place(rootId, 0, 'd');
  return {
    kind: 'descendants',
    generations,
    title: chartTitle('descendants', root, generations),
    width: cursor - GAP_X + MARGIN,
    height: 2 * MARGIN + rowsUsed * BOX.h + (rowsUsed - 1) * GAP_Y,
    cx: 0,
    cy: 0,
    boxes,
    wedges: [],
    lines,
  };
}
