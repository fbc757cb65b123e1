import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps<T> {
  title: string;
  /** What awaits confirmation: the dialog is open while it is set. */
  subject: T | null;
  /** Called with null when the dialog closes (Cancel, Escape, the close button, or after confirming). */
  onSubjectChange: (subject: null) => void;
  /** The danger button's label ("Delete", "Revoke"). */
  confirmLabel: string;
  onConfirm: (subject: T) => void;
  children: ReactNode;
}

/**
 * A small confirmation for an action that cannot be undone: Cancel and a danger button, and no
 * closing on a stray click outside. The dialog closes once the action has been started.
 */
export function ConfirmDialog<T>({
  title,
  subject,
  onSubjectChange,
  confirmLabel,
  onConfirm,
  children,
}: ConfirmDialogProps<T>) {
  return (
    <Dialog
      title={title}
      size="sm"
      isOpen={subject !== null}
      onOpenChange={(open) => !open && onSubjectChange(null)}
      dismissable={false}
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (subject !== null) onConfirm(subject);
              close();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      )}
    >
      {children}
    </Dialog>
  );
}
