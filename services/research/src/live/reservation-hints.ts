import type { HistoryShape } from '../domain/history-shape';
import { RecentIds } from '../domain/recent-ids';

/** Conversations whose next history this process knows; at most this many (the most recent). */
const KNOWN_HISTORIES = 5_000;
/** A longer history is not remembered (its shape is a few bytes a message, but bounded all the same). */
const KNOWN_HISTORY_MESSAGES = 500;

/**
 * What this process has seen of users and conversations whose prompt holds more than the
 * question: a conversation with messages, a user whose library or people index answered; and,
 * for a conversation whose last exchange it saved, the history the next question will find there
 * (decision 0245). Only a hint: a request it misjudges costs one release, never a wrong hold.
 */
export class ReservationHints {
  private readonly conversations = new RecentIds(20_000);
  private readonly usersWithLibrary = new RecentIds(20_000);
  private readonly histories = new Map<string, HistoryShape>();

  /** Whether the prompt is likely just the instructions and the question. */
  likelyBare(userId: string, conversationId: string | null | undefined): boolean {
    return !this.usersWithLibrary.has(userId) && !(conversationId && this.conversations.has(conversationId));
  }

  /**
   * The history the prompt likely holds before the reads: none for a likely bare prompt, the
   * conversation's as this process last saved it, or null when it cannot tell.
   */
  likelyHistory(userId: string, conversationId: string | null | undefined): HistoryShape | null {
    if (this.likelyBare(userId, conversationId)) return [];
    if (this.usersWithLibrary.has(userId) || !conversationId) return null;
    return this.histories.get(conversationId) ?? null;
  }

  /** After the reads: the question is saved into the conversation; the library answered or not. */
  learn(userId: string, conversationId: string | null, libraryAnswered: boolean): void {
    if (conversationId) {
      this.conversations.add(conversationId);
      // Until this request's exchange is saved, the conversation's next history is not known here.
      this.histories.delete(conversationId);
    }
    if (libraryAnswered) this.usersWithLibrary.add(userId);
    else this.usersWithLibrary.delete(userId);
  }

  /** After an exchange is saved: the history the conversation's next question will find. */
  saved(conversationId: string, history: HistoryShape): void {
    this.histories.delete(conversationId);
    if (history.length > KNOWN_HISTORY_MESSAGES) return;
    this.histories.set(conversationId, history);
    if (this.histories.size > KNOWN_HISTORIES) this.histories.delete(this.histories.keys().next().value as string);
  }
}
