import type { TutorialSection } from './tutorialSection';

export const documentPhotoIntegration: TutorialSection = {
  id: 'document-photo-integration',
  title: 'Documents and photos together',
  body: (
    <>
      <p>Photos bring a family history to life, and records tell you who is in them.</p>
      <ul>
        <li>Upload photos in Documents; they appear in your Gallery.</li>
        <li>Tag the people in each photo by name, so you can find every picture of one person.</li>
        <li>Note on each photo what you know: the date, the place, and how you know who is in it.</li>
        <li>Choose photos in the Gallery and open the Album Creator to make a printable PDF album with captions.</li>
      </ul>
      <p>
        When writing your book, ask Gene where each photo or document fits: Gene suggests a place in the chapter and
        drafts a caption, and you place the images when you lay out the book.
      </p>
    </>
  ),
};
