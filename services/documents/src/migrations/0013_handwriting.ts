import type { Kysely, Migration } from 'kysely';

/**
 * Handwriting (issue 14, decision 0155): a page OCR read with low confidence may be transcribed
 * by a vision model. Its `text` is then the model's transcription and `ocr_text` keeps the OCR
 * reading; `transcribed_by` names the model (`ai:<model>`); `handwriting_note` tells the reader
 * why a low-confidence page was not transcribed (no model configured, no tokens left, the model
 * failed). All three are null on pages read well.
 */
export const handwritingMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not the current types
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('document_pages')
      .addColumn('ocr_text', 'text')
      .addColumn('transcribed_by', 'text')
      .addColumn('handwriting_note', 'text')
      .execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema
      .alterTable('document_pages')
      .dropColumn('handwriting_note')
      .dropColumn('transcribed_by')
      .dropColumn('ocr_text')
      .execute();
  },
};
