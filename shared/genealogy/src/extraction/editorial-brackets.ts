/**
 * "d[aughte]r", "Jo[hn]", "Marg[are]t", "bur[ied]": a transcriber's expansion of an abbreviation, in square brackets
 * inside the word. Read as the word it expands to. Brackets that stand apart ("[illegible]", "[?]") are left alone.
 */
const EXPANSION = /(?<=\p{L})\[(\p{Ll}{1,12})\](?=\p{L}|[^\p{L}])|(?<![\p{L}\]])\[(\p{L}{1,12})\](?=\p{Ll})/gu;

export const expandEditorialBrackets = (text: string): string =>
  text.includes('[') ? text.replace(EXPANSION, (_m, inner?: string, head?: string) => inner ?? head ?? '') : text;
