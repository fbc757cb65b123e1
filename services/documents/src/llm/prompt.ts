import { DocumentEntities } from '@gnology/contracts';
import { z } from 'zod';

/** Text sent to a model: records are short; beyond this the rules see the rest. */
export const MAX_LLM_TEXT = 60_000;

export const EXTRACTION_INSTRUCTIONS = `You extract genealogical facts from the text of one document (OCR text may contain errors).
Return only what the text states. Fields:
- peopleIdentified: every named person, with role relative to the document's primary subject: primary_subject (exactly one; the groom in a marriage, the head in a census, the baptised child, the deceased, the testator), spouse, child, parent, sibling, other_relative (anyone else, including witnesses and officials). Names without titles; a person named by given name only takes the surname of the person the text ties them to ("his wife Mary").
- personDetails: for people the record gives a part: recordRole (groom, bride, father_of_bride, witness, sponsor, informant, officiant, deceased, head...) and title (Rev., Esq.).
- dateInfo: every date as written ("original"), "normalized" as YYYY, YYYY-MM, YYYY-MM-DD or START/END for ranges, "qualifier" one of exact, about (abt, circa, c.), before (bef.), after (aft.), between (ranges), dual_year (1749/50 → the later year), and "year" (the first year, an integer).
- geographicalInfo: places with "kind" town, county, state or country, and countryCode (ISO 3166-1 alpha-2) when certain.
- occupations: lower-case trades and professions.
- tags: a few short lower-case topic tags.
- documentType: one of photo, census, birth, marriage, death, obituary, military, letter, journal, other.`;

/** JSON schema of the answer (tool input / response_format), derived from the contract's zod schema. */
export function extractionJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(DocumentEntities, { target: 'draft-7' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export function userMessage(text: string, originalName?: string, hints?: DocumentEntities): string {
  const body = text.length > MAX_LLM_TEXT ? `${text.slice(0, MAX_LLM_TEXT)}\n[…truncated]` : text;
  // The rules' findings (issue 15): a starting point the model checks against the text and completes.
  const found = hints
    ? `\nA rule-based extractor found the following; it may miss people or get roles wrong. Check it against the text, correct and complete it, and add nobody the text does not name:\n<rule_findings>\n${JSON.stringify(
        {
          documentType: hints.documentType,
          peopleIdentified: hints.peopleIdentified,
          personDetails: hints.personDetails ?? [],
          dateInfo: hints.dateInfo.map((d) => ({
            original: d.original,
            normalized: d.normalized,
            qualifier: d.qualifier,
          })),
          geographicalInfo: hints.geographicalInfo.map((g) => ({ name: g.name, kind: g.kind })),
        },
      )}\n</rule_findings>`
    : '';
  return `${originalName ? `File name: ${originalName}\n` : ''}Document text:\n<document>\n${body}\n</document>${found}`;
}
