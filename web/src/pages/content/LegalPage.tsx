import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentPage } from './ContentPage';
import { lastUpdated } from './lastUpdated';
import './content.css';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** Terms and Privacy: numbered sections, today's date as "Last Updated", the way back to Research. */
export function LegalPage({
  title,
  description,
  intro,
  sections,
}: {
  title: string;
  description: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <ContentPage
      title={title}
      description={description}
      subtitle={<span className="legal__updated">Last Updated: {lastUpdated()}</span>}
    >
      <div className="prose legal">
        {intro}
        {sections.map((s, i) => {
          const id = `section-${i + 1}`;
          return (
            <section key={s.title} id={id} className="anchored" aria-labelledby={`${id}-title`}>
              <h2 id={`${id}-title`}>
                {i + 1}. {s.title}
              </h2>
              {s.body}
            </section>
          );
        })}
      </div>
      <p>
        <Link to="/research">Return to Research</Link>
      </p>
    </ContentPage>
  );
}
