import { type Kysely, type Migration, sql } from 'kysely';

/** The reason `refundExpiryCharge` gave its entries while they were still called `release`. */
const REFUND_REASON = 'expiry charge replaced by the real usage';

/**
 * The compact journal (decision 0243): a hold is recorded by its reservation's row alone, so a
 * reserve + settle pair writes one journal entry (`usage`) instead of three (`reservation`,
 * `release`, `usage`), each with its two index entries. Existing journals lose their
 * `reservation` and hold-`release` entries, which for each account sum to −held (a closed
 * reservation's pair cancels out; a held one's entry is what it holds); the `release` that gave
 * back an expiry charge becomes a `refund`. The migration then checks every account adds up
 * under the new invariants, and fails (changing nothing) if one does not.
 */
export const compactJournalMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      delete from ledger_entries
      where kind = 'reservation' or (kind = 'release' and meta ->> 'reason' is distinct from ${REFUND_REASON})`.execute(
      db,
    );
    await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
    await sql`update ledger_entries set kind = 'refund' where kind = 'release'`.execute(db);
    await sql`
      alter table ledger_entries add constraint ledger_entries_kind_check
      check (kind in ('grant', 'usage', 'refund', 'reset', 'overage'))`.execute(db);
    await sql`
      do $$
      declare bad record;
      begin
        select a.user_id, a.allowance - a.used as expected, coalesce(j.sum, 0) as journal, a.held, coalesce(r.sum, 0) as holds
        into bad
        from accounts a
        left join (select user_id, sum(amount) as sum from ledger_entries group by user_id) j using (user_id)
        left join (select user_id, sum(amount) as sum from reservations where status = 'held' group by user_id) r using (user_id)
        where coalesce(j.sum, 0) <> a.allowance - a.used or coalesce(r.sum, 0) <> a.held
        limit 1;
        if found then
          raise exception 'account % does not add up: journal % (expected %), holds % (held %)',
            bad.user_id, bad.journal, bad.expected, bad.holds, bad.held;
        end if;
      end $$`.execute(db);
  },
  /** Rebuilds the hold entries from the reservations: the sums come back exactly, the order by id does not. */
  async down(db: Kysely<unknown>) {
    await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
    await sql`update ledger_entries set kind = 'release' where kind = 'refund'`.execute(db);
    await sql`
      alter table ledger_entries add constraint ledger_entries_kind_check
      check (kind in ('grant', 'reservation', 'release', 'usage', 'reset', 'overage'))`.execute(db);
    await sql`
      insert into ledger_entries (user_id, kind, amount, tokens, request_id, meta, created_at)
      select user_id, 'reservation', -amount, amount, request_id, null, created_at
      from reservations where amount > 0
      union all
      select user_id, 'release', amount, amount, request_id,
        jsonb_build_object('reason', case when status = 'released' then 'released' else 'settled' end), closed_at
      from reservations where amount > 0 and status in ('settled', 'released', 'expired')`.execute(db);
  },
};
