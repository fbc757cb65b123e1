import { CONTEXT_WINDOW, DOCUMENT_UPLOAD_LIMIT_BYTES } from '@gnology/contracts';

// The numbers the product enforces, as the pages write them: the rules live in @gnology/contracts,
// so prose that states a limit interpolates these instead of repeating the number.

/** The largest document one upload takes, in MB (200). */
export const UPLOAD_LIMIT_MB = DOCUMENT_UPLOAD_LIMIT_BYTES / (1024 * 1024);

/** How many tokens one conversation holds, written "200,000". */
export const CONVERSATION_TOKENS_TEXT = CONTEXT_WINDOW.toLocaleString('en-US');
