import type { TreeCitationOut, TreeClaims as TreeClaimsData } from '@gnology/contracts';

const cite = (c: TreeCitationOut) => [c.title, c.page, c.text && `“${c.text}”`].filter(Boolean).join(', ');

/**
 * What an imported tree says of a person (issue 32), apart from the documents' evidence: the
 * facts as the file states them, each with the file's sources and notes, and the person's notes.
 * A tree fact is a claim until a document shows it.
 */
export function TreeClaims({ tree }: { tree: TreeClaimsData }) {
  return (
    <section className="person-section" aria-labelledby="tree-claims-title">
      <h2 id="tree-claims-title" className="person-section__title">
        What your tree says
      </h2>
      <p className="tree-claims__intro">
        From {tree.fileName} ({tree.xref}). These are the tree's claims, with its own sources; they are not evidence
        from your documents.
      </p>
      {tree.facts.length === 0 ? (
        <p className="person-section__empty">The tree gives no facts for this person.</p>
      ) : (
        <ul className="tree-claims__list">
          {tree.facts.map((f, i) => (
            // Facts have no id of their own; their order in the file is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i} className="tree-claims__fact">
              <span>
                <span className="tree-claims__label">{f.label}</span>
                {f.value && <> · {f.value}</>}
              </span>
              {(f.date || f.place) && (
                <span className="tree-claims__meta">{[f.date, f.place].filter(Boolean).join(' · ')}</span>
              )}
              {f.citations.map((c) => (
                <span key={cite(c)} className="tree-claims__cite">
                  Source: {cite(c)}
                </span>
              ))}
              {f.notes.map((n) => (
                <span key={n} className="tree-claims__note">
                  Note: {n}
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      {(tree.notes.length > 0 || tree.citations.length > 0) && (
        <>
          <h3 className="tree-claims__subtitle">Notes and sources</h3>
          <ul className="tree-claims__list">
            {tree.citations.map((c) => (
              <li key={`c|${cite(c)}`} className="tree-claims__cite">
                Source: {cite(c)}
              </li>
            ))}
            {tree.notes.map((n) => (
              <li key={`n|${n}`} className="tree-claims__note">
                {n}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
