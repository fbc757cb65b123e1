/** Lower-case words that belong to the surname after them ("van der Berg", "de la Cruz"), in most of the record languages. */
export const SURNAME_PARTICLES: readonly string[] = [
  'van',
  'von',
  'de',
  'der',
  'den',
  'del',
  'della',
  'di',
  'da',
  'du',
  'la',
  'le',
  'ten',
  'ter',
  'dos',
  'das',
];
