import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type Notice, TROUBLE } from './notices';
import { availableDocuments, saveSelection } from './researchApi';

/**
 * The documents Gene may read: those the user can choose from, those chosen for the
 * conversation (saved with it, issue 13) and those found by a library search the user dropped.
 */
export function useDocumentSelection(activeId: string | null, setNotice: (n: Notice) => void) {
  const documents = useQuery({ queryKey: ['documents', 'for-analysis'], queryFn: availableDocuments });
  const documentNames = useMemo(
    () => new Map((documents.data ?? []).map((d) => [d._id, d.originalName])),
    [documents.data],
  );
  const [selected, setSelected] = useState<string[]>([]);
  // Found documents the user dropped: the next question's library search leaves them out (decision 0170).
  const [dropped, setDropped] = useState<string[]>([]);
  // Selection saves, one after another, so the last choice is the one the server keeps.
  const selectionSaves = useRef<Promise<unknown>>(Promise.resolve());

  const persistSelection = useCallback(
    (conversationId: string, ids: string[]) => {
      selectionSaves.current = selectionSaves.current
        .then(() => saveSelection(conversationId, ids))
        .catch(() => setNotice({ tone: 'error', text: TROUBLE.selection }));
    },
    [setNotice],
  );
  const changeSelection = (ids: string[]) => {
    setSelected(ids);
    if (activeId) persistSelection(activeId, ids);
  };

  /** The dropped documents the next question leaves out (a selected one is read anyway); forgotten once asked. */
  const takeExcluded = () => {
    const excluded = dropped.filter((id) => !selected.includes(id));
    setDropped([]);
    return excluded;
  };

  const sourceActions = {
    selected,
    dropped,
    onPin: (id: string) => {
      setDropped((d) => d.filter((x) => x !== id));
      if (!selected.includes(id)) changeSelection([...selected, id]);
    },
    onDrop: (id: string) => setDropped((d) => (d.includes(id) ? d : [...d, id])),
  };

  return {
    documents,
    documentNames,
    selected,
    setSelected,
    changeSelection,
    persistSelection,
    takeExcluded,
    sourceActions,
  };
}
