import multipart from '@fastify/multipart';
import { DOCUMENT_UPLOAD_LIMIT_BYTES } from '@gnology/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { DocumentsDeps } from '../context';
import { citationRoutes } from '../library/routes/citation';
import { documentRoutes } from '../library/routes/documents';
import { fileRoutes } from '../library/routes/files';
import { internalRoutes } from '../library/routes/internal';
import { internalBookMaterialRoutes } from '../people/routes/internal-book-material';
import { internalOwnedRoutes } from '../library/routes/internal-owned';
import { internalPhotoRoutes } from '../photos/routes/internal-photos';
import { internalSearchRoutes } from '../library/routes/internal-search';
import { journalRoutes } from '../journal/routes/journal';
import { pageWordsRoutes } from '../library/routes/page-words';
import { peopleRoutes } from '../people/routes/people';
import { peopleChartRoutes } from '../people/routes/people-chart';
import { peopleExportRoutes } from '../people/routes/people-export';
import { peopleHintRoutes } from '../people/routes/people-hints';
import { peopleImportRoutes } from '../people/routes/people-import';
import { searchablePdfRoutes } from '../library/routes/searchable-pdf';
import { internalPeopleRoutes } from '../people/routes/internal-people';
import { uploadRoutes } from '../library/routes/upload';

/** Every HTTP route of the documents service, as one encapsulated plugin. */
export const documentsRoutes: FastifyPluginAsync<{ deps: DocumentsDeps }> = async (app, { deps }) => {
  // Streams only: no attachFieldsToBody, so nothing is buffered. The per-route limit is set in upload.ts.
  await app.register(multipart, { limits: { fileSize: DOCUMENT_UPLOAD_LIMIT_BYTES + 1, files: 1 } });
  await app.register(uploadRoutes, { deps });
  // Static paths before `/:id` is a router matter (find-my-way prefers static), not an order one.
  await app.register(documentRoutes, { deps });
  await app.register(fileRoutes, { deps });
  await app.register(pageWordsRoutes, { deps });
  await app.register(citationRoutes, { deps });
  await app.register(searchablePdfRoutes, { deps });
  await app.register(internalRoutes, { deps });
  await app.register(internalPhotoRoutes, { deps });
  await app.register(internalOwnedRoutes, { deps });
  await app.register(internalSearchRoutes, { deps });
  await app.register(journalRoutes, { deps });
  await app.register(peopleRoutes, { deps });
  await app.register(peopleExportRoutes, { deps });
  await app.register(peopleChartRoutes, { deps });
  await app.register(peopleImportRoutes, { deps });
  await app.register(peopleHintRoutes, { deps });
  await app.register(internalPeopleRoutes, { deps });
  await app.register(internalBookMaterialRoutes, { deps });
};
