import { requireUser } from '@gnology/platform/auth/require-user';
import { useValidationErrorStyle } from '@gnology/platform/http/validation-errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ResearchDeps } from '../context';
import {
  BookError,
  BookList,
  BookParams,
  BookView,
  BookChapterView,
  BookDeleted,
  ChapterParams,
  CompileStarted,
  CreateBookBody,
  CreatedBook,
  ExportQuery,
  UpdateBookBody,
  UpdateChapterBody,
} from '../domain/book-api';
import { createBook } from '../use-cases/create-book';
import { deleteBook } from '../use-cases/delete-book';
import { exportBook } from '../use-cases/export-book';
import { listBooks, readBook } from '../use-cases/read-books';
import { startBookCompile } from '../use-cases/start-book-compile';
import { updateBook, updateChapter } from '../use-cases/update-book';

const errors = (...codes: (400 | 404 | 409 | 422 | 429)[]) =>
  Object.fromEntries(codes.map((c) => [c, BookError])) as Record<number, typeof BookError>;

/**
 * The family history book (issue 33, decision 0233): create, read, edit, delete, compile (a job
 * on the research worker) and export. Another user's book answers 404; a bad body 400 with the
 * schema's sentence.
 */
export const bookRoutes: FastifyPluginAsync<{ deps: ResearchDeps }> = async (app, { deps }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preHandler', requireUser(deps.verifier));
  // The schemas' messages are whole sentences ("A book needs a title."): answered as they are.
  useValidationErrorStyle(app, 'sentence');
  const tags = ['books'];

  r.post(
    '/api/books',
    {
      schema: {
        tags,
        summary:
          "Start a book; with conversationId it adopts that conversation's 'Write the book' plan (422 when it has none)",
        body: CreateBookBody,
        response: { 201: CreatedBook, ...errors(400, 404, 422) },
      },
    },
    async (req, reply) => reply.status(201).send(await createBook(deps, req.user!.id, req.body, req.id)),
  );

  r.get(
    '/api/books',
    {
      schema: { tags, summary: "The user's books, last changed first (no chapter texts)", response: { 200: BookList } },
    },
    async (req) => listBooks(deps, req.user!.id),
  );

  r.get(
    '/api/books/:id',
    {
      schema: {
        tags,
        summary: 'A book: outline, chapters with status and text, compile status and progress (0..1)',
        params: BookParams,
        response: { 200: BookView, ...errors(404) },
      },
    },
    async (req) => readBook(deps, req.user!.id, req.params.id),
  );

  r.put(
    '/api/books/:id',
    {
      schema: {
        tags,
        summary: 'Change the title, the outline (chapters follow it by number), generations or trim',
        params: BookParams,
        body: UpdateBookBody,
        response: { 200: BookView, ...errors(400, 404) },
      },
    },
    async (req) => updateBook(deps, req.user!.id, req.params.id, req.body),
  );

  r.put(
    '/api/books/:id/chapters/:n',
    {
      schema: {
        tags,
        summary: "The author's text of chapter n (kept by every compile); null gives it back to the register",
        params: ChapterParams,
        body: UpdateChapterBody,
        response: { 200: BookChapterView, ...errors(400, 404) },
      },
    },
    async (req) => updateChapter(deps, req.user!.id, req.params.id, req.params.n, req.body),
  );

  r.delete(
    '/api/books/:id',
    {
      schema: {
        tags,
        summary: 'Delete a book, its chapters and its compiled files',
        params: BookParams,
        response: { 200: BookDeleted, ...errors(404) },
      },
    },
    async (req) => {
      await deleteBook(deps, req.user!.id, req.params.id);
      return { message: 'Book deleted.' };
    },
  );

  r.post(
    '/api/books/:id/compile',
    {
      schema: {
        tags,
        summary:
          'Compile the book (a job on the research worker); 409 while its compile is queued or running, 429 while two of the user’s books compile',
        params: BookParams,
        response: { 202: CompileStarted, ...errors(404, 409, 429) },
      },
    },
    async (req, reply) => reply.status(202).send(await startBookCompile(deps, req.user!.id, req.params.id, req.id)),
  );

  r.get(
    '/api/books/:id/export',
    {
      schema: {
        tags,
        summary: 'The last compile as a file (pdf, docx, epub or md); 422 before any compile',
        params: BookParams,
        querystring: ExportQuery,
        response: { ...errors(400, 404, 422) },
      },
    },
    async (req, reply) => {
      const file = await exportBook(deps, req.user!.id, req.params.id, req.query.format);
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.body as never);
    },
  );
};
