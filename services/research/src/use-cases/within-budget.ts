/**
 * `work`, or a rejection once `ms` have passed: the searches a question makes beside its
 * documents are a help, and never hold its first token for long.
 */
export async function withinBudget<T>(work: Promise<T>, ms: number, tooLong: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(tooLong)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
