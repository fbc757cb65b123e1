/**
 * The family history book as a manuscript: what the book says, apart from how it is printed.
 * The compile job builds one (from the people index, the documents and Gene's chapters); each
 * export format (PDF, DOCX, EPUB, Markdown) renders the same manuscript, so the books agree.
 *
 * Names and places are marked in the text where they occur, so each renderer can build the
 * indexes with its own page numbers (only the PDF knows pages; DOCX and EPUB link instead).
 */
export interface Manuscript {
  title: string;
  subtitle?: string;
  /** Whoever compiled the book (the account's name), printed on the title page. */
  author?: string;
  /** ISO date of the compile, printed on the title page ("Compiled 27 November 2026"). */
  compiledAt: string;
  /** The page size of the PDF; DOCX uses it for its section, EPUB ignores it. */
  trim: BookTrim;
  introduction: Block[];
  chapters: Chapter[];
  conclusion: Block[];
  /** Endnotes, numbered 1… through the whole book in the order the text first cites them. */
  notes: Endnote[];
}

export type BookTrim = '6x9' | 'a4' | 'letter';

export interface Chapter {
  title: string;
  /** "Generation 1", "The Barnes line": shown above the title and in the running head. */
  label?: string;
  blocks: Block[];
}

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; runs: Run[] }
  /** A photo from the gallery, with the people tagged in it named in the caption. */
  | {
      kind: 'photo';
      image: Uint8Array;
      mime: 'image/jpeg' | 'image/png';
      width: number;
      height: number;
      caption: Run[];
    }
  /** The root person's pedigree chart, drawn by the documents service (decision 0229). */
  | { kind: 'chart'; title: string; svg: string; pdf?: Uint8Array };

/** A stretch of text. A run that names a person or a place feeds the indexes; `note` puts a superscript after it. */
export interface Run {
  text: string;
  italic?: boolean;
  bold?: boolean;
  /** The person this run names, as the index of names lists them ("Whitfield, John Henry"). */
  person?: IndexName;
  /** The place this run names, as the index of places lists it ("Raleigh, Wake, North Carolina"). */
  place?: string;
  /** The endnote number to mark after this run. */
  note?: number;
}

export interface IndexName {
  /** Stable id, so two people of one name keep two index entries. */
  id: string;
  surname: string;
  given: string;
  /** Years shown in the index to tell namesakes apart ("1858–1921"). */
  years?: string;
}

export interface Endnote {
  n: number;
  /** The Evidence-Explained citation ("1880 U.S. census, Wake County, …; image 12."). */
  text: string;
  /** 'how-we-know' explains a conflict between sources and which reading the book follows. */
  kind: 'source' | 'how-we-know';
}
