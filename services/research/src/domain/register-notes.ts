import type { Endnote } from './manuscript';

/**
 * The book's endnotes (decision 0234): numbered 1… in the order the text first cites them, one
 * note per fact; a fact cited by the same records as an earlier one reuses that earlier number.
 */
export class RegisterNotes {
  readonly notes: Endnote[] = [];
  private readonly byKey = new Map<string, number>();

  constructor(private readonly citations: ReadonlyMap<string, string>) {}

  /** The note of a fact stated by these sources; undefined when none of them is known (the fact is then not stated). */
  source(sourceIds: readonly string[]): number | undefined {
    const ids = [...new Set(sourceIds)].filter((id) => this.citations.has(id));
    if (ids.length === 0) return undefined;
    // A fact several records state gets one note citing them all, in the order given, as Evidence Explained does.
    return this.add(
      `source:${[...ids].sort().join('|')}`,
      'source',
      joinCitations(ids.map((id) => this.citations.get(id)!)),
    );
  }

  /** A "how we know" note: a disagreement between records, and the records themselves. */
  howWeKnow(message: string, sourceIds: readonly string[]): number {
    const cited = [...new Set(sourceIds)].filter((id) => this.citations.has(id)).map((id) => this.citations.get(id)!);
    const text = cited.length > 0 ? `${sentence(message)} ${joinCitations(cited)}` : sentence(message);
    return this.add(`how:${text}`, 'how-we-know', text);
  }

  private add(key: string, kind: Endnote['kind'], text: string): number {
    const known = this.byKey.get(key);
    if (known) return known;
    const n = this.notes.length + 1;
    this.notes.push({ n, text, kind });
    this.byKey.set(key, n);
    return n;
  }
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** "A; B." — each citation without its own final full stop, joined by semicolons. */
function joinCitations(texts: readonly string[]): string {
  return sentence(texts.map((t) => t.trim().replace(/\.$/, '')).join('; '));
}
