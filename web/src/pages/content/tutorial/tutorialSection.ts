import type { ReactNode } from 'react';

/** One section of the tutorial: its anchor, its heading and its text. */
export interface TutorialSection {
  /** The fragment a link lands on (docs/contract.md#screens). */
  id: string;
  title: string;
  body: ReactNode;
}
