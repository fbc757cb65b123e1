import { RecentIds } from '../domain/recent-ids';

/**
 * What this process has seen of users and conversations whose prompt holds more than the
 * question: a conversation with messages, a user whose library or people index answered. Their
 * next request does not reserve early (it would be released again). Only a hint: a request it
 * misjudges costs one release, never a wrong hold.
 */
export class ReservationHints {
  private readonly conversations = new RecentIds(20_000);
  private readonly usersWithLibrary = new RecentIds(20_000);

  /** Whether the prompt is likely just the instructions and the question. */
  likelyBare(userId: string, conversationId: string | null | undefined): boolean {
    return !this.usersWithLibrary.has(userId) && !(conversationId && this.conversations.has(conversationId));
  }

  /** After the reads: the question is saved into the conversation; the library answered or not. */
  learn(userId: string, conversationId: string | null, libraryAnswered: boolean): void {
    if (conversationId) this.conversations.add(conversationId);
    if (libraryAnswered) this.usersWithLibrary.add(userId);
    else this.usersWithLibrary.delete(userId);
  }
}
