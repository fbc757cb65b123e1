import type { ConversationSummary } from '@gnology/contracts';
import { Pencil, Plus, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog } from '../../components/ui';

interface Props {
  conversations: ConversationSummary[];
  loading: boolean;
  activeId: string | null;
  onSelect(id: string): void;
  onNew(): void;
  onSearch(): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
  creating: boolean;
}

/** The conversation list of spec section 2: New, Search, rows with rename and delete, the active row highlighted. */
export function ConversationSidebar({ conversations, loading, activeId, onSelect, onNew, onSearch, onRename, onDelete, creating }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState<ConversationSummary | null>(null);

  const startEdit = (c: ConversationSummary) => {
    setEditing(c.id);
    setDraft(c.title);
  };
  // Enter or blur confirms, Escape cancels; an empty title cancels (spec section 4).
  const commit = (c: ConversationSummary) => {
    const title = draft.trim();
    setEditing(null);
    if (title && title !== c.title) onRename(c.id, title);
  };

  return (
    <div className="sidebar">
      <div className="sidebar__actions">
        <Button size="sm" icon={<Plus size={16} />} onClick={onNew} busy={creating}>
          New
        </Button>
        <Button size="sm" variant="secondary" icon={<Search size={16} />} onClick={onSearch}>
          Search
        </Button>
      </div>
      <h2 className="sidebar__heading">Conversations</h2>
      {loading && <p className="sidebar__empty">Loading conversations…</p>}
      {!loading && conversations.length === 0 && <p className="sidebar__empty">No conversations yet. Ask Gene a question to start one.</p>}
      <ul className="sidebar__list">
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
              <button type="button" className="conv-row__open" onClick={() => onSelect(c.id)} aria-current={c.id === activeId ? 'true' : undefined}>
                <span className="conv-row__title">{c.title}</span>
                <span className="conv-row__date">{new Date(c.lastActivity).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}</span>
              </button>
            )}
            {editing !== c.id && (
              <span className="conv-row__tools">
                <button type="button" className="icon-btn" aria-label={`Rename ${c.title}`} onClick={() => startEdit(c)}>
                  <Pencil size={15} aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn icon-btn--danger" aria-label={`Delete ${c.title}`} onClick={() => setConfirming(c)}>
                  <X size={16} aria-hidden="true" />
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <Dialog
        title="Delete conversation?"
        size="sm"
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        dismissable={false}
        footer={(close) => (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (confirming) onDelete(confirming.id);
                close();
              }}
            >
              Delete
            </Button>
          </>
        )}
      >
        <p>
          “{confirming?.title}” and all its messages will be deleted. This cannot be undone.
        </p>
      </Dialog>
    </div>
  );
}
