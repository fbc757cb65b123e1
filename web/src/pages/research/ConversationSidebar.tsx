import type { ConversationSummary } from '@gnology/contracts';
import { Pencil, Plus, Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, ConfirmDialog, LoadError } from '../../components/ui';

interface Props {
  conversations: ConversationSummary[];
  loading: boolean;
  /** Set when the list could not be loaded: shown with Retry instead of the empty state. */
  loadError: string | null;
  retrying: boolean;
  onRetry(): void;
  activeId: string | null;
  onSelect(id: string): void;
  onNew(): void;
  onSearch(): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
  creating: boolean;
}

/** The conversation list of docs/contract.md#screens: New, Search, rows with rename and delete, the active row highlighted. */
export function ConversationSidebar({
  conversations,
  loading,
  loadError,
  retrying,
  onRetry,
  activeId,
  onSelect,
  onNew,
  onSearch,
  onRename,
  onDelete,
  creating,
}: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState<ConversationSummary | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  // After a delete, focus goes to the next conversation (or the previous one, when the last was
  // deleted), or to New conversation when none is left — once the row is gone from the list.
  const focusAfterDelete = useRef<{ deleted: string; next: string | null } | null>(null);
  useEffect(() => {
    const pending = focusAfterDelete.current;
    if (!pending || conversations.some((c) => c.id === pending.deleted)) return;
    focusAfterDelete.current = null;
    const target = pending.next
      ? list.current?.querySelector<HTMLElement>(`[data-conversation-id="${pending.next}"]`)
      : null;
    (target ?? newButton.current)?.focus();
  }, [conversations]);
  const confirmDelete = (c: ConversationSummary) => {
    const i = conversations.findIndex((x) => x.id === c.id);
    const next = conversations[i + 1] ?? conversations[i - 1] ?? null;
    focusAfterDelete.current = { deleted: c.id, next: next?.id ?? null };
    onDelete(c.id);
  };

  const startEdit = (c: ConversationSummary) => {
    setEditing(c.id);
    setDraft(c.title);
  };
  // Enter or blur confirms, Escape cancels; an empty title cancels (docs/contract.md#screen-states).
  const commit = (c: ConversationSummary) => {
    const title = draft.trim();
    setEditing(null);
    if (title && title !== c.title) onRename(c.id, title);
  };

  return (
    <div className="sidebar">
      <div className="sidebar__actions">
        <Button ref={newButton} size="sm" icon={<Plus size={16} />} onClick={onNew} busy={creating}>
          New conversation
        </Button>
        <Button size="sm" variant="secondary" icon={<Search size={16} />} onClick={onSearch}>
          Search
        </Button>
      </div>
      <h2 className="sidebar__heading">Conversations</h2>
      {loading && <p className="sidebar__empty">Loading conversations…</p>}
      {loadError && (
        <LoadError size="sm" retrying={retrying} onRetry={onRetry}>
          {loadError}
        </LoadError>
      )}
      {!loading && !loadError && conversations.length === 0 && (
        <p className="sidebar__empty">No conversations yet. Ask Gene a question to start one.</p>
      )}
      <ul className="sidebar__list" ref={list}>
        {conversations.map((c) => (
          <li key={c.id} className={`conv-row${c.id === activeId ? ' conv-row--active' : ''}`}>
            {editing === c.id ? (
              <input
                className="conv-row__input"
                aria-label="Conversation title"
                value={draft}
                // biome-ignore lint/a11y/noAutofocus: the pencil's purpose is to start typing
                autoFocus
                onChange={(e) => setDraft(e.target.value)}
                onBlur={() => commit(c)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    commit(c);
                  } else if (e.key === 'Escape') {
                    e.preventDefault();
                    setEditing(null);
                  }
                }}
              />
            ) : (
              <button
                type="button"
                className="conv-row__open"
                data-conversation-id={c.id}
                onClick={() => onSelect(c.id)}
                aria-current={c.id === activeId ? 'true' : undefined}
              >
                <span className="conv-row__title">{c.title}</span>
                <span className="conv-row__date">
                  {new Date(c.lastActivity).toLocaleDateString(undefined, {
                    year: 'numeric',
                    month: 'short',
                    day: 'numeric',
                  })}
                </span>
              </button>
            )}
            {editing !== c.id && (
              <span className="conv-row__tools">
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={`Rename ${c.title}`}
                  onClick={() => startEdit(c)}
                >
                  <Pencil size={15} aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="icon-btn icon-btn--danger"
                  aria-label={`Delete ${c.title}`}
                  onClick={() => setConfirming(c)}
                >
                  <X size={16} aria-hidden="true" />
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        title="Delete conversation?"
        subject={confirming}
        onSubjectChange={setConfirming}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      >
        <p>“{confirming?.title}” and all its messages will be deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
