import type { ReactNode } from 'react';
import { type AlertTone, Alert } from './Alert';
import { Button } from './Button';
import './ui.css';

/**
 * What a screen shows when its data could not be loaded: the message, and a Retry button that
 * asks again (a refetch, not a page reload, so nothing typed on the page is lost).
 */
export function LoadError({
  children,
  onRetry,
  retrying = false,
  tone = 'error',
  size = 'md',
  className,
}: {
  children: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  tone?: AlertTone;
  size?: 'sm' | 'md';
  className?: string;
}) {
  return (
    <div className={['load-error', className].filter(Boolean).join(' ')}>
      <Alert tone={tone}>{children}</Alert>
      <Button variant="secondary" size={size} busy={retrying} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
