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
  if (kind === 'pedigree') return pedigreeLayout(graph, rootId, g, measure);
  if (kind === 'descendants') return descendantsLayout(graph, rootId, g, measure);
  return fanLayout(graph, rootId, g, measure);
}
