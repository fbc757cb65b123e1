/** The GEDCOM import's queue and job (issue 32): a queue of its own, so an import never waits behind maintenance. */
export const IMPORT_QUEUE = 'documents.import';
export const GEDCOM_IMPORT_JOB = 'gedcom-import';
export const GEDCOM_IMPORT_ATTEMPTS = 2;

export interface GedcomImportJob {
  importId: string;
}
