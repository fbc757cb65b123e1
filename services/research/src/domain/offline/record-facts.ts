import { DateInfoItem, DocumentType, GeoInfoItem, PersonDetail, PersonRole, type PersonTag } from '@gnology/contracts';
import type { DocumentFacts } from '@gnology/genealogy/people/mentions';
import type { ContextDocument } from '../model';

/*
 * A context document's stored extraction in the shape the genealogy package reads (decision 0208).
 * Gene never reads the raw text for facts: the documents service read it once, stored what it
 * found, and the package's people index turns that into events and relatives. A document read
 * before a field existed, or an older shape, simply gives nothing for it.
 */

const valid = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, list: unknown): T[] =>
  Array.isArray(list)
    ? list.flatMap((v) => {
        const r = schema.safeParse(v);
        return r.success ? [r.data as T] : [];
      })
    : [];

export function storedPlaces(doc: ContextDocument): GeoInfoItem[] {
  return valid<GeoInfoItem>(GeoInfoItem, doc.geographicalInfo);
}

export function storedDates(doc: ContextDocument): DateInfoItem[] {
  return valid<DateInfoItem>(DateInfoItem, doc.dateInfo);
}

export function storedPeople(doc: ContextDocument): PersonTag[] {
  return (doc.peopleIdentified ?? []).flatMap((p) => {
    if (!p?.name?.trim()) return [];
    const role = PersonRole.safeParse(p.role);
    return [{ name: p.name.trim(), role: role.success ? role.data : 'other_relative' }];
  });
}

export function storedType(doc: ContextDocument): DocumentType {
  const t = DocumentType.safeParse(doc.documentType);
  return t.success ? t.data : 'other';
}

/** The text a document's facts were read from (the package finds which page names whom in it). */
export function textOf(doc: ContextDocument): string {
  return doc.extractedText ?? (doc.pages ?? []).map((p) => p.text).join('\n\n');
}

export function documentFacts(doc: ContextDocument): DocumentFacts {
  return {
    id: doc._id,
    fileName: doc.originalName,
    documentType: storedType(doc),
    text: textOf(doc),
    people: storedPeople(doc),
    details: valid<PersonDetail>(PersonDetail, doc.personDetails),
    dates: storedDates(doc),
    places: storedPlaces(doc),
    occupations: Array.isArray(doc.occupations) ? doc.occupations.filter((o) => typeof o === 'string') : [],
    // Every page it has (a found document has only the pages that matched): a name is cited by the page that writes it.
    pages: doc.pages ?? [],
  };
}
