import { type ReactNode, useId } from 'react';
import './ui.css';

/** A raised panel; with a title it is a labelled section. */
export function Card({
  title,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={['card', className].filter(Boolean).join(' ')} aria-labelledby={title ? id : undefined}>
      {(title || actions) && (
        <div className="card__header">
          {title && (
            <h2 id={id} className="card__title">
              {title}
            </h2>
          )}
          {actions && <div className="card__actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
