import type { SearchResponse } from '@gnology/contracts';
import { type FormEvent, useState } from 'react';
import { Alert, Button, Dialog } from '../../components/ui';
import { safePreview } from './markdown';
import { searchConversations } from './researchApi';

/** The search modal of docs/contract.md#screens: highlighted matches, Open and Clear, results at most 400 px high. */
export function SearchDialog({
  isOpen,
  onOpenChange,
  onOpen,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  onOpen(id: string): void;
}) {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<SearchResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return; // an empty search is not run (docs/contract.md#validation)
    setBusy(true);
    setError(null);
    try {
      setResult(await searchConversations(q));
    } catch (err) {
      setError(`Search failed: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const clear = () => {
    setQuery('');
    setResult(null);
    setError(null);
  };

  return (
    <Dialog title="Search conversations" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <div className="search">
          <form className="search__form" onSubmit={run}>
            <label className="visually-hidden" htmlFor="conversation-search">
              Search your conversations
            </label>
            <input
              id="conversation-search"
              className="field__input"
              type="search"
              placeholder="A name, place or year — e.g. Schmidt, Kassel, 1850"
              autoFocus
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <Button type="submit" busy={busy}>
              Search
            </Button>
            <Button variant="secondary" onClick={clear} disabled={!query && !result}>
              Clear
            </Button>
          </form>
          {error && <Alert tone="error">{error}</Alert>}
          {result && (
            <p className="search__count" role="status">
              {result.totalFound === 0
                ? `No conversations match “${result.query}”.`
                : `${result.totalFound} conversation${result.totalFound === 1 ? '' : 's'} found for “${result.query}”.`}
            </p>
          )}
          {result && result.results.length > 0 && (
            <ul className="search__results">
              {result.results.map((r) => (
                <li key={r.conversationId} className="search-hit">
                  <div className="search-hit__head">
                    <h3 className="search-hit__title">{r.title}</h3>
                    <Button
                      size="sm"
                      onClick={() => {
                        onOpen(r.conversationId);
                        close();
                      }}
                      aria-label={`Open ${r.title}`}
                    >
                      Open
                    </Button>
                  </div>
                  <p className="search-hit__meta">
                    {r.matchCount} matching message{r.matchCount === 1 ? '' : 's'} · last active{' '}
                    {new Date(r.lastActivity).toLocaleDateString()}
                  </p>
                  {r.relevantMessages.map((m) => (
                    <p key={`${m.timestamp}-${m.type}`} className="search-hit__preview">
                      <span className="search-hit__who">{m.type === 'user' ? 'You' : 'Gene'}:</span>{' '}
                      {/* Escaped by the server; only <mark> survives sanitising. */}
                      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to <mark> only */}
                      <span dangerouslySetInnerHTML={{ __html: safePreview(m.preview) }} />
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
