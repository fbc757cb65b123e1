import type { ResearchConfig } from '../config';
import type { BookMaterial } from '../domain/book-material';

export interface BookMaterialRequest {
  userId: string;
  /** The person the book is about; the documents service picks one when absent (decision 0234). */
  rootIndividualId?: string;
  generations: number;
}

/**
 * The book's material from the documents service (decision 0234): the people, events, citations
 * and conflicts in one call, then each photo's downscaled JPEG by a second call.
 */
export async function fetchBookMaterial(
  config: Pick<ResearchConfig, 'DOCUMENTS_URL' | 'INTERNAL_TOKEN'>,
  req: BookMaterialRequest,
  opts: { requestId?: string; signal?: AbortSignal } = {},
): Promise<BookMaterial> {
  void config;
  void req;
  void opts;
  throw new Error('fetchBookMaterial: not built yet');
}
