import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { ImportRecord } from '@gnology/contracts';
import { NotGedcomError, readGedcomTree } from '@gnology/genealogy/gedcom';
import { badRequest, notFound } from '@gnology/platform/http/errors';
import type { DocumentsDeps } from '../../context';
import { sniffTreeFile, TreeFileError } from '../domain/gedcom-file';
import { gedcomOfGedzip } from '../../library/jobs/parsers/gedzip';
import {
  GEDCOM_IMPORT_ATTEMPTS,
  GEDCOM_IMPORT_JOB,
  IMPORT_QUEUE,
  type GedcomImportJob,
} from '../jobs/gedcom-import-job';
import {
  deleteImport,
  getImport,
  getImportForJob,
  insertImport,
  listImports,
  markImportFailed,
  markImportRunning,
  writeTree,
} from '../store/tree-import-store';
import type { ImportRow } from '../store/tree-schema';
import { refreshAllHints } from './refresh-hints';

/*
 * GEDCOM import (issue 32, decisions 0222–0224): the API role checks the file by its content,
 * stores it and enqueues a job; the worker reads it into the tree tables in one transaction; undo
 * deletes the import and everything it brought. The import row is the durable record the user
 * polls: queued → running → completed | failed, with a readable error.
 */

const importKey = (ownerId: string, id: string, kind: 'gedcom' | 'gedzip') =>
  `imports/${ownerId}/${id}/original.${kind === 'gedzip' ? 'gdz' : 'ged'}`;

const UNEXPECTED = 'The import failed unexpectedly. Please try again; if it fails again, the file may be damaged.';

export function presentImport(row: ImportRow): ImportRecord {
  return {
    importId: row.id,
    fileName: row.file_name,
    status: row.status,
    individuals: row.individuals,
    families: row.families,
    sources: row.sources,
    warnings: row.warnings,
    ...(row.error ? { error: row.error } : {}),
    version: row.version,
    createdAt: row.created_at.toISOString(),
  };
}

/** Checks, stores and enqueues an uploaded tree file; a file that is not GEDCOM is refused (400). */
export async function acceptTreeFile(
  deps: Pick<DocumentsDeps, 'database' | 'storage' | 'queue' | 'logger'>,
  input: { ownerId: string; fileName: string; bytes: Buffer; requestId?: string },
): Promise<string> {
  const sniffed = await sniffTreeFile(input.bytes);
  if ('refused' in sniffed) throw badRequest(sniffed.refused);
  const id = randomUUID();
  const key = importKey(input.ownerId, id, sniffed.kind);
  await deps.storage.put(key, input.bytes, { contentType: 'application/octet-stream', size: input.bytes.length });
  try {
    await insertImport(deps.database.db, { id, ownerId: input.ownerId, fileName: input.fileName, storageKey: key });
  } catch (err) {
    await deps.storage.delete(key).catch(() => {});
    throw err;
  }
  await deps.queue
    .enqueue<GedcomImportJob>(
      IMPORT_QUEUE,
      GEDCOM_IMPORT_JOB,
      { importId: id },
      { jobId: `gedcom-import-${id}`, attempts: GEDCOM_IMPORT_ATTEMPTS, backoffMs: 2_000, requestId: input.requestId },
    )
    .catch(async (err) => {
      await markImportFailed(deps.database.db, id, UNEXPECTED);
      throw err;
    });
  return id;
}

/** The user's imports, newest first, as the API shows them. */
export async function listTreeImports(deps: Pick<DocumentsDeps, 'database'>, ownerId: string): Promise<ImportRecord[]> {
  return (await listImports(deps.database.db, ownerId)).map(presentImport);
}

export async function readImport(deps: Pick<DocumentsDeps, 'database'>, ownerId: string, id: string) {
  const row = await getImport(deps.database.db, ownerId, id);
  if (!row) throw notFound('Import not found');
  return presentImport(row);
}

/** Undoes an import as a whole: its people, families and sources, and the stored file if still there. */
export async function undoImport(
  deps: Pick<DocumentsDeps, 'database' | 'storage' | 'logger'>,
  ownerId: string,
  id: string,
) {
  const row = await deleteImport(deps.database.db, ownerId, id);
  if (!row) throw notFound('Import not found');
  if (row.storage_key)
    await deps.storage
      .delete(row.storage_key)
      .catch((err) => deps.logger.warn({ err, importId: id }, 'could not delete an undone import file'));
}

/** The worker's part: reads the stored file into the tree tables; a file that cannot be read fails with a message. */
export async function runGedcomImport(
  deps: Pick<DocumentsDeps, 'database' | 'storage' | 'logger'>,
  importId: string,
  attempt: number,
): Promise<{ individuals: number; families: number; sources: number } | { skipped: string }> {
  const db = deps.database.db;
  const row = await getImportForJob(db, importId);
  if (!row) return { skipped: 'undone' };
  if (row.status === 'completed' || row.status === 'failed' || !row.storage_key) return { skipped: row.status };
  await markImportRunning(db, importId);
  const key = row.storage_key;
  try {
    let bytes: Buffer = await buffer(await deps.storage.get(key));
    if (key.endsWith('.gdz')) bytes = await gedcomOfGedzip(bytes);
    const started = performance.now();
    const tree = readGedcomTree(bytes);
    // The user's documents are matched to the new tree in the same transaction (issue 32, decision
    // 0227): the import is completed with its hints, never before them.
    const counts = await writeTree(db, { id: importId, ownerId: row.owner_id }, tree, async (trx) => {
      const hints = await refreshAllHints(trx, row.owner_id);
      deps.logger.info({ importId, ...hints }, 'hints computed for the imported tree');
    });
    deps.logger.info(
      { importId, ...counts, ms: Math.round(performance.now() - started), version: tree.version },
      'GEDCOM import completed',
    );
    await deps.storage.delete(key).catch(() => {});
    return counts;
  } catch (err) {
    if (err instanceof NotGedcomError || err instanceof TreeFileError) {
      await markImportFailed(db, importId, err.message);
      await deps.storage.delete(key).catch(() => {});
      return { skipped: 'failed' };
    }
    deps.logger.error({ err, importId, attempt }, 'GEDCOM import failed');
    if (attempt >= GEDCOM_IMPORT_ATTEMPTS) await markImportFailed(db, importId, UNEXPECTED);
    throw err;
  }
}
