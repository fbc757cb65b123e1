import type { TutorialSection } from './tutorialSection';

export const forensicGenealogy: TutorialSection = {
  id: 'forensic-genealogy',
  title: 'Forensic genealogy',
  body: (
    <>
      <p>
        Forensic genealogy is research whose results may be used in legal or official settings. Gene can help you
        organise evidence, plan searches and draft clear reports for three common kinds of case:
      </p>
      <ul>
        <li>
          <strong>Missing heirs.</strong> Identifying and locating the legal heirs of an estate: building the family
          from the deceased outwards, proving each relationship with vital, probate and census records, and accounting
          for every branch, including those who died without children.
        </li>
        <li>
          <strong>DNA research.</strong> Combining DNA match results with documentary research: grouping matches,
          building the trees of shared matches and testing hypotheses about how people are related. DNA supports a
          conclusion; the paper trail explains it.
        </li>
        <li>
          <strong>Military identification.</strong> Tracing the families of service members whose remains have not been
          identified, so that relatives can be found and, where needed, asked to give a reference DNA sample: service
          records, casualty files, next-of-kin records and descendants traced to the present day.
        </li>
      </ul>
      <p>
        Work to the Genealogical Proof Standard, cite every source exactly, keep a log of every search (including
        searches that found nothing), and keep copies of every record you rely on. Courts and agencies set their own
        requirements for evidence and for who may present it.
      </p>
      <div className="callout callout--warning">
        <p>
          <strong>Disclaimer:</strong> GNology and Gene support your research; they do not give legal advice. You are
          solely responsible for verifying every result before you use it in any legal, financial or official matter.
        </p>
      </div>
    </>
  ),
};
