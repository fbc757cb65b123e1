import './ui.css';

/** A small busy indicator with a text alternative (shown beside it unless `hideLabel`). */
export function Spinner({ label = 'Loading...', hideLabel = false }: { label?: string; hideLabel?: boolean }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className={hideLabel ? 'visually-hidden' : 'spinner__label'}>{label}</span>
    </span>
  );
}

/** The full-height message the route guard shows while the session loads (docs/contract.md#screens). */
export function FullHeightMessage({ children }: { children: string }) {
  return (
    <div className="full-height-message" role="status">
      {children}
    </div>
  );
}
