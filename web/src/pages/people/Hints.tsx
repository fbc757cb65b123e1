import type { PeopleHint } from '@gnology/contracts';
import { useQuery } from '@tanstack/react-query';
import { Check, Lightbulb, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, LoadError, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { viewerHref } from '../../lib/document-urls';
import { decideHint, fetchHints, HINTS_KEY } from './peopleApi';
import { plural } from './peopleFormat';
import { useRefreshPeople } from './peopleQuery';
import './hints.css';

/*
 * Hints (issue 32): a person a document names who matches someone of the user's imported tree,
 * with the reasons. Accept makes them one person (the document becomes evidence); Reject keeps
 * them apart for good. Listed on the People page and on the tree person's page.
 */

export const NO_HINTS =
  'No hints yet. When a document names someone of your tree with a matching date or relative, it is suggested here.';

export function useHints() {
  return useQuery({ queryKey: HINTS_KEY, queryFn: fetchHints });
}

/** The People page's "Hints" section: every open hint, best first; with none, shown only when `showEmpty`. */
export function HintsSection({ showEmpty }: { showEmpty: boolean }) {
  const hints = useHints();
  const list = hints.data ?? [];
  if (!showEmpty && list.length === 0) return null;
  return (
    <section className="hints" aria-labelledby="hints-title">
      <h2 id="hints-title" className="hints__title">
        <Lightbulb size={18} aria-hidden="true" /> Hints{hints.isSuccess && ` (${list.length})`}
      </h2>
      {hints.isPending && <Spinner label="Loading hints..." />}
      {hints.isError && (
        <LoadError retrying={hints.isFetching} onRetry={() => void hints.refetch()}>
          The hints could not be loaded. Please try again.
        </LoadError>
      )}
      {hints.isSuccess && list.length === 0 && <p className="hints__empty">{NO_HINTS}</p>}
      {list.length > 0 && <HintList hints={list} showTreePerson />}
    </section>
  );
}

/** A person's page: the hints that name them — as the tree person, or as the documents' person — if any. */
export function PersonHints({ individualId }: { individualId: string }) {
  const hints = useHints();
  const mine = (hints.data ?? []).filter((h) => h.individualId === individualId || h.documentPersonId === individualId);
  if (mine.length === 0) return null;
  return (
    <section className="hints" aria-labelledby="person-hints-title">
      <h2 id="person-hints-title" className="hints__title">
        <Lightbulb size={18} aria-hidden="true" /> {plural(mine.length, 'hint')} from your documents
      </h2>
      <HintList hints={mine} showTreePerson={!mine.every((h) => h.individualId === individualId)} />
    </section>
  );
}

function HintList({ hints, showTreePerson }: { hints: PeopleHint[]; showTreePerson: boolean }) {
  return (
    <ul className="hints__list">
      {hints.map((h) => (
        <HintCard key={h.id} hint={h} showTreePerson={showTreePerson} />
      ))}
    </ul>
  );
}

function HintCard({ hint, showTreePerson }: { hint: PeopleHint; showTreePerson: boolean }) {
  const refresh = useRefreshPeople();
  const [busy, setBusy] = useState<'accept' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: 'accept' | 'reject') => {
    setBusy(decision);
    setError(null);
    try {
      await decideHint(hint.id, decision);
      await refresh();
    } catch (err) {
      setError(
        err instanceof ApiError && (err.status === 404 || err.status === 409) && err.message
          ? err.message
          : `The hint could not be ${decision === 'accept' ? 'accepted' : 'rejected'}. Please try again.`,
      );
      setBusy(null);
    }
  };
  const titleId = `hint-${hint.id}`;
  return (
    <li className="hint-card" aria-labelledby={titleId}>
      <p id={titleId} className="hint-card__title">
        <strong>{hint.nameAsWritten}</strong> in{' '}
        <Link to={viewerHref(hint.documentId, undefined, hint.nameAsWritten)}>{hint.fileName}</Link>{' '}
        {showTreePerson ? (
          <>
            may be <Link to={`/people/${hint.individualId}`}>{hint.treeName}</Link> of your tree
          </>
        ) : (
          <>may be this person</>
        )}
        <span className={`hint-card__strength${hint.score >= 0.85 ? ' hint-card__strength--strong' : ''}`}>
          {hint.score >= 0.85 ? 'Strong match' : 'Possible match'}
        </span>
      </p>
      <ul className="hint-card__reasons" aria-label="Why">
        {hint.reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="hint-card__actions">
        <Button
          size="sm"
          icon={<Check size={16} />}
          busy={busy === 'accept'}
          disabled={busy !== null}
          aria-describedby={titleId}
          onClick={() => void decide('accept')}
        >
          {busy === 'accept' ? 'Accepting…' : 'Accept'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          icon={<X size={16} />}
          busy={busy === 'reject'}
          disabled={busy !== null}
          aria-describedby={titleId}
          onClick={() => void decide('reject')}
        >
          {busy === 'reject' ? 'Rejecting…' : 'Reject'}
        </Button>
      </div>
    </li>
  );
}
