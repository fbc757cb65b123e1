import './ui.css';

/**
 * What shows while a page's code arrives: nothing for a moment (most loads are quicker than
 * that), then a quiet "Loading..." so a slow connection is not a blank screen.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="page-loading__text">Loading...</span>
    </div>
  );
}
