/** A message above the composer: one at a time, the latest wins. */
export type Notice = { tone: 'error' | 'warning' | 'info'; text: string } | null;

/** What the page says when a conversation request fails for a reason the server did not explain. */
export const TROUBLE = {
  load: 'Gene could not load your conversations. Check your connection, then retry.',
  open: 'Gene is having trouble loading this conversation. Please try again.',
  create: 'Gene is having trouble starting a new conversation. Please try again.',
  rename: 'Gene is having trouble renaming this conversation. Please try again.',
  delete: 'Gene is having trouble deleting this conversation. Please try again.',
  selection: 'Gene could not remember the documents selected for this conversation. Please try again.',
};

export const timeoutNotice = (minutes: number): Notice => ({
  tone: 'error',
  text: `The request took longer than ${minutes} minutes. Please try again or break your request into smaller parts.`,
});
