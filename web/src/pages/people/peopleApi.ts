import type {
  HintDecisionResponse,
  ImportAccepted,
  ImportListResponse,
  ImportRecord,
  IndividualDetail,
  IndividualResponse,
  IndividualSummary,
  PeopleExportFormat,
  PeopleHint,
  PeopleHintsResponse,
  PeopleListResponse,
} from '@gnology/contracts';
import { api, apiBlob, saveBlob } from '../../lib/api';

/** The people index of issue 16, served by the documents service under /api/people. */
export const PEOPLE_KEY = ['people'] as const;
export const peopleListKey = (q: string) => [...PEOPLE_KEY, 'list', q] as const;
export const personKey = (id: string) => [...PEOPLE_KEY, 'person', id] as const;

export async function fetchPeople(q: string): Promise<IndividualSummary[]> {
  const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  const data = await api<PeopleListResponse>(`/api/people${query}`);
  if (!Array.isArray(data.individuals)) throw new Error('Unexpected people list format');
  return data.individuals;
}

export function fetchPerson(id: string): Promise<IndividualDetail> {
  return api<IndividualDetail>(`/api/people/${encodeURIComponent(id)}`);
}

/** The first id is the one kept. */
export async function mergePeople(ids: string[]): Promise<IndividualSummary> {
  return (await api<IndividualResponse>('/api/people/merge', { method: 'POST', body: { ids } })).individual;
}

/** The chosen mentions become a new individual. */
export async function splitPerson(id: string, mentionIds: string[]): Promise<IndividualSummary> {
  return (
    await api<IndividualResponse>(`/api/people/${encodeURIComponent(id)}/split`, {
      method: 'POST',
      body: { mentionIds },
    })
  ).individual;
}

export async function renamePerson(id: string, name: string): Promise<IndividualSummary> {
  return (await api<IndividualResponse>(`/api/people/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }))
    .individual;
}

export const EXPORT_FILE = 'gnology-people.ged';

/** The export needs the bearer header, so it is fetched and saved rather than linked. */
export async function downloadGedcom(format: PeopleExportFormat): Promise<void> {
  const blob = await apiBlob(`/api/people/export?format=${format}`);
  saveBlob(blob, format === 'gedcom-7' ? 'gnology-people-gedcom7.ged' : EXPORT_FILE);
}

/** GEDCOM import (issue 32): upload the file, follow its job, undo it. */
export async function startImport(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api<ImportAccepted>('/api/people/import', { method: 'POST', body: form })).importId;
}

/** The user's imports, newest first (the ones done stay undoable after the page is left). */
export async function fetchImports(): Promise<ImportRecord[]> {
  return (await api<ImportListResponse>('/api/people/imports')).imports;
}

export function fetchImport(importId: string): Promise<ImportRecord> {
  return api<ImportRecord>(`/api/people/imports/${encodeURIComponent(importId)}`);
}

export async function undoImport(importId: string): Promise<void> {
  await api(`/api/people/imports/${encodeURIComponent(importId)}`, { method: 'DELETE' });
}

/** Hints (issue 32): documents' people who match someone of the user's tree; under PEOPLE_KEY so a refresh includes them. */
export const HINTS_KEY = [...PEOPLE_KEY, 'hints'] as const;

export async function fetchHints(): Promise<PeopleHint[]> {
  return (await api<PeopleHintsResponse>('/api/people/hints')).hints;
}

export function decideHint(id: string, decision: 'accept' | 'reject'): Promise<HintDecisionResponse> {
  return api<HintDecisionResponse>(`/api/people/hints/${encodeURIComponent(id)}/${decision}`, { method: 'POST' });
}
