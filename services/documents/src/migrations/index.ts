import { outboxMigration } from '@gnology/platform/events/outbox';
import type { Migration } from 'kysely';
import { documentsMigration } from './0001_documents';
import { facesMigration } from './0002_faces';
import { journalMigration } from './0010_journal';
import { ocrSettingsMigration } from './0011_ocr_settings';
import { extractorVersionMigration } from './0012_extractor_version';
import { handwritingMigration } from './0013_handwriting';
import { librarySearchMigration } from './0014_library_search';
import { peopleIndexMigration } from './0016_people_index';
import { extractionNoteMigration } from './0017_extraction_note';
import { workLimitsMigration } from './0018_work_limits';
import { tagEditsMigration } from './0019_tag_edits';
import { personDetailsMigration } from './0015_person_details';
import { peopleImportsMigration } from './0020_people_imports';
import { peopleHintsMigration } from './0021_people_hints';

/** The documents schema's migrations, applied in key order by kysely's Migrator at start. */
export const migrations: Record<string, Migration> = {
  '0000_outbox': outboxMigration,
  '0001_documents': documentsMigration,
  '0002_faces': facesMigration,
  '0010_journal': journalMigration,
  '0011_ocr_settings': ocrSettingsMigration,
  '0012_extractor_version': extractorVersionMigration,
  '0013_handwriting': handwritingMigration,
  '0014_library_search': librarySearchMigration,
  '0015_person_details': personDetailsMigration,
  '0016_people_index': peopleIndexMigration,
  '0017_extraction_note': extractionNoteMigration,
  '0018_work_limits': workLimitsMigration,
  '0019_tag_edits': tagEditsMigration,
  '0020_people_imports': peopleImportsMigration,
  '0021_people_hints': peopleHintsMigration,
};
