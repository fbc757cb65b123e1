/**
 * The sweep moved to use-cases/sweep.ts (it orchestrates; the store only persists). This
 * re-export stays for services/research/test/cost-limits.int.test.ts, which imports it from
 * here and belongs to the research service's engineers; remove it once that import moves.
 */
export { sweep } from '../use-cases/sweep';
