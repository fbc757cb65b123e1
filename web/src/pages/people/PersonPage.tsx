import { ArrowLeft, BookOpen, Network, RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, ButtonLink, PageMeta, Spinner } from '../../components/ui';
import { ConflictList } from './ConflictList';
import { EvidenceTable } from './EvidenceTable';
import { PersonHints } from './Hints';
import { PersonName } from './PersonName';
import { PersonTimeline } from './PersonTimeline';
import { renamePerson, splitPerson } from './peopleApi';
import { lifeYears, plural } from './peopleFormat';
import { personMissing, usePerson, useRefreshPeople } from './peopleQuery';
import { RelativesList } from './RelativesList';
import { TreeClaims } from './TreeClaims';
import './tree-import.css';
import './people.css';

/** /people/:id: one individual with its names, evidence, timeline, conflicts and relatives. */
export function PersonPage() {
  const { id = '' } = useParams();
  const person = usePerson(id);
  const refresh = useRefreshPeople();
  const [split, setSplit] = useState<{ from: string; id: string; name: string } | null>(null);
  const detail = person.data;
  const fileNames = useMemo(() => new Map((detail?.evidence ?? []).map((e) => [e.documentId, e.fileName])), [detail]);

  const back = (
    <Link to="/people" className="person-back">
      <ArrowLeft size={16} aria-hidden="true" /> All people
    </Link>
  );
  if (person.isPending) {
    return (
      <main className="page page-stack">
        {back}
        <Spinner label="Loading this person..." />
      </main>
    );
  }
  if (!detail) {
    const missing = personMissing(person.error);
    return (
      <main className="page page-stack">
        {back}
        <h1 className="person-name__title">{missing ? 'Person not found' : 'Person'}</h1>
        {missing ? (
          <div className="problem">
            <Alert tone="error">
              This person is not in your people index. They may have been merged into someone else.
            </Alert>
            <ButtonLink to="/people" variant="secondary">
              See all people
            </ButtonLink>
          </div>
        ) : (
          <div className="problem">
            <Alert tone="error">This person could not be loaded. Please try again.</Alert>
            <Button
              variant="secondary"
              icon={<RotateCw size={16} />}
              busy={person.isFetching}
              onClick={() => void person.refetch()}
            >
              Retry
            </Button>
          </div>
        )}
      </main>
    );
  }

  const { individual } = detail;
  // A tree person a document's person was linked to by an accepted hint (issue 32).
  const both = individual.origin === 'both';
  const variants = detail.variants.filter((v) => v !== individual.name);
  const years = lifeYears(individual);
  const rename = async (name: string) => {
    await renamePerson(individual.id, name);
    await refresh();
  };
  const onSplit = async (mentionIds: string[]) => {
    const created = await splitPerson(individual.id, mentionIds);
    setSplit({ from: individual.id, id: created.id, name: created.name });
    await refresh();
  };

  return (
    <main className="page page-stack">
      <PageMeta
        title={individual.name}
        description={`What your documents say about ${individual.name}: evidence, timeline, conflicts and relatives.`}
      />
      {back}
      <header className="person-header">
        {detail.tree ? (
          <h1 className="person-name__title">{individual.name}</h1>
        ) : (
          <PersonName key={individual.id} name={individual.name} onRename={rename} />
        )}
        <p className="person-header__facts">
          {detail.tree && (
            <span className="tree-badge">{both ? 'In your tree and your documents' : 'From your tree'}</span>
          )}{' '}
          {[
            years,
            (!detail.tree || both) && plural(individual.documentCount, 'document'),
            (!detail.tree || both) && plural(individual.mentionCount, 'mention'),
            individual.userEdited ? 'edited by you' : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {variants.length > 0 && (
          <p className="person-header__variants">
            <span className="person-header__label">Also written as:</span> {variants.join(', ')}
          </p>
        )}
        <p>
          <ButtonLink
            to={`/people/${encodeURIComponent(individual.id)}/chart`}
            variant="secondary"
            icon={<Network size={16} />}
          >
            Family chart
          </ButtonLink>{' '}
          <ButtonLink
            to={`/books?new=1&root=${encodeURIComponent(individual.id)}`}
            variant="secondary"
            icon={<BookOpen size={16} />}
          >
            Write a book
          </ButtonLink>
        </p>
      </header>
      {split?.from === individual.id && (
        <Alert tone="success">
          Split off into a new person: <Link to={`/people/${split.id}`}>{split.name}</Link>.
        </Alert>
      )}
      <PersonHints individualId={individual.id} />
      <ConflictList conflicts={detail.conflicts} fileNames={fileNames} />
      {detail.tree ? (
        // A tree person (issue 32): the file's claims, apart from what documents show (once a hint is accepted).
        <>
          <div className="person-columns">
            <TreeClaims tree={detail.tree} />
            <RelativesList relatives={detail.relatives} />
          </div>
          {both && (
            <>
              <PersonTimeline events={detail.timeline} name={individual.name} />
              <EvidenceTable key={individual.id} evidence={detail.evidence} />
            </>
          )}
        </>
      ) : (
        <>
          <div className="person-columns">
            <PersonTimeline events={detail.timeline} name={individual.name} />
            <RelativesList relatives={detail.relatives} />
          </div>
          <EvidenceTable key={individual.id} evidence={detail.evidence} onSplit={onSplit} />
        </>
      )}
    </main>
  );
}
