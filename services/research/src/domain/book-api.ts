import { z } from 'zod';

/**
 * The books API's request and answer shapes (issue 33's contract, decision 0233). The routes
 * validate with them and the service's OpenAPI document is generated from them, so the web and
 * integrators read the same shapes.
 */

export const BOOK_TITLE_MAX = 200;
export const BOOK_CHAPTER_TITLE_MAX = 200;
export const BOOK_OUTLINE_MAX = 60;
/** About 35,000 words (some 70 pages of a 6×9 book); at 4 bytes a character it still fits the API's 1 MB body limit. */
export const BOOK_CHAPTER_TEXT_MAX = 200_000;
export const BOOK_GENERATIONS_MIN = 1;
export const BOOK_GENERATIONS_MAX = 10;
export const BOOK_GENERATIONS_DEFAULT = 4;

const Id = z.string().regex(/^[0-9a-f]{24}$/, 'must be an id of 24 hexadecimal characters');

const Title = z
  .string({ error: 'A book needs a title.' })
  .trim()
  .min(1, 'A book needs a title.')
  .max(BOOK_TITLE_MAX, `A title has at most ${BOOK_TITLE_MAX} characters.`);

const Outline = z
  .array(
    z
      .string({ error: 'Each chapter of the outline is a title.' })
      .trim()
      .min(1, 'A chapter title cannot be empty.')
      .max(BOOK_CHAPTER_TITLE_MAX, `A chapter title has at most ${BOOK_CHAPTER_TITLE_MAX} characters.`),
    { error: 'The outline is a list of chapter titles.' },
  )
  .max(BOOK_OUTLINE_MAX, `A book has at most ${BOOK_OUTLINE_MAX} chapters.`);

export const BookTrimSchema = z.enum(['6x9', 'a4', 'letter'], { error: 'The trim is one of 6x9, a4 or letter.' });

const Generations = z
  .number({ error: 'Generations is a whole number.' })
  .int('Generations is a whole number.')
  .min(BOOK_GENERATIONS_MIN, `A book covers ${BOOK_GENERATIONS_MIN} to ${BOOK_GENERATIONS_MAX} generations.`)
  .max(BOOK_GENERATIONS_MAX, `A book covers ${BOOK_GENERATIONS_MIN} to ${BOOK_GENERATIONS_MAX} generations.`);

export const CreateBookBody = z.strictObject(
  {
    title: Title,
    /** The person the book is about; without it the documents service picks one (decision 0234). */
    rootIndividualId: z.string().trim().min(1).max(100).optional(),
    /** A conversation whose "Write the book" plan the book adopts (its outline; "continue" then writes its chapters). */
    conversationId: Id.optional(),
    generations: Generations.optional(),
    trim: BookTrimSchema.optional(),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
);
export type CreateBookBody = z.infer<typeof CreateBookBody>;

export const UpdateBookBody = z
  .strictObject(
    {
      title: Title.optional(),
      outline: Outline.optional(),
      generations: Generations.optional(),
      trim: BookTrimSchema.optional(),
    },
    { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
  )
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change: send a title, an outline, generations or a trim.');
export type UpdateBookBody = z.infer<typeof UpdateBookBody>;

/** The author's text of a chapter (paragraphs separated by blank lines, `*italic*`, `[^n]` notes); null gives the chapter back to the register. */
export const UpdateChapterBody = z.strictObject({
  text: z
    .string({ error: 'The chapter text is a string, or null to give the chapter back to the register.' })
    .max(BOOK_CHAPTER_TEXT_MAX, `A chapter has at most ${BOOK_CHAPTER_TEXT_MAX.toLocaleString('en')} characters.`)
    .refine(
      (t) => t.trim().length > 0,
      'The chapter text is empty: send null to give the chapter back to the register.',
    )
    .nullable(),
  title: z
    .string()
    .trim()
    .min(1, 'A chapter title cannot be empty.')
    .max(BOOK_CHAPTER_TITLE_MAX, `A chapter title has at most ${BOOK_CHAPTER_TITLE_MAX} characters.`)
    .optional(),
});
export type UpdateChapterBody = z.infer<typeof UpdateChapterBody>;

export const BookParams = z.object({ id: z.string() });
export const ChapterParams = z.object({
  id: z.string(),
  n: z.coerce
    .number({ error: 'The chapter number is a whole number from 1.' })
    .int('The chapter number is a whole number from 1.')
    .min(1, 'The chapter number is a whole number from 1.'),
});

export const BookFormatSchema = z.enum(['pdf', 'docx', 'epub', 'md'], {
  error: 'The format is one of pdf, docx, epub or md.',
});
export const ExportQuery = z.object({ format: BookFormatSchema });

export const BookChapterView = z.object({
  n: z.number().int(),
  title: z.string(),
  label: z.string().optional(),
  status: z.enum(['empty', 'writing', 'written', 'edited', 'failed']),
  source: z.enum(['register', 'model', 'author']).nullable(),
  text: z.string().nullable(),
  updatedAt: z.string(),
});
export type BookChapterView = z.infer<typeof BookChapterView>;

export const BookCompileView = z.object({
  status: z.enum(['none', 'queued', 'running', 'done', 'failed']),
  /** 0..1 */
  progress: z.number(),
  error: z.string().nullable(),
  compiledAt: z.string().nullable(),
});

export const BookView = z.object({
  id: z.string(),
  title: z.string(),
  rootIndividualId: z.string().nullable(),
  conversationId: z.string().nullable(),
  generations: z.number().int(),
  trim: BookTrimSchema,
  outline: z.array(z.string()),
  chapters: z.array(BookChapterView),
  compile: BookCompileView,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookView = z.infer<typeof BookView>;

/** A book in the list: no chapter texts. */
export const BookSummaryView = BookView.omit({ chapters: true }).extend({
  chapterCount: z.number().int(),
  writtenCount: z.number().int(),
});
export type BookSummaryView = z.infer<typeof BookSummaryView>;

export const BookList = z.object({ books: z.array(BookSummaryView) });
export const CreatedBook = z.object({ id: z.string() });
export const CompileStarted = z.object({ jobId: z.string() });
export const BookError = z.object({ error: z.string() });
export const BookDeleted = z.object({ message: z.string() });
