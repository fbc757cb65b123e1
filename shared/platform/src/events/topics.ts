/**
 * Versioned topic names. A topic carries the events of one domain; its version changes only
 * with an incompatible change of the events on it (a new topic is created and both are
 * published during the migration).
 */
export const TOPICS = {
  documents: 'gnology.documents.v1',
  auth: 'gnology.auth.v1',
  conversations: 'gnology.conversations.v1',
  research: 'gnology.research.v1',
  billing: 'gnology.billing.v1',
  albums: 'gnology.albums.v1',
} as const;

export type TopicDomain = keyof typeof TOPICS;
export type TopicName = (typeof TOPICS)[TopicDomain];

/** `topicName('documents')` → `gnology.documents.v1`. */
export function topicName(domain: string, version = 1): string {
  if (!/^[a-z][a-z0-9-]*$/.test(domain)) throw new Error(`invalid topic domain: ${domain}`);
  if (!Number.isInteger(version) || version < 1) throw new Error(`invalid topic version: ${version}`);
  return `gnology.${domain}.v${version}`;
}

/** Names Kafka accepts (and pg-boss uses as event names): letters, digits, '.', '_', '-'. */
export function assertTopicName(topic: string): void {
  if (typeof topic !== 'string' || !/^[A-Za-z0-9._-]{1,200}$/.test(topic)) {
    throw new Error(`invalid topic name: ${JSON.stringify(topic)} (letters, digits, '.', '_' and '-' only)`);
  }
}
