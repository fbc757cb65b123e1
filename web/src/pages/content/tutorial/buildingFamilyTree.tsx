import type { TutorialSection } from './tutorialSection';

export const buildingFamilyTree: TutorialSection = {
  id: 'building-family-tree',
  title: 'Building your family tree',
  body: (
    <>
      <p>Family history is built backwards, one proven generation at a time, from what you know to what you do not.</p>
      <ol>
        <li>
          <strong>Start with yourself</strong> and your parents: full names, dates and places of birth, marriage and
          death. Write down how you know each fact.
        </li>
        <li>
          <strong>Gather what the family already has:</strong> certificates, family Bibles, letters, photographs,
          funeral cards, military papers. Ask older relatives what they remember, and note who told you what and when.
        </li>
        <li>
          <strong>Work back one generation at a time.</strong> Prove each link between parent and child with records
          before you reach further back. A name that matches is not yet a proven connection.
        </li>
        <li>
          <strong>Choose five ancestors for a project.</strong> GNology’s method follows five ancestors at a time — for
          example a couple and their parents, or five generations of one line. Five is enough for a book and few enough
          to research thoroughly.
        </li>
      </ol>
      <p>
        Record each family as a group — parents and all their children — rather than a single line: brothers and sisters
        often left the records that name their parents.
      </p>
    </>
  ),
};
