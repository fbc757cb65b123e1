import type { Message } from '@gnology/contracts';

/**
 * A conversation's history as the prompt's cost counts it: each message's side and length, never
 * its text (decision 0245). What the model request makes of a history (which turns fit the budget,
 * how same-side turns merge) and what it can cost depend on these alone, so a history rebuilt from
 * its shape costs exactly what the history costs.
 */
export type HistoryShape = readonly { type: Message['type']; length: number }[];

/** The shape of the messages the model request keeps (a blank message is never sent). */
export function historyShape(messages: readonly Pick<Message, 'type' | 'content'>[]): HistoryShape {
  return messages.filter((m) => m.content.trim()).map((m) => ({ type: m.type, length: m.content.length }));
}

/** A stand-in history of that shape: for counting what a prompt can cost, never for the model. */
export function historyOfShape(shape: HistoryShape): Pick<Message, 'type' | 'content'>[] {
  return shape.map((m) => ({ type: m.type, content: 'x'.repeat(m.length) }));
}
