import { decodeGedcom, NotGedcomError } from '@gnology/genealogy/gedcom';
import { fileTypeFromBuffer } from 'file-type';
import { readZipDirectory } from '../../library/domain/zip-inspection';

/*
 * What an uploaded tree file is (issue 32, decision 0224), judged by its content, never by its
 * name: a GEDZIP (a ZIP holding `gedcom.ged`), or GEDCOM text whose first record is `0 HEAD` in
 * any of the encodings the reader knows. Anything else — a PDF, a photo, a spreadsheet, a ZIP of
 * something else — is refused at upload with a message that says what it is.
 */

export type GedcomFileKind = 'gedcom' | 'gedzip';

/** The bytes `gedcom.ged` may inflate to, whatever the archive claims (its media are never read). */
export const GEDZIP_BUDGET_BYTES = 200 * 1024 * 1024;

/** The kind of an uploaded tree file, or a message saying why it is not one. */
export async function sniffTreeFile(bytes: Buffer): Promise<{ kind: GedcomFileKind } | { refused: string }> {
  if (bytes.length === 0) return { refused: 'The file is empty.' };
  const type = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024));
  if (type?.ext === 'zip' || bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) {
    const entries = readZipDirectory(bytes);
    if (!entries) return { refused: 'This ZIP file is damaged: its list of files cannot be read.' };
    if (!entries.some((e) => e.name === 'gedcom.ged'))
      return { refused: 'This ZIP file is not a GEDZIP: it holds no gedcom.ged file.' };
    return { kind: 'gedzip' };
  }
  // GEDCOM text first: file-type's weaker signatures (MP1, for one) can match a UTF-16 text.
  try {
    decodeGedcom(bytes.subarray(0, 16 * 1024));
    return { kind: 'gedcom' };
  } catch (err) {
    if (!(err instanceof NotGedcomError)) throw err;
    const what = type ? ` it is a ${type.ext.toUpperCase()} file.` : '';
    return { refused: `${what ? `This is not a GEDCOM file:${what}` : err.message} Choose a .ged or .gdz file.` };
  }
}

/** A tree file that cannot be imported, with a message for the user (the import's error). */
export class TreeFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TreeFileError';
  }
}
