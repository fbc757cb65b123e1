import type { ChartFormat, ChartKind } from '@gnology/contracts';
import { apiBlob, saveBlob } from '../../lib/api';
import { PEOPLE_KEY } from './peopleApi';

/* Family charts (issue 32): GET /api/people/:id/chart, drawn by the documents service. */

export const chartKey = (id: string, kind: ChartKind, generations: number) =>
  [...PEOPLE_KEY, 'chart', id, kind, generations] as const;

const chartPath = (id: string, kind: ChartKind, generations: number, format: ChartFormat) =>
  `/api/people/${encodeURIComponent(id)}/chart?kind=${kind}&generations=${generations}&format=${format}`;

/** The chart's SVG as text, to be shown in the page (it needs the bearer header, so it is fetched, not linked). */
export async function fetchChartSvg(id: string, kind: ChartKind, generations: number): Promise<string> {
  return (await apiBlob(chartPath(id, kind, generations, 'svg'))).text();
}

/** Saves the chart as the service names it: "<name> <kind> (<n> generations).svg|pdf". */
export async function downloadChart(
  id: string,
  name: string,
  kind: ChartKind,
  generations: number,
  format: ChartFormat,
): Promise<void> {
  const blob = await apiBlob(chartPath(id, kind, generations, format));
  saveBlob(blob, `${name} ${kind} (${generations} generations).${format}`);
}
