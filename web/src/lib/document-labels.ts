/** A document's type, its processing step and the people tagged in it, in the words the pages show. */
import type { DocumentRecord } from '@gnology/contracts';

const TYPE_LABELS: Record<string, string> = {
  photo: 'Photo',
  census: 'Census record',
  birth: 'Birth record',
  marriage: 'Marriage record',
  death: 'Death record',
  obituary: 'Obituary',
  military: 'Military record',
  letter: 'Letter',
  journal: 'Journal',
  other: 'Document',
};
export const typeLabel = (t: string) => TYPE_LABELS[t] ?? 'Document';

const ROLE_LABELS: Record<string, string> = {
  primary_subject: 'subject',
  spouse: 'spouse',
  child: 'child',
  parent: 'parent',
  sibling: 'sibling',
  other_relative: 'relative',
};
export const roleLabel = (r: string) => ROLE_LABELS[r] ?? r;

/** A person's part in the record (extraction's `recordRole`) in plain words. */
const RECORD_ROLE_LABELS: Record<string, string> = {
  groom: 'groom',
  bride: 'bride',
  father_of_groom: 'father of the groom',
  mother_of_groom: 'mother of the groom',
  father_of_bride: 'father of the bride',
  mother_of_bride: 'mother of the bride',
  witness: 'witness',
  officiant: 'officiant',
  informant: 'informant',
  deceased: 'deceased',
  sponsor: 'sponsor',
  father: 'father',
  mother: 'mother',
  head: 'head of household',
  wife: 'wife',
  husband: 'husband',
  son: 'son',
  daughter: 'daughter',
  servant: 'servant',
  boarder: 'boarder',
  testator: 'testator',
  executor: 'executor',
  next_of_kin: 'next of kin',
};
export const recordRoleLabel = (r: string) => RECORD_ROLE_LABELS[r] ?? r.replaceAll('_', ' ');

type PersonDetail = NonNullable<DocumentRecord['personDetails']>[number];

/** The record role and title extraction read for a tagged name (details are keyed by name, any case). */
export function detailFor(doc: Pick<DocumentRecord, 'personDetails'>, name: string): PersonDetail | undefined {
  const key = name.trim().toLowerCase();
  return doc.personDetails?.find((d) => d.name.trim().toLowerCase() === key);
}

// Titles written after a name ("John Colclough, Esq."); all others go before it ("Rev. Peter Greene").
const AFTER_NAME = /^(esq\.?|esquire|sr\.?|jr\.?|senior|junior|knight|kt\.?|bart\.?|baronet|m\.?d\.?|[ivx]+)$/i;

/** A name with its title where a reader expects it. */
export function nameWithTitle(name: string, title?: string): string {
  if (!title) return name;
  return AFTER_NAME.test(title.trim()) ? `${name}, ${title}` : `${title} ${name}`;
}

/** The processing step as the list and the upload panel show it. */
export function describeStep(step: DocumentRecord['processingStep']): string {
  if (!step) return 'Waiting to be processed';
  const pages = step.page && step.of && step.of > 1 ? ` (page ${step.page} of ${step.of})` : '';
  switch (step.step) {
    case 'reading':
      return 'Reading the file';
    case 'text':
      return 'Reading the text';
    case 'ocr':
      return `Recognising text${pages}`;
    case 'rendering':
      return `Preparing pages${pages}`;
    case 'thumbnail':
      return 'Making a thumbnail';
    case 'extracting':
      return 'Finding names, dates and places';
    case 'saving':
      return 'Saving';
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
    default:
      return 'Waiting to be processed';
  }
}

/**
 * How a tagged person reads in the list: their title beside the name, and their part in the
 * record ("father of the bride", "witness") where extraction read one, else their relation to
 * the document's main person.
 */
export function personLabel(
  doc: Pick<DocumentRecord, 'personDetails'>,
  person: { name: string; role: string },
): { name: string; role: string } {
  const detail = detailFor(doc, person.name);
  return {
    name: nameWithTitle(person.name, detail?.title),
    // A person the record only names (no tie to its subject, no part in it) is not called a relative.
    role: detail?.recordRole
      ? recordRoleLabel(detail.recordRole)
      : detail?.namedOnly && person.role === 'other_relative'
        ? 'mentioned'
        : roleLabel(person.role),
  };
}
