import { z } from 'zod';
import { ObjectId } from './common';
import { RetrievedSource } from './library-search';

/** The three request types of docs/contract.md#tokens, inferred from the typed text. */
export const RequestType = z.enum(['regular', 'chapter', 'book']);
export type RequestType = z.infer<typeof RequestType>;

/** Token figures stored on an assistant message (docs/contract.md#entities, Message.tokens). */
export const MessageTokens = z.object({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  total: z.number().nonnegative(),
  saved: z.number().nonnegative().default(0),
  savingsPercentage: z.number().nonnegative().default(0),
  max: z.number().nonnegative().optional(),
});
export type MessageTokens = z.infer<typeof MessageTokens>;

/** Every field of the spec's Message, as saved and as answered. */
export const Message = z.object({
  _id: ObjectId,
  id: ObjectId,
  type: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.string(),
  requestType: RequestType,
  documents: z.array(ObjectId).nullable(),
  tokens: MessageTokens.nullable(),
  tokenBalance: z.object({ remaining: z.number() }).passthrough().nullable(),
  cost: z.number().nullable(),
  /** An answer's "Sources used": the library documents it was built from (issue 16); absent when none. */
  sources: z.array(RetrievedSource).optional(),
});
export type Message = z.infer<typeof Message>;

export const ConversationSummary = z.object({
  _id: ObjectId,
  id: ObjectId,
  title: z.string(),
  lastActivity: z.string(),
  createdAt: z.string(),
  messageCount: z.number().int().nonnegative(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

/** The most documents one conversation can have selected (the selector's list is one user's completed documents). */
export const MAX_SELECTED_DOCUMENTS = 200;

export const Conversation = ConversationSummary.extend({
  messages: z.array(Message),
  /** The documents selected for the conversation, restored when it is opened (issue 13). */
  selectedDocuments: z.array(ObjectId),
});
export type Conversation = z.infer<typeof Conversation>;

const Title = z.string().max(200, 'title: at most 200 characters');

export const CreateConversationBody = z.object({ title: Title.optional() });
export type CreateConversationBody = z.infer<typeof CreateConversationBody>;

/** A blank title is refused (docs/contract.md#validation). */
export const RenameConversationBody = z.object({
  title: Title.refine((t) => t.trim().length > 0, 'title must not be blank'),
});
export type RenameConversationBody = z.infer<typeof RenameConversationBody>;

/** PUT /api/conversations/{id}/documents: the whole selection; ids that are not the user's documents are dropped. */
export const SelectDocumentsBody = z.object({
  documentIds: z.array(ObjectId).max(MAX_SELECTED_DOCUMENTS, `documentIds: at most ${MAX_SELECTED_DOCUMENTS}`),
});
export type SelectDocumentsBody = z.infer<typeof SelectDocumentsBody>;

/** POST /api/conversations/{id}/messages (docs/contract.md#api): user and assistant forms share one body. */
export const SaveMessageBody = z.object({
  type: z.enum(['user', 'assistant']),
  content: z.string().min(1, 'content must not be empty').max(2_000_000),
  requestType: RequestType.default('regular'),
  documents: z.array(ObjectId).max(200).nullable().optional(),
  tokens: MessageTokens.nullable().optional(),
  tokenBalance: z.object({ remaining: z.number() }).passthrough().nullable().optional(),
  cost: z.number().nullable().optional(),
  // Up to 50 selected documents (ResearchBody) and the few the library search found beside them (issue 30).
  sources: z.array(RetrievedSource).max(60).optional(),
  timestamp: z.string().datetime().optional(),
});
export type SaveMessageBody = z.infer<typeof SaveMessageBody>;

export const ListConversationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const SearchConversationsQuery = z.object({
  query: z.string().trim().min(1, 'query must not be empty').max(200),
  limit: z.coerce.number().int().min(1).max(20).default(20),
});

export const SearchResultMessage = z.object({
  type: z.enum(['user', 'assistant']),
  timestamp: z.string(),
  /** The start of the message, as plain text. */
  content: z.string(),
  /** An excerpt around the match: HTML-escaped text whose only markup is <mark>…</mark>. */
  preview: z.string(),
});

export const SearchResult = z.object({
  conversationId: ObjectId,
  title: z.string(),
  matchCount: z.number().int().nonnegative(),
  lastActivity: z.string(),
  relevantMessages: z.array(SearchResultMessage),
});

export const SearchResponse = z.object({
  query: z.string(),
  results: z.array(SearchResult),
  totalFound: z.number().int().nonnegative(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
export type SearchResult = z.infer<typeof SearchResult>;

/** POST /internal/documents/owned (conversation → documents): which of these ids are the user's documents. */
export const OwnedDocumentsRequest = z.object({
  userId: z.string().min(1),
  ids: z.array(ObjectId).max(MAX_SELECTED_DOCUMENTS),
});
export type OwnedDocumentsRequest = z.infer<typeof OwnedDocumentsRequest>;
export const OwnedDocumentsResponse = z.object({ ids: z.array(ObjectId) });
export type OwnedDocumentsResponse = z.infer<typeof OwnedDocumentsResponse>;
