import type { GenerationRow } from '../store/generations';

/** A generation as its owner reads it: its state, its length in characters, and its text when asked for. */
export function generationView(g: GenerationRow, withText: boolean) {
  return {
    id: g.id,
    conversationId: g.conversation_id,
    requestType: g.request_type,
    status: g.status,
    stopRequested: g.stop_requested,
    length: [...g.text].length,
    error: g.error,
    createdAt: new Date(g.created_at).toISOString(),
    updatedAt: new Date(g.updated_at).toISOString(),
    ...(withText ? { text: g.text } : {}),
  };
}
