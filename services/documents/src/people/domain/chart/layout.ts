import { CHART_MAX_GENERATIONS, CHART_MIN_GENERATIONS } from '@gnology/contracts';
import { descendantsLayout } from './descendants-layout';
import { fanLayout } from './fan-layout';
import type { ChartGraph, ChartKind } from './graph';
import type { ChartLayout } from './layout-types';
import { pedigreeLayout } from './pedigree-layout';
import { estimateWidth, type Measure } from './text-fit';

export type { ChartBox, ChartLayout, ChartLine, ChartWedge, Label, LabelLine } from './layout-types';

/**
 * The chart of one person (issue 32): positioned boxes, wedges and connectors, no drawing. Pure:
 * the same graph gives the same layout. `generations` counts the person's own as the first.
 */
export function chartLayout(
  kind: ChartKind,
  graph: ChartGraph,
  rootId: string,
  generations: number,
  measure: Measure = estimateWidth,
): ChartLayout {
  if (!graph.people.has(rootId)) throw new Error('The chart’s person is not in the graph');
  const g = Math.min(CHART_MAX_GENERATIONS, Math.max(CHART_MIN_GENERATIONS, Math.trunc(generations)));
  const layout =
    kind === 'pedigree'
      ? pedigreeLayout(graph, rootId, g, measure)
      : kind === 'descendants'
        ? descendantsLayout(graph, rootId, g, measure)
        : fanLayout(graph, rootId, g, measure);
  return withRepeatNote(layout, measure);
}

export const REPEAT_NOTE = 'Dashed: shown a second time (the same person through two lines).';
const NOTE_SIZE = 11;

/** When someone is drawn twice, a line under the chart (on screen and on paper) says what the dashes mean. */
function withRepeatNote(layout: ChartLayout, measure: Measure): ChartLayout {
  if (![...layout.boxes, ...layout.wedges].some((shape) => shape.repeated)) return layout;
  const width = measure(REPEAT_NOTE, NOTE_SIZE);
  const y = layout.height + 4;
  return {
    ...layout,
    width: Math.max(layout.width, width + 48),
    height: layout.height + 28,
    note: {
      x: 24 + width / 2,
      y,
      rotate: 0,
      lines: [{ text: REPEAT_NOTE, size: NOTE_SIZE, bold: false, dy: 4 }],
      shortened: false,
    },
  };
}
