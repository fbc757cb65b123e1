import type { GedcomNode } from './lines';

/*
 * A document's person linked to a tree person by an accepted hint is one person (origin 'both',
 * issue 32, decisions 0228 and 0230), and so one INDI in the export: the tree person's record,
 * to which the index record's facts, family links, citations and notes are added. The index's
 * name joins as another NAME (with its citations) when it is written differently; else its
 * citations are lifted to the record. A linked index record carries its tree person's xref (so
 * the index's families already point there): that is how it is found.
 */
export function mergeLinked(indexRecords: GedcomNode[], treeRecords: GedcomNode[]): GedcomNode[] {
  const byXref = new Map(treeRecords.map((r) => [r.xref, r]));
  const kept: GedcomNode[] = [];
  for (const record of indexRecords) {
    const target = record.xref ? byXref.get(record.xref) : undefined;
    if (!target) {
      kept.push(record);
      continue;
    }
    const children = [...(target.children ?? [])];
    const targetName = children.find((c) => c.tag === 'NAME')?.value;
    for (const c of record.children ?? []) {
      if (c.tag === 'SEX') continue;
      if (c.tag !== 'NAME') children.push(c);
      else if (c.value !== targetName) children.push(c);
      else children.push(...(c.children ?? []).filter((n) => n.tag === 'SOUR'));
    }
    target.children = children;
  }
  return kept;
}
