import {
  CONTEXT_WINDOW,
  DOCUMENT_UPLOAD_LIMIT_BYTES,
  PROFESSIONAL_MONTHLY_PRICE,
  PROFESSIONAL_MONTHLY_TOKENS,
  PROFESSIONAL_YEARLY_PRICE,
  TRIAL_TOKENS,
} from '@gnology/contracts';
import { formatTokens, formatUsd, yearlyTerms } from './format';

// The numbers the product enforces, as the pages write them: the rules live in @gnology/contracts,
// so prose that states a limit or a price interpolates these instead of repeating the number.

/** The largest document one upload takes, in MB (200). */
export const UPLOAD_LIMIT_MB = DOCUMENT_UPLOAD_LIMIT_BYTES / (1024 * 1024);

/** How many tokens one conversation holds, written "200,000". */
export const CONVERSATION_TOKENS_TEXT = formatTokens(CONTEXT_WINDOW);

/** The free trial's tokens, written "50,000". */
export const TRIAL_TOKENS_TEXT = formatTokens(TRIAL_TOKENS);
/** Professional's tokens a month, written "1,000,000". */
export const PROFESSIONAL_TOKENS_TEXT = formatTokens(PROFESSIONAL_MONTHLY_TOKENS);
/** Professional's prices, written "$100" (a month) and "$1,044" (a year). */
export const MONTHLY_PRICE_TEXT = formatUsd(PROFESSIONAL_MONTHLY_PRICE);
export const YEARLY_PRICE_TEXT = formatUsd(PROFESSIONAL_YEARLY_PRICE);

const yearly = yearlyTerms(PROFESSIONAL_MONTHLY_PRICE, PROFESSIONAL_YEARLY_PRICE);
/** The yearly price as a month ("$87") and what it saves a year ("$156"). */
export const YEARLY_PER_MONTH_TEXT = formatUsd(yearly.perMonth);
export const YEARLY_SAVING_TEXT = formatUsd(yearly.saving);
