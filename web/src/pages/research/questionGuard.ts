import {
  balanceMessage,
  balanceRefusal,
  CAPACITY_MESSAGE,
  CAPACITY_WARNING,
  capacityLevel,
  estimateMessageTokens,
  inferRequestType,
  type RequestType,
} from '@gnology/contracts';
import type { ChatMessage } from './MessageList';
import type { Notice } from './notices';
import { lastBalance } from './thread';

export interface QuestionCheck {
  requestType: RequestType;
  /** Set when the question must not be sent: the notice says why. */
  refused: Notice;
  /** Set when the question may be sent but the conversation is nearly full. */
  warning: Notice;
}

/**
 * Before a question leaves the browser: the conversation's room (capacity) and the balance the
 * last answer reported, both with the rules and messages of @gnology/contracts.
 */
export function checkQuestion(
  text: string,
  totalTokens: number,
  messages: ChatMessage[],
  plan: string | undefined,
): QuestionCheck {
  const requestType = inferRequestType(text);
  const estimate = estimateMessageTokens(text, requestType);
  const capacity = capacityLevel(totalTokens, estimate);
  if (capacity.level === 'block')
    return { requestType, refused: { tone: 'error', text: CAPACITY_MESSAGE }, warning: null };
  const warning: Notice = capacity.level === 'warn' ? { tone: 'warning', text: CAPACITY_WARNING } : null;
  const refusal = balanceRefusal(lastBalance(messages), estimate, plan);
  return { requestType, refused: refusal ? { tone: 'error', text: balanceMessage(refusal, plan) } : null, warning };
}
