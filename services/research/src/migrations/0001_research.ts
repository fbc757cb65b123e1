import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Generations: chapter and book answers written by worker jobs. Their text is saved as it
 * streams, so readers can reconnect at an offset and a restarted worker can continue it.
 * Book projects: a user's book plan and a summary of each part written, across conversations.
 */
export const researchMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it is, untyped
  async up(db: Kysely<any>) {
    await sql`
      create table generations (
        id text primary key,
        user_id text not null,
        conversation_id text,
        request_type text not null,
        status text not null default 'queued' check (status in ('queued', 'running', 'completed', 'stopped', 'failed')),
        stop_requested boolean not null default false,
        text text not null default '',
        input jsonb not null,
        provider text,
        usage_input integer not null default 0,
        usage_output integer not null default 0,
        usage_saved integer not null default 0,
        error text,
        error_status integer,
        result jsonb,
        book_project_id text,
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index generations_user_idx on generations (user_id, created_at desc)`.execute(db);

    await sql`
      create table book_projects (
        id text primary key,
        user_id text not null,
        title text not null,
        outline jsonb not null,
        sections jsonb not null default '[]'::jsonb,
        current_section integer not null default 0,
        section_complete boolean not null default true,
        tail text not null default '',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index book_projects_user_idx on book_projects (user_id, updated_at desc)`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await sql`drop table if exists book_projects, generations`.execute(db);
  },
};
