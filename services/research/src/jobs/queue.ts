/** The research service's queue and its one job: a chapter or book generation. */
export const RESEARCH_QUEUE = 'research';
export const GENERATE_JOB = 'generate';

export interface GenerateJobData {
  generationId: string;
}
