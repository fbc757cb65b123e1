import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import './ui.css';

export type AlertTone = 'success' | 'error' | 'info' | 'warning';

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info, warning: CircleAlert };

/**
 * A message banner. Errors are announced at once (role="alert"); other tones politely
 * (role="status"). Keep it mounted and change its text so screen readers hear updates.
 */
export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: AlertTone;
  children: ReactNode;
  className?: string;
}) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
    >
      <Icon className="alert__icon" aria-hidden="true" size={18} />
      <div className="alert__body">{children}</div>
    </div>
  );
}
