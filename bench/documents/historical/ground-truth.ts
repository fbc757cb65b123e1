// The ground truth of a page as lines in reading order, from PAGE-XML (OCR-D, DTA) or ALTO (BnL), and the
// normalisation both the truth and every reading go through before they are compared.

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (entities[e] ?? m),
  );

/** PAGE-XML: regions in the file's ReadingOrder (else as they stand), each region's lines (else its own text, line by line). */
export function pageXmlLines(xml: string): string[] {
  const order = new Map<string, number>();
  for (const m of xml.matchAll(/<RegionRefIndexed\b[^>]*?regionRef="([^"]+)"[^>]*?index="(\d+)"/g))
    order.set(m[1]!, Number(m[2]));
  for (const m of xml.matchAll(/<RegionRefIndexed\b[^>]*?index="(\d+)"[^>]*?regionRef="([^"]+)"/g))
    order.set(m[2]!, Number(m[1]));
  const regions = [...xml.matchAll(/<TextRegion\b[^>]*?\bid="([^"]+)"[^>]*>([\s\S]*?)<\/TextRegion>/g)].map((m, i) => ({
    id: m[1]!,
    body: m[2]!,
    at: order.get(m[1]!) ?? 1e6 + i,
  }));
  regions.sort((a, b) => a.at - b.at);
  const lines: string[] = [];
  for (const r of regions) {
    const own = [...r.body.matchAll(/<TextLine\b[\s\S]*?<\/TextLine>/g)].map((m) =>
      unicode(m[0].replace(/<Word\b[\s\S]*?<\/Word>/g, '')),
    );
    const texts = own.length ? own : unicode(r.body.replace(/<TextLine\b[\s\S]*?<\/TextLine>/g, '')).split('\n');
    lines.push(...texts.map((t) => t.trim()).filter(Boolean));
  }
  return lines;
}

const unicode = (s: string) => decode(/<Unicode>([\s\S]*?)<\/Unicode>/.exec(s)?.[1] ?? '');

/** ALTO: each TextLine's strings, with a hyphen (HYP) where the line breaks a word. */
export function altoLines(xml: string): string[] {
  return [...xml.matchAll(/<TextLine\b[\s\S]*?<\/TextLine>/g)]
    .map((m) =>
      [...m[0].matchAll(/<(String|HYP)\b[^>]*?CONTENT="([^"]*)"/g)]
        .map((s) => decode(s[2]!))
        .join(' ')
        .replace(/ (-|¬|⸗)$/, '$1'),
    )
    .filter(Boolean);
}

/**
 * One spelling for truth and readings alike (OCR-D's level-2 transcription brought to level 1): long s and r
 * rotunda as s and r, the superscript e as an umlaut, ligatures split (NFKC), one hyphen, one dash, one pair of
 * quotes, one apostrophe. A reading is not penalised for writing the letters a reader of today would type.
 */
export function normalise(s: string): string {
  return s
    .normalize('NFD')
    .replace(/([aouAOU])\u0364/g, '$1\u0308')
    .normalize('NFKC')
    .replace(/ſ/g, 's')
    .replace(/ꝛ/g, 'r')
    .replace(/[⸗¬‐‑]/g, '-')
    .replace(/[–—―]/g, '-')
    .replace(/[„“”«»‟]/g, '"')
    .replace(/[‚‘’‛`´]/g, "'")
    .replace(/[ \t]+/g, ' ')
    .trim();
}
