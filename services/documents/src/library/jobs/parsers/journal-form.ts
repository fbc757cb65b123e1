import { readFile } from 'node:fs/promises';
import type { DocumentEntities, Journal } from '@gnology/contracts';
import { PDFCheckBox, PDFDocument, PDFTextField } from 'pdf-lib';
import type { Gazetteer } from '@gnology/genealogy/extraction';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import { journalEntities } from '../../../journal/domain/entities';
import { type FieldValues, isJournalForm, journalFromFields } from '../../../journal/domain/read';
import { journalText } from '../../../journal/domain/text';

/** A filled journal is about 0.6 MB; a PDF far larger than this is some other document, not parsed twice. */
const MAX_JOURNAL_BYTES = 25 * 1024 * 1024;

export interface ReadJournal {
  journal: Journal;
  /** The form as readable text: the document's extracted text. */
  text: string;
  entities: DocumentEntities;
}

/** The form fields of a PDF by name (text values and checkbox states); empty without a form. */
export async function formValues(bytes: Uint8Array): Promise<FieldValues> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  const values = new Map<string, string | boolean>();
  for (const field of doc.getForm().getFields()) {
    if (field instanceof PDFTextField) values.set(field.getName(), field.getText() ?? '');
    else if (field instanceof PDFCheckBox) values.set(field.getName(), field.isChecked());
  }
  return values;
}

/**
 * A filled GNology Journal, read from its form fields (the values typed in, not the page text):
 * null for any other PDF, a PDF without a form (a scanned, hand-filled journal is OCR'd like any
 * scan), or one pdf-lib cannot open (pdf.js has already read it; its text is used as usual).
 */
export async function readJournalForm(
  path: string,
  size: number,
  gaz: Gazetteer = defaultGazetteer(),
): Promise<ReadJournal | null> {
  if (size > MAX_JOURNAL_BYTES) return null;
  let values: FieldValues;
  try {
    values = await formValues(new Uint8Array(await readFile(path)));
  } catch {
    return null;
  }
  if (!values.size || !isJournalForm(values.keys())) return null;
  const journal = journalFromFields(values);
  return { journal, text: journalText(journal), entities: journalEntities(journal, gaz) };
}
