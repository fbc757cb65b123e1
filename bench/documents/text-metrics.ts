/** Character error rate: Levenshtein distance over the reference length, whitespace normalised. */
export function characterErrorRate(reference: string, hypothesis: string): number {
  const a = normalise(reference);
  const b = normalise(hypothesis);
  if (a.length === 0) return b.length === 0 ? 0 : 1;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1),
      );
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]! / a.length;
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();
