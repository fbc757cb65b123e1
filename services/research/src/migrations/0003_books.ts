import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Books (issue 33, decision 0233): a user's family history book and its chapters. The book row
 * carries the compile's status and progress; the compiled manuscript lives in object storage
 * (`manuscript_key`). A book started from a conversation's "Write the book" keeps the book
 * project it adopted, so the model's parts land in its chapters. Every row names its owner.
 */
export const booksMigration: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it is, untyped
  async up(db: Kysely<any>) {
    await sql`
      create table books (
        id text primary key,
        user_id text not null,
        title text not null,
        root_individual_id text,
        conversation_id text,
        book_project_id text,
        generations integer not null default 4,
        trim text not null default '6x9' check (trim in ('6x9', 'a4', 'letter')),
        outline jsonb not null default '[]'::jsonb,
        compile_status text not null default 'none' check (compile_status in ('none', 'queued', 'running', 'done', 'failed')),
        compile_progress real not null default 0,
        compile_error text,
        compile_job_id text,
        compile_count integer not null default 0,
        compile_beat_at timestamptz,
        compiled_at timestamptz,
        manuscript_key text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index books_user_idx on books (user_id, updated_at desc)`.execute(db);
    await sql`create index books_project_idx on books (book_project_id) where book_project_id is not null`.execute(db);

    await sql`
      create table book_chapters (
        book_id text not null references books (id) on delete cascade,
        user_id text not null,
        n integer not null check (n >= 1),
        title text not null,
        label text,
        status text not null default 'empty' check (status in ('empty', 'writing', 'written', 'edited', 'failed')),
        source text check (source in ('register', 'model', 'author')),
        text text,
        notes jsonb not null default '[]'::jsonb,
        marks jsonb not null default '[]'::jsonb,
        generation_id text,
        updated_at timestamptz not null default now(),
        primary key (book_id, n)
      )`.execute(db);
    await sql`create index book_chapters_user_idx on book_chapters (user_id)`.execute(db);
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await sql`drop table if exists book_chapters, books`.execute(db);
  },
};
