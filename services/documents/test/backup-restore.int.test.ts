// The backup and restore procedure of docs/ops/backup-restore.md, run as written: pg_dump of the
// database and scripts/ops/objects.ts of the bucket; the database is dropped and the bucket
// emptied; both restored; a fresh documents service on the restored pair still opens the
// user's document and its file, byte for byte.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DocumentRecord } from '@gnology/contracts';
import { requireInfra, withDatabase } from '@gnology/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupObjects, restoreObjects } from '../../../scripts/ops/objects';
import { textPdf } from './fixtures/generate';
import { BIRTH } from './fixtures/texts';
import { multipart } from './helpers/multipart';
import { type DocumentsHarness, startDocuments } from './helpers/service';
import { waitProcessed } from './helpers/wait';

const run = promisify(execFile);

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: requireInfra('DATABASE_URL') });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe('backup and restore of the database and the object storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gn-backup-'));
  const dbName = `gn_restore_${Date.now().toString(36)}`;
  const dbUrl = withDatabase(requireInfra('DATABASE_URL'), dbName);
  const bucket = `t-restore-${Date.now().toString(36)}`;
  let before: DocumentsHarness | undefined;
  let after: DocumentsHarness | undefined;

  beforeAll(async () => {
    await admin(`create database "${dbName}"`);
    await run('psql', [
      dbUrl,
      '-qc',
      'create extension if not exists pg_trgm; create extension if not exists unaccent; create extension if not exists btree_gin;',
    ]);
  });
  afterAll(async () => {
    await before?.close().catch(() => {});
    await after?.close();
    await admin(`drop database if exists "${dbName}" with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a user’s document still opens after the database is dropped and both are restored', async () => {
    const env = { DATABASE_URL: dbUrl, S3_BUCKET: bucket };
    before = await startDocuments({ env });
    await before.startWorker();
    const alice = await before.token('alice');
    const pdf = await textPdf([BIRTH]);
    const form = multipart('birth.pdf', pdf);
    const uploaded = await before.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${alice}` },
    });
    const doc: DocumentRecord = await waitProcessed(before.app, alice, uploaded.json()._id);
    expect(doc.processingStatus).toBe('completed');

    // Backup: the commands of docs/ops/backup-restore.md.
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${path.join(dir, 'gnology.pgdump')}`, dbUrl]);
    const manifest = await backupObjects(before.deps.storage, dir);
    expect(manifest.objects.length).toBeGreaterThan(0);

    // Disaster: every object deleted, the database dropped.
    for (const o of manifest.objects) await before.deps.storage.delete(o.key);
    expect(await before.deps.storage.list('')).toEqual([]);
    await before.close();
    before = undefined;
    await admin(`drop database "${dbName}" with (force)`);

    // Restore: an empty database, pg_restore, the objects back.
    await admin(`create database "${dbName}"`);
    await run('pg_restore', ['--no-owner', `--dbname=${dbUrl}`, path.join(dir, 'gnology.pgdump')]);
    after = await startDocuments({ env });
    expect(await restoreObjects(dir, after.deps.storage)).toBe(manifest.objects.length);

    const token = await after.token('alice');
    const reopened = await after.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ _id: doc._id, originalName: 'birth.pdf', processingStatus: 'completed' });
    const file = await after.app.inject({
      method: 'GET',
      url: `/api/documents/${doc._id}/view`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, Buffer.from(pdf))).toBe(0);
  });
});
