import type { EventsTables } from '@gnology/platform/events/outbox';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  /** 24-character hex id (newObjectId). */
  id: string;
  /** Trimmed and lower-cased; unique. */
  email: string;
  name: string | null;
  /** argon2id PHC string. */
  password_hash: string;
  /** E.164. */
  phone: string;
  phone_verified: Generated<boolean>;
  promo_code: string | null;
  /** Mirrors billing's subscription plan (subscription.changed events). */
  plan: Generated<string>;
  /** Time of the billing event that set `plan`: an older, redelivered event never overwrites it. */
  plan_changed_at: Date | null;
  is_test_user: Generated<boolean>;
  /** Bumped on password change: tokens carrying an older `tv` are refused. */
  token_version: Generated<number>;
  /** Why the account started without the free trial (decision 0211); null when it had it (or is a test account). */
  no_trial_reason: Generated<'phone-already-used' | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PromoCodesTable {
  code: string;
  description: string | null;
  active: Generated<boolean>;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: Date | null;
  /** Accounts registered with this code are test users (spec: "A test user plan exists"). */
  marks_test_user: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface PhoneVerificationsTable {
  user_id: string;
  phone: string;
  /** Salted hash of the code; null when the SMS provider (Twilio Verify) owns the code. */
  code_hash: string | null;
  expires_at: Timestamp;
  failed_attempts: Generated<number>;
  created_at: Generated<Date>;
}

export interface SmsSendsTable {
  id: Generated<number>;
  user_id: string;
  kind: 'registration' | 'resend' | 'login';
  sent_at: Generated<Date>;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_started_at: Date;
}

/** A sign-up answered for an e-mail that already has an account (see 0002_registration_decoys). */
export interface RegistrationDecoysTable {
  id: string;
  email: string;
  name: string | null;
  phone: string;
  code_sent_at: Generated<Date>;
  resent_at: Generated<Date[]>;
  failed_attempts: Generated<number>;
  created_at: Generated<Date>;
}

/** A personal access token (see 0003_access_tokens): the secret itself is never stored. */
export interface AccessTokensTable {
  id: string;
  user_id: string;
  name: string;
  scope: string;
  /** Hex SHA-256 of the whole secret. */
  token_hash: string;
  prefix: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A phone number whose free trial has been given (see 0004_one_trial_per_phone); one row per E.164 number. */
export interface TrialClaimsTable {
  phone: string;
  user_id: string;
  claimed_at: Generated<Date>;
}

export interface AuthDB extends EventsTables {
  users: UsersTable;
  promo_codes: PromoCodesTable;
  phone_verifications: PhoneVerificationsTable;
  sms_sends: SmsSendsTable;
  rate_limits: RateLimitsTable;
  registration_decoys: RegistrationDecoysTable;
  access_tokens: AccessTokensTable;
  trial_claims: TrialClaimsTable;
}

export type AuthDb = Kysely<AuthDB>;
export type AuthTrx = Transaction<AuthDB>;
