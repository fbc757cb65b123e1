import {
  DOCUMENTS_EVENT_SOURCE,
  DOCUMENTS_TOPIC,
  type DocumentEventData,
  type DocumentEventType,
} from '@gnology/contracts';

/**
 * One of the service's events as the outbox takes it: on the documents topic, keyed by the
 * document (so its events stay in order), the document as subject. Use cases write it with
 * `writeEvent(trx, …)` in the transaction of the change it announces.
 */
export function documentEvent<T extends DocumentEventType>(
  type: T,
  documentId: string,
  data: DocumentEventData<T>,
  requestId?: string,
) {
  return {
    topic: DOCUMENTS_TOPIC,
    key: documentId,
    type,
    source: DOCUMENTS_EVENT_SOURCE,
    subject: documentId,
    data,
    requestId,
  };
}
