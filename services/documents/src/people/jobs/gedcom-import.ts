import { defineJob, type JobDefinition } from '@gnology/platform/jobs/registry';
import type { DocumentsDeps } from '../../context';
import { runGedcomImport } from '../use-cases/import-gedcom';
import { GEDCOM_IMPORT_JOB, type GedcomImportJob, IMPORT_QUEUE } from './gedcom-import-job';

/** Reads an uploaded GEDCOM file into the user's tree (use-cases/gedcom-import.ts); one at a time per worker. */
export function gedcomImportJob(deps: Pick<DocumentsDeps, 'database' | 'storage' | 'logger'>): JobDefinition {
  return defineJob<GedcomImportJob>({
    queue: IMPORT_QUEUE,
    name: GEDCOM_IMPORT_JOB,
    concurrency: 1,
    handler: (job) => runGedcomImport(deps, job.data.importId, job.attempt),
  });
}
