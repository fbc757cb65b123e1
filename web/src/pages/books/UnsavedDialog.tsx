import { useRef } from 'react';
import type { Blocker } from 'react-router';
import { Button, Dialog } from '../../components/ui';

/** The question a held move asks: keep editing (stay) or discard the changes (go on). */
export function UnsavedDialog({ blocker }: { blocker: Blocker }) {
  // Once the move goes on, the dialog's closing must not cancel it.
  const proceeding = useRef(false);
  const open = blocker.state === 'blocked';
  if (open) proceeding.current = false;
  return (
    <Dialog
      title="Discard your changes?"
      size="sm"
      isOpen={open}
      dismissable={false}
      onOpenChange={(next) => {
        if (!next && !proceeding.current && blocker.state === 'blocked') blocker.reset();
      }}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.state === 'blocked' && blocker.reset()}>
            Keep editing
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (blocker.state !== 'blocked') return;
              proceeding.current = true;
              blocker.proceed();
            }}
          >
            Discard changes
          </Button>
        </>
      }
    >
      <p>This chapter has changes you have not saved. If you go on, they are lost.</p>
    </Dialog>
  );
}
