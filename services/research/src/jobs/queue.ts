/** The research service's queue and its jobs: chapter and book generations, and book compiles. */
export const RESEARCH_QUEUE = 'research';
export const GENERATE_JOB = 'generate';

export interface GenerateJobData {
  generationId: string;
}

/** A book's compile (issue 33): material, register narrative, manuscript (decision 0233). */
export const COMPILE_BOOK_JOB = 'compile-book';
/** Tries of a compile; each starts over from the book's rows, so a retry after a worker kill finishes it. */
export const COMPILE_BOOK_ATTEMPTS = 4;

export interface CompileBookJobData {
  bookId: string;
  /** The compile's number on the book (`compile_count`): a job of an older compile does nothing. */
  run: number;
}
