import type { IndividualSummary } from '@gnology/contracts';
import { useEffect, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Alert, Button, Dialog } from '../../components/ui';
import { defaultKept, lifeYears, plural } from './peopleFormat';

/**
 * Confirms a merge of the chosen individuals into one, and which of their names it keeps. The
 * user's merge is stored and wins over automatic grouping when the index is rebuilt.
 */
export function MergeDialog({
  people,
  isOpen,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  people: IndividualSummary[];
  isOpen: boolean;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (keptId: string) => void;
}) {
  const [kept, setKept] = useState<string | undefined>(() => defaultKept(people));
  // A new choice of people proposes its own best-documented name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens
  useEffect(() => {
    if (isOpen) setKept(defaultKept(people));
  }, [isOpen]);
  return (
    <Dialog
      title={`Merge ${plural(people.length, 'person', 'people')}?`}
      size="md"
      dismissable={false}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button busy={busy} disabled={!kept} onClick={() => kept && onConfirm(kept)}>
            Merge
          </Button>
        </>
      }
    >
      <p>Their evidence, timelines and relatives become one person's. You can split a mention off again later.</p>
      <RadioGroup className="merge-choice" value={kept ?? null} onChange={setKept}>
        <Label className="field__label">Name to keep</Label>
        {people.map((p) => (
          <Radio key={p.id} value={p.id} className="merge-choice__option">
            <span className="merge-choice__name">{p.name}</span>
            <span className="merge-choice__meta">
              {[lifeYears(p), plural(p.documentCount, 'document')].filter(Boolean).join(' · ')}
            </span>
          </Radio>
        ))}
      </RadioGroup>
      {error && <Alert tone="error">{error}</Alert>}
    </Dialog>
  );
}
