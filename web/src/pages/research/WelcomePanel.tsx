interface Props {
  /** Null when the documents could not be loaded. */
  documentCount: number | null;
}

/** What an empty conversation shows: what Gene does, and how to give it documents. */
export function WelcomePanel({ documentCount }: Props) {
  return (
    <div className="welcome">
      <h2>Welcome to your research session with Gene</h2>
      <p>
        Ask about an ancestor, a record or a place. Gene cites the documents each fact comes from and says plainly what
        they do not show.
      </p>
      <p className="welcome__hint">
        {documentCount === null
          ? 'Select documents with the Documents button below for Gene to analyse.'
          : documentCount === 0
            ? 'You have no documents yet: upload records on the Documents page, then select them here for Gene to analyse.'
            : `You have ${documentCount} document${documentCount === 1 ? '' : 's'} available — select them with the Documents button below for Gene to analyse.`}{' '}
        Use <strong>Search</strong> to find earlier conversations.
      </p>
    </div>
  );
}
