/** With no document to answer from: how to start, from the places and years the question names. */
export function generalGuidance(query: string): string[] {
  const years = [...query.matchAll(/\b(1[4-9]\d\d|20[0-2]\d)\b/g)].map((m) => m[1]);
  const places = [...query.matchAll(/\b(?:in|at|near|from)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/gu)].map(
    (m) => m[1],
  );
  const lines = ['## Where to start'];
  if (places.length || years.length) {
    lines.push(
      `From your question: ${[...places.map((p) => `**${p}**`), ...years.map((y) => `**${y}**`)].join(', ')}.`,
    );
    for (const p of places)
      lines.push(
        `- ${p}: the civil registers, church registers and census returns of that place${years.length ? ` around ${years.join(', ')}` : ''}.`,
      );
  }
  lines.push(
    '- Write down what you already know for each ancestor (names, dates, places) and where each fact comes from.',
    '- Work backwards one generation at a time, from documents you hold to the records that name the next generation.',
    '- Upload birth, marriage and death certificates, census pages and family letters in Documents so Gene can read them.',
  );
  return lines;
}
