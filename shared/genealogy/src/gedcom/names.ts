import { SURNAME_PARTICLES } from '../people/particles';

/*
 * A name as written in a record, split the way GEDCOM stores it: given names, surname (with its
 * particles: "van der Berg", "de la Cruz") and a suffix ("Jr.", "III"). A married woman written
 * "Mary Ann Whitfield née Brooks" is filed under her birth surname, as genealogists do.
 */

// GEDCOM files also carry German "zu" and Scandinavian "af", "av".
const PARTICLES = new Set([...SURNAME_PARTICLES, 'zu', 'af', 'av']);
const SUFFIX = /^(jr\.?|sr\.?|junior|senior|i{2,3}|iv|v)$/i;

export interface SplitName {
  given: string;
  surname: string;
  suffix: string;
}

export function splitName(full: string): SplitName {
  const text = full.replace(/[/]/g, ' ').replace(/\s+/g, ' ').trim();
  const nee = /^(.*?)[,\s]+(?:née|nee|born|geb\.?|geborene)\s+(.+)$/iu.exec(text);
  if (nee) {
    const married = splitName(nee[1]!);
    return { given: married.given || married.surname, surname: nee[2]!.trim(), suffix: married.suffix };
  }
  const words = text.split(' ').filter(Boolean);
  let suffix = '';
  if (words.length > 2 && SUFFIX.test(words[words.length - 1]!.replace(/,$/, ''))) suffix = words.pop()!;
  const last = words[words.length - 1]?.replace(/,$/, '');
  if (words.length === 1) return { given: last ?? '', surname: '', suffix };
  if (words.length === 0) return { given: '', surname: '', suffix };
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start--;
  return {
    given: words.slice(0, start).join(' ').replace(/,$/, ''),
    surname: words.slice(start).join(' ').replace(/,$/, ''),
    suffix,
  };
}
