import type { IndividualDetail, Journal, PersonDetail, RequestType } from '@gnology/contracts';

/** One document as research reads it from the documents service (this user's only). */
export interface ContextDocument {
  _id: string;
  originalName: string;
  documentType?: string | null;
  extractedText?: string | null;
  /** The documents service's stored extraction (decision 0208): names with their role relative to the primary subject… */
  peopleIdentified?: { name: string; role?: string | null }[] | null;
  /** …each one's part in the record itself (bride, father of the groom, witness), which the offline engine answers from… */
  personDetails?: PersonDetail[] | null;
  /** …and the dates (`DateInfoItem[]`), places (`GeoInfoItem[]`) and occupations it read (older shapes may come back). */
  dateInfo?: unknown;
  geographicalInfo?: unknown;
  occupations?: unknown;
  tags?: string[] | null;
  uploadedAt?: string | null;
  /** A filled GNology Journal's structured fields (journals only). */
  journal?: Journal | null;
  /** Each page's text, for documents of more than one page (so a fact is cited by its page). */
  pages?: { pageNumber: number; text: string }[] | null;
  /** Found by searching the user's library (decision 0170), not selected: `pages` holds only the pages that matched. */
  retrieved?: boolean;
  /** For a found document: the name asked about, as its best page writes it; citations ask the viewer to highlight it. */
  highlight?: string;
  /** Its Evidence Explained-style source citation (decision 0186): the model and the offline engine list it. */
  citation?: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What a book continuation needs to know (decision 0044). */
export interface BookContext {
  title: string;
  outline: string[];
  /** Summaries of the sections written so far, in order. */
  summaries: { title: string; summary: string }[];
  /** The section to write now, and whether the previous text stopped inside it. */
  section: { index: number; title: string; resume: boolean };
  /** The last characters written, so the text can pick up exactly where it stopped. */
  tail: string;
}

export interface ProviderRequest {
  requestType: RequestType;
  system: string;
  /** Selected documents, sorted by id so the cached prefix is the same on every call. */
  documents: ContextDocument[];
  /** History (trimmed) and the new user turn last. */
  messages: ChatTurn[];
  /** Text already written by an interrupted generation: the answer continues it. */
  continuation?: string;
  book?: BookContext;
  /** What the people index holds about the people the question names (issue 16). */
  people?: IndividualDetail[];
  query: string;
  maxTokens: number;
  timeoutMs: number;
  maxRetries: number;
}

export interface ProviderUsage {
  /** input + cache creation + cache read (architecture: count input tokens this way). */
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the prompt cache. */
  savedTokens: number;
}

export type StopReason = 'end' | 'max_tokens' | 'aborted';

/** `estimated`: the provider reported no usage; `usage` is counted from the prompt and the text (decision 0085). */
export type ProviderEvent =
  | { type: 'delta'; text: string }
  | { type: 'done'; usage: ProviderUsage; stopReason: StopReason; estimated?: boolean };

export interface LlmProvider {
  readonly name: 'anthropic' | 'openai' | 'offline';
  stream(req: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
}

/** A provider failure, carrying the status and error type the spec's messages are chosen by. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly type: string | undefined,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
