import type { TutorialSection } from './tutorialSection';

/** The generations of a line, counted as GNology counts them (docs/contract.md#other-limits). */
const GENERATIONS: [string, string, string][] = [
  ['1', 'The earliest known ancestor', 'The start of the line: 0 generations down'],
  ['2', 'Their children', '1 generation down'],
  ['3', 'Their grandchildren', '2 generations down'],
  ['4', 'Their great-grandchildren', '3 generations down'],
  ['5', 'Their great-great-grandchildren', '4 generations down'],
];

export const generationCounting: TutorialSection = {
  id: 'generation-counting',
  title: 'Counting generations',
  body: (
    <>
      <p>
        In GNology projects and in Gene’s books, <strong>generation 1 is the earliest known ancestor</strong>, and
        counting is inclusive: the ancestor’s own generation counts as one. Their children are generation 2,
        grandchildren generation 3 and great-grandchildren generation 4 — three generations down from the ancestor.
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption>A line counted from the earliest known ancestor</caption>
          <thead>
            <tr>
              <th scope="col">Generation</th>
              <th scope="col">Who</th>
              <th scope="col">Distance from the ancestor</th>
            </tr>
          </thead>
          <tbody>
            {GENERATIONS.map(([n, who, distance]) => (
              <tr key={n}>
                <th scope="row">{n}</th>
                <td>{who}</td>
                <td>{distance}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        So a book “from Thomas Evans to his great-grandchildren” covers four generations. Pedigree charts and Ahnentafel
        numbers count the other way, with you as number 1; when you ask Gene about generations, say which way you are
        counting.
      </p>
    </>
  ),
};
