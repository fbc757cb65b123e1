// What the bench asks of a shipped person recogniser (issue 28, decision 0225): person mentions for each record,
// the time spent reading them and the memory it took, apart from loading.

export interface ModelItem {
  text: string;
  lang: string;
}

export interface ModelReading {
  /** The person mentions as the model wrote them, one string a mention. */
  people: string[];
  /** Time spent reading this record, loading excluded. */
  ms: number;
}

export interface ModelReader {
  name: string;
  /** The record languages the model reads; records in others are left out of the comparison. */
  langs: ReadonlySet<string>;
  /** Time to load the model before the first record. */
  loadMs: number;
  readPeople(items: readonly ModelItem[]): Promise<ModelReading[]>;
  /** The model's peak resident memory in MiB, and how it was measured. */
  memory(): { peakMiB: number; how: string };
  close(): Promise<void>;
}
