import { PROMO_CODE_MAX_LENGTH } from '@gnology/contracts';

/** The form's own filter (docs/contract.md#validation): letters, digits and hyphens, upper case, at most 20. */
export function normalizePromoCode(input: string | undefined | null): string | null {
  const code = (input ?? '').trim().toUpperCase();
  if (!code) return null;
  if (code.length > PROMO_CODE_MAX_LENGTH || !/^[A-Z0-9-]+$/.test(code)) return null;
  return code;
}

export interface PromoCodeState {
  active: boolean;
  maxUses: number | null;
  uses: number;
  expiresAt: Date | null;
}

/** Whether a stored code can still be redeemed by one more account. */
export function isRedeemable(code: PromoCodeState, now: Date): boolean {
  if (!code.active) return false;
  if (code.expiresAt && code.expiresAt.getTime() <= now.getTime()) return false;
  if (code.maxUses !== null && code.uses >= code.maxUses) return false;
  return true;
}
