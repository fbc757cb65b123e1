import { JOURNAL_ANCESTORS, type Journal, type JournalAncestor, type JournalEvent } from '@gnology/contracts';
import { CONTACT_ROWS, journalFieldNames, LOG_ROWS, SOURCES, VERSION_FIELD } from './layout';

/** A filled form's values by field name: text for text fields, true/false for checkboxes. */
export type FieldValues = ReadonlyMap<string, string | boolean>;

/** The journal's own field names a form must mostly have to be read as a journal. */
const KNOWN = new Set(journalFieldNames());

/**
 * Whether a PDF form is the GNology Journal: its hidden version field, or (a reader that dropped
 * hidden fields) most of the journal's field names.
 */
export function isJournalForm(names: Iterable<string>): boolean {
  let known = 0;
  let total = 0;
  for (const name of names) {
    if (name === VERSION_FIELD) return true;
    total++;
    if (KNOWN.has(name)) known++;
  }
  return known >= 20 && known >= total * 0.8;
}

/** Trimmed text with line ends normalised; undefined when empty (absent fields are left out). */
function clean(value: string | boolean | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .slice(0, 4000);
  return text || undefined;
}

function lines(value: string | boolean | undefined): string[] {
  return (clean(value) ?? '')
    .split(/\n|;/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 40);
}

/** Drops undefined properties, and the object itself when nothing is left. */
function compact<T extends object>(o: T): T | undefined {
  const entries = Object.entries(o).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
}

function ancestor(values: FieldValues, n: number): JournalAncestor | undefined {
  const get = (suffix: string) => clean(values.get(`ancestor${n}.${suffix}`));
  const event = (kind: string): JournalEvent | undefined =>
    compact({ date: get(`${kind}.date`), place: get(`${kind}.place`) });
  const a: JournalAncestor = {
    number: n,
    name: get('name') ?? '',
    relationship: get('relationship'),
    birth: event('birth'),
    baptism: event('baptism'),
    marriage: compact({ date: get('marriage.date'), place: get('marriage.place'), spouse: get('marriage.spouse') }),
    death: event('death'),
    burial: event('burial'),
    father: get('father'),
    mother: get('mother'),
    children: lines(values.get(`ancestor${n}.children`)),
    occupation: get('occupation'),
    residences: lines(values.get(`ancestor${n}.residences`)),
    sources: get('sources'),
    notes: get('notes'),
  };
  const filled = Object.entries(a).some(([k, v]) => k !== 'number' && (Array.isArray(v) ? v.length > 0 : Boolean(v)));
  if (!filled) return undefined;
  // A section filled in without a name still says something: keep it, under its number.
  return compact(a) as JournalAncestor;
}

/** The structured journal from a filled form: only what was filled in, ancestors in section order. */
export function journalFromFields(values: FieldValues): Journal {
  const get = (name: string) => clean(values.get(name));
  const ancestors: JournalAncestor[] = [];
  for (let n = 1; n <= JOURNAL_ANCESTORS; n++) {
    const a = ancestor(values, n);
    if (a) ancestors.push(a);
  }
  const sourcesSearched = SOURCES.filter(
    (s) => values.get(`sources.${s.key}`) === true || get(`sourceNotes.${s.key}`),
  ).map((s) => compact({ key: s.key, label: s.label, notes: get(`sourceNotes.${s.key}`) })!);
  const log = [];
  for (let r = 1; r <= LOG_ROWS; r++) {
    const entry = compact({
      date: get(`log.${r}.date`),
      repository: get(`log.${r}.repository`),
      source: get(`log.${r}.source`),
      result: get(`log.${r}.result`),
    });
    if (entry) log.push(entry);
  }
  const contacts = [];
  for (let r = 1; r <= CONTACT_ROWS; r++) {
    const entry = compact({
      date: get(`contacts.${r}.date`),
      contact: get(`contacts.${r}.contact`),
      subject: get(`contacts.${r}.subject`),
      outcome: get(`contacts.${r}.outcome`),
    });
    if (entry) contacts.push(entry);
  }
  return {
    version: get(VERSION_FIELD) ?? 'unknown',
    project:
      compact({
        title: get('project.title'),
        researcher: get('project.researcher'),
        started: get('project.started'),
        goal: get('project.goal'),
        plan: get('project.plan'),
      }) ?? {},
    ancestors,
    sourcesSearched,
    ...(get('sources.other') ? { otherSources: get('sources.other') } : {}),
    log,
    contacts,
    findings:
      compact({
        summary: get('findings.summary'),
        conflicts: get('findings.conflicts'),
        nextSteps: get('findings.nextSteps'),
      }) ?? {},
  };
}
