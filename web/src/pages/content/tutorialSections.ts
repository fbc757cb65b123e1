import type { TutorialSection } from './tutorial/tutorialSection';
import { whatIsGene } from './tutorial/whatIsGene';
import { gettingStarted } from './tutorial/gettingStarted';
import { buildingFamilyTree } from './tutorial/buildingFamilyTree';
import { gnologyResearchJournal } from './tutorial/gnologyResearchJournal';
import { forensicGenealogy } from './tutorial/forensicGenealogy';
import { documentAnalysis } from './tutorial/documentAnalysis';
import { documentPhotoIntegration } from './tutorial/documentPhotoIntegration';
import { familyHistoryBookWriting } from './tutorial/familyHistoryBookWriting';
import { researchGuidance } from './tutorial/researchGuidance';
import { generationCounting } from './tutorial/generationCounting';
import { bestPractices } from './tutorial/bestPractices';
import { troubleshooting } from './tutorial/troubleshooting';

/** The twelve sections of the tutorial, in reading order; each section's text is in its own file. */
export const TUTORIAL_SECTIONS: TutorialSection[] = [
  whatIsGene,
  gettingStarted,
  buildingFamilyTree,
  gnologyResearchJournal,
  forensicGenealogy,
  documentAnalysis,
  documentPhotoIntegration,
  familyHistoryBookWriting,
  researchGuidance,
  generationCounting,
  bestPractices,
  troubleshooting,
];
