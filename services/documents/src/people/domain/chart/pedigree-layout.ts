import { type ChartGraph, orderParents } from './graph';
import { BOX, type ChartBox, type ChartLayout, type ChartLine, chartTitle, personBox } from './layout-types';
import type { Measure } from './text-fit';

const GAP_X = 48;
const ROW = BOX.h + 14;
const MARGIN = 24;

/**
 * Ancestors left to right: the person, then parents, grandparents... one column a generation.
 * A person with no parents drawn takes the next free row; anyone else sits halfway between their
 * parents, so no two boxes of a column overlap and the chart is as short as the known tree
 * allows. Someone met a second time (pedigree collapse, or a loop in bad data) is drawn again,
 * marked, and not followed: the walk always ends.
 */
export function pedigreeLayout(graph: ChartGraph, rootId: string, generations: number, measure: Measure): ChartLayout {
  const boxes: ChartBox[] = [];
  const lines: ChartLine[] = [];
  const seen = new Set<string>();
  let rows = 0;
  let columns = 1;
  const x = (g: number) => MARGIN + g * (BOX.w + GAP_X);

  const place = (id: string, g: number, key: string): number => {
    const person = graph.people.get(id)!;
    const repeated = seen.has(id);
    seen.add(id);
    columns = Math.max(columns, g + 1);
    const parents =
      repeated || g + 1 >= generations
        ? []
        : orderParents(graph.parents.get(id) ?? [], graph.people).filter((p) => graph.people.has(p));
    const parentYs = parents.map((p, i) => place(p, g + 1, `${key}.${i}`));
    let cy: number;
    if (parentYs.length === 0) cy = MARGIN + rows++ * ROW + BOX.h / 2;
    else cy = (Math.min(...parentYs) + Math.max(...parentYs)) / 2;
    const top = cy - BOX.h / 2;
    boxes.push(personBox(person, { key, x: x(g), y: top, generation: g }, { repeated, spouse: false }, measure));
    const elbow = x(g) + BOX.w + GAP_X / 2;
    for (const py of parentYs)
      lines.push({
        points: [
          [x(g) + BOX.w, cy],
          [elbow, cy],
          [elbow, py],
          [x(g + 1), py],
        ],
      });
    return cy;
  };

  const root = graph.people.get(rootId)!;
  place(rootId, 0, 'p');
  return {
    kind: 'pedigree',
    generations,
    title: chartTitle('pedigree', root, generations),
    width: 2 * MARGIN + columns * BOX.w + (columns - 1) * GAP_X,
    height: 2 * MARGIN + rows * ROW - (ROW - BOX.h),
    cx: 0,
    cy: 0,
    boxes,
    wedges: [],
    lines,
  };
}
