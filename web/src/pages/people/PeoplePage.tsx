import type { IndividualSummary } from '@gnology/contracts';
import { AlertTriangle, BookOpen, GitMerge, GitFork, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, ButtonLink, LoadError, PageHeader, PageMeta, SearchField, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { ExportButtons } from './ExportButtons';
import { HintsSection } from './Hints';
import { ImportGedcomButton, ImportGedcomStatus, useGedcomImport } from './ImportGedcom';
import { MergeDialog } from './MergeDialog';
import { mergePeople } from './peopleApi';
import { mergeOrder, lifeYears, plural } from './peopleFormat';
import { useDebounced, usePeopleList, useRefreshPeople } from './peopleQuery';
import './people.css';

export const NO_PEOPLE = 'No people yet — upload a record and GNology will find the people in it';

/**
 * /people (issue 16, "People index"): every individual found in the user's documents, a filter,
 * merging of candidates the grouping kept apart, and the GEDCOM export of the whole index.
 */
export function PeoplePage() {
  const [filter, setFilter] = useState('');
  const q = useDebounced(filter);
  const list = usePeopleList(q);
  const refresh = useRefreshPeople();
  const imp = useGedcomImport();
  // Kept with their summaries, so people chosen under one filter can be merged with those found under another.
  const [selected, setSelected] = useState<ReadonlyMap<string, IndividualSummary>>(new Map());
  const [merging, setMerging] = useState(false);
  const [mergeBusy, setMergeBusy] = useState(false);
  const [mergeError, setMergeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const people = list.data ?? [];
  const chosen = useMemo(() => [...selected.values()], [selected]);
  const toggle = (p: IndividualSummary) =>
    setSelected((s) => {
      const next = new Map(s);
      if (!next.delete(p.id)) next.set(p.id, p);
      return next;
    });

  const merge = async (keptId: string) => {
    setMergeBusy(true);
    setMergeError(null);
    try {
      const kept = await mergePeople(
        mergeOrder(
          keptId,
          chosen.map((p) => p.id),
        ),
      );
      setMerging(false);
      setSelected(new Map());
      setNotice(`Merged into ${kept.name}.`);
      await refresh();
    } catch (err) {
      setMergeError(
        err instanceof ApiError && err.status === 400 && err.message
          ? err.message
          : 'The people could not be merged. Please try again.',
      );
    } finally {
      setMergeBusy(false);
    }
  };

  const emptyIndex = list.isSuccess && people.length === 0 && !q.trim();
  return (
    <main className="page page-stack">
      <PageMeta
        title="People"
        description="Everyone named in your documents, grouped into individuals with the evidence, a timeline and the conflicts for each."
      />
      <PageHeader
        title="People"
        subtitle="Everyone named in your documents, grouped into individuals with the evidence for each. Merge the ones that are the same person; import your family tree or export everyone as GEDCOM."
        actions={
          <div className="people-actions">
            <ImportGedcomButton imp={imp} />
            <ButtonLink to="/books?new=1" variant="secondary" icon={<BookOpen size={18} />}>
              Write a book
            </ButtonLink>
            <ExportButtons disabled={emptyIndex} />
          </div>
        }
      />
      <ImportGedcomStatus imp={imp} />
      {/* Hints (issue 32): listed whenever there are some; their empty state once there is a tree (a filter may hide its people). */}
      <HintsSection
        showEmpty={imp.earlier.length > 0 || people.some((p) => p.origin === 'tree' || p.origin === 'both')}
      />
      {notice && <Alert tone="success">{notice}</Alert>}
      {list.isPending && <Spinner label="Loading people..." />}
      {list.isError && (
        <LoadError retrying={list.isFetching} onRetry={() => void list.refetch()}>
          The people index could not be loaded. Please try again.
        </LoadError>
      )}
      {emptyIndex && (
        <div className="empty-state">
          <Users size={40} aria-hidden="true" />
          <p>{NO_PEOPLE}</p>
          <p>Already have a family tree? Bring it in with “Import GEDCOM” above.</p>
          <ButtonLink to="/documents">Go to Documents</ButtonLink>
        </div>
      )}
      {list.isSuccess && !emptyIndex && (
        <>
          <div className="toolbar">
            <SearchField
              id="people-filter"
              className="people-filter"
              label="Filter people"
              placeholder="Name or spelling"
              value={filter}
              onChange={setFilter}
            />
            <div className="people-selection">
              <p className="people-selection__count" aria-live="polite">
                {plural(people.length, 'person', 'people')}
                {chosen.length > 0 && ` · ${chosen.length} selected`}
              </p>
              <Button
                variant="secondary"
                size="sm"
                disabled={chosen.length === 0}
                onClick={() => setSelected(new Map())}
              >
                Clear selection
              </Button>
              <Button
                icon={<GitMerge size={18} />}
                disabled={chosen.length < 2 || chosen.length > 20}
                onClick={() => {
                  setNotice(null);
                  setMergeError(null);
                  setMerging(true);
                }}
              >
                Merge{chosen.length >= 2 ? ` (${chosen.length})` : ''}
              </Button>
            </div>
          </div>
          {chosen.length === 1 && (
            <p className="people-hint">Select at least one more person to merge with {chosen[0]?.name}.</p>
          )}
          {people.length === 0 ? (
            <div className="empty-state">
              <p>No one in your documents matches “{q.trim()}”.</p>
            </div>
          ) : (
            <ul className="people-list" aria-label="People" aria-busy={list.isFetching || undefined}>
              {people.map((p) => (
                <PersonRow key={p.id} person={p} selected={selected.has(p.id)} onToggle={() => toggle(p)} />
              ))}
            </ul>
          )}
        </>
      )}
      <MergeDialog
        people={chosen}
        isOpen={merging}
        busy={mergeBusy}
        error={mergeError}
        onCancel={() => setMerging(false)}
        onConfirm={merge}
      />
    </main>
  );
}

function PersonRow({
  person,
  selected,
  onToggle,
}: {
  person: IndividualSummary;
  selected: boolean;
  onToggle: () => void;
}) {
  const years = lifeYears(person);
  return (
    <li className={`people-row${selected ? ' people-row--selected' : ''}`}>
      {/* Tree people are not merged here: a document's person joins one by a hint (issue 32). */}
      {person.origin === 'tree' || person.origin === 'both' ? (
        <span className="touch-check" />
      ) : (
        <label className="touch-check">
          <input type="checkbox" checked={selected} onChange={onToggle} aria-label={`Select ${person.name}`} />
        </label>
      )}
      <div className="people-row__main">
        <Link to={`/people/${person.id}`} className="people-row__name">
          {person.name}
        </Link>
        {years && <span className="people-row__years">{years}</span>}
      </div>
      <div className="people-row__facts">
        {person.origin === 'tree' ? (
          <span className="tree-badge">
            <GitFork size={14} aria-hidden="true" />
            From your tree
          </span>
        ) : person.origin === 'both' ? (
          <span className="tree-badge">
            <GitFork size={14} aria-hidden="true" />
            In your tree · {plural(person.documentCount, 'document')}
          </span>
        ) : (
          <span>{plural(person.documentCount, 'document')}</span>
        )}
        {person.conflictCount > 0 && (
          <span className="conflict-badge">
            <AlertTriangle size={14} aria-hidden="true" />
            {plural(person.conflictCount, 'conflict')}
          </span>
        )}
        {person.userEdited && <span className="people-row__edited">edited by you</span>}
      </div>
    </li>
  );
}
