import type { EventsTables } from '@gnology/platform/events/outbox';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccountsTable {
  user_id: string;
  email: string | null;
  name: string | null;
  plan: string;
  allowance: number;
  used: number;
  held: number;
  balance: number;
  overage_tokens: number;
  period_input: Generated<number>;
  period_output: Generated<number>;
  period_saved: Generated<number>;
  period_requests: Generated<number>;
  period_start: Timestamp;
  period_end: Date | null;
  anchor_at: Timestamp;
  interval: string | null;
  paid_until: Date | null;
  access_until: Date | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  amount: number;
  tokens: number;
  request_id: string | null;
  meta: unknown | null;
  report_status: string | null;
  created_at: Generated<Date>;
}

export interface ReservationsTable {
  request_id: string;
  id: string;
  user_id: string;
  amount: number;
  status: 'held' | 'settled' | 'released' | 'expired' | 'refused';
  response_status: number;
  response: unknown;
  settle_response: unknown | null;
  /** Tokens charged when the reservation expired unsettled (replaced by the real usage if it arrives). */
  expired_charge: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  closed_at: Date | null;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}

export interface BillingDB extends EventsTables {
  accounts: AccountsTable;
  ledger_entries: LedgerEntriesTable;
  reservations: ReservationsTable;
  stripe_events: StripeEventsTable;
}

export type Db = Kysely<BillingDB>;
export type Trx = Transaction<BillingDB>;
