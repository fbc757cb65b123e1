/**
 * Surnames that are the same family name in another language or spelling tradition, where
 * trigram similarity fails (Schmidt/Smith score 0.08). The list lives in shared/contracts
 * (library-search.ts) since library search (decision 0170) expands questions with the same groups.
 */
export { SURNAME_EQUIVALENTS } from '@gnology/contracts';
