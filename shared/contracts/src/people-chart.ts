import { z } from 'zod';

/*
 * Family charts (issue 32; decision 0229): GET /api/people/:id/chart draws one person's ancestors
 * (pedigree, fan) or descendants as a printable SVG or PDF. `generations` counts the person's own.
 */

export const ChartKind = z.enum(['pedigree', 'descendants', 'fan'], {
  message: 'kind must be pedigree, descendants or fan',
});
export type ChartKind = z.infer<typeof ChartKind>;

export const ChartFormat = z.enum(['svg', 'pdf'], { message: 'format must be svg or pdf' });
export type ChartFormat = z.infer<typeof ChartFormat>;

export const ChartPaper = z.enum(['a4', 'letter'], { message: 'paper must be a4 or letter' });
export type ChartPaper = z.infer<typeof ChartPaper>;

export const CHART_MIN_GENERATIONS = 2;
export const CHART_MAX_GENERATIONS = 8;
const GENERATIONS_MESSAGE = `generations must be a whole number from ${CHART_MIN_GENERATIONS} to ${CHART_MAX_GENERATIONS}`;

/** GET /api/people/:id/chart?kind=&generations=&format=&paper= */
export const ChartQuery = z.object({
  kind: ChartKind.default('pedigree'),
  generations: z.coerce
    .number({ message: GENERATIONS_MESSAGE })
    .int({ message: GENERATIONS_MESSAGE })
    .min(CHART_MIN_GENERATIONS, { message: GENERATIONS_MESSAGE })
    .max(CHART_MAX_GENERATIONS, { message: GENERATIONS_MESSAGE })
    .default(4),
  format: ChartFormat.default('svg'),
  /** The PDF's sheet, landscape (ignored for SVG). */
  paper: ChartPaper.default('a4'),
});
export type ChartQuery = z.infer<typeof ChartQuery>;
