import type { z } from 'zod';
import { ALBUM_GENERATED, ALBUMS_TOPIC, AlbumGeneratedData } from './albums';
import { USER_PHONE_VERIFIED, USER_REGISTERED, UserPhoneVerifiedData, UserRegisteredData } from './auth';
import { SUBSCRIPTION_CHANGED, SubscriptionChangedData, TOKENS_CONSUMED, TokensConsumedData } from './billing';
import { CONVERSATION_MESSAGE_CREATED, ConversationMessageCreatedData } from './conversations';
import { DOCUMENTS_TOPIC, documentEventSchemas } from './documents';
import { RESEARCH_COMPLETED, ResearchCompletedData } from './research';

export interface EventEntry {
  topic: string;
  type: string;
  /** What the Kafka record key (the CloudEvent subject) is. */
  key: string;
  summary: string;
  data: z.ZodType;
}

/** Every event GNology publishes: the source of the AsyncAPI document for integrators. */
export const eventCatalog: EventEntry[] = [
  {
    topic: 'gnology.auth.v1',
    type: USER_REGISTERED,
    key: 'user id',
    summary: 'An account was created (trial plan, phone not yet verified).',
    data: UserRegisteredData,
  },
  {
    topic: 'gnology.auth.v1',
    type: USER_PHONE_VERIFIED,
    key: 'user id',
    summary: 'The account verified its phone number and may use the product.',
    data: UserPhoneVerifiedData,
  },
  {
    topic: DOCUMENTS_TOPIC,
    type: 'document.uploaded',
    key: 'document id',
    summary: 'A document was stored and queued for processing.',
    data: documentEventSchemas['document.uploaded'],
  },
  {
    topic: DOCUMENTS_TOPIC,
    type: 'document.processed',
    key: 'document id',
    summary: 'Text and entities were extracted from a document.',
    data: documentEventSchemas['document.processed'],
  },
  {
    topic: DOCUMENTS_TOPIC,
    type: 'document.updated',
    key: 'document id',
    summary: "The owner changed the document's people or tags; carries all its entities as they now stand.",
    data: documentEventSchemas['document.updated'],
  },
  {
    topic: DOCUMENTS_TOPIC,
    type: 'document.failed',
    key: 'document id',
    summary: 'Processing failed after its last attempt.',
    data: documentEventSchemas['document.failed'],
  },
  {
    topic: DOCUMENTS_TOPIC,
    type: 'document.deleted',
    key: 'document id',
    summary: 'A document and its files were deleted.',
    data: documentEventSchemas['document.deleted'],
  },
  {
    topic: ALBUMS_TOPIC,
    type: ALBUM_GENERATED,
    key: 'album id',
    summary: 'A printable photo album PDF was rendered and stored.',
    data: AlbumGeneratedData,
  },
  {
    topic: 'gnology.conversations.v1',
    type: CONVERSATION_MESSAGE_CREATED,
    key: 'conversation id',
    summary: 'A message was saved in a conversation.',
    data: ConversationMessageCreatedData,
  },
  {
    topic: 'gnology.research.v1',
    type: RESEARCH_COMPLETED,
    key: 'user id',
    summary: 'Gene finished (or was stopped on) a research request.',
    data: ResearchCompletedData,
  },
  {
    topic: 'gnology.billing.v1',
    type: TOKENS_CONSUMED,
    key: 'user id',
    summary: 'A research request was settled against the token ledger.',
    data: TokensConsumedData,
  },
  {
    topic: 'gnology.billing.v1',
    type: SUBSCRIPTION_CHANGED,
    key: 'user id',
    summary: "The account's plan changed.",
    data: SubscriptionChangedData,
  },
];
