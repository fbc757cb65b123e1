import type { DocumentType } from '@gnology/contracts';

/**
 * The record type from its wording: weighted cues per type, the best score above a threshold
 * wins. An image with almost no text is a photo. Obituary cues outrank plain death cues
 * ("died" appears in both; "survived by" only in obituaries).
 */
const CUES: Record<Exclude<DocumentType, 'photo' | 'other'>, [RegExp, number][]> = {
  census: [
    [
      /\bcensus\b|\brecensement\b|\bvolkszählung\b|\bcenso\b|\bhusförhör|\bfolketelling|\bfolketælling|\bspis\s+ludności/giu,
      4,
    ],
    [/\benumerat(?:ion|or|ed)\b/gi, 3],
    [/\bdwelling\b/gi, 1],
    [/\bhead of (?:household|family)\b/gi, 2],
    [/\n[^\n]*\b(?:Head|Wife|Son|Daur|Dau)\b[^\n]*\b\d{1,2}\b/g, 1],
  ],
  birth: [
    [/\b(?:baptiz|baptis|bapt\.|christen|births?\b|born\b|bautic[ée]|est\s+n[ée]e?\b)/giu, 3],
    [
      /\b(?:getauft|taufe|taufregister|geboren|baptis[ée]e?|bapt[eê]me|naissance|bautiz(?:ó|o|ado|ada|é)|bautismo|nacimiento|battezzat[oa]|battesimo|nascita|gedoopt|doop|batiz(?:ei|ado|ada)|batismo|ochrzcz|chrzest|urodz|döpt|födde|døpt|døbt|baptizat(?:us|a)|baptizavi|natus|nata\b)/giu,
      3,
    ],
    [/\bbirth\s+certificate\b|\bcertificate\s+of\s+birth\b|\bregistration\s+of\s+birth\b|\brecord\s+of\s+birth\b/gi, 6],
    [/\bwas\s+born\b|\bborn\s+(?:on|at|in)\b/gi, 2],
    [/\bbaptism\b|\bbaptized\b|\bbaptised\b|\bchristening\b/gi, 2],
    [/\bdate of birth\b|\bplace of birth\b/gi, 1],
  ],
  marriage: [
    [/\bmarriages?\b|\bbanns\b|(?<![\p{L}])(?:ślub|slub|małżeńst\p{L}*)(?![\p{L}])/giu, 3],
    [
      /\b(?:heirat|getraut|trauung|mariage|épous|matrimonio|casamento|casaram|huwelijk|getrouwd|ślub|slub|vigsel|vigde|vigdes|viede|matrimoni[uo]m?|conjug(?:es|um)|copulat[ia])/giu,
      3,
    ],
    [
      /\b(?:were\s+married|was\s+married|married\s+by|intentions?\s+of\s+marriage|a\s+marriage\s+is\s+(?:shortly\s+)?intended|bride\s+of|hymeneal)\b/gi,
      3,
    ],
    [/\bmarriage\s+(?:certificate|license|licence|record|register)\b|\bcertificate\s+of\s+marriage\b/gi, 6],
    // A newspaper's notice opens with the event: "Married, at Raleigh, on the 14th …", "MARRIED.—".
    [/^[ \t]*married\b[ \t]*[,.:;—–-]/gim, 3],
    [/\bunited\s+in\s+(?:holy\s+)?(?:matrimony|marriage)\b/gi, 4],
    [/\bbride\b|\bgroom\b|\bbanns\b/gi, 2],
    [/\bmarried\b/gi, 2],
    [/\bwitness(?:es)?\b/gi, 1],
  ],
  death: [
    [/\bdeaths?\b|\bdied\b|\bdeceased\b|\bgrave\b|\bin\s+memory\s+of\b/gi, 3],
    [
      /\b(?:gestorben|sterbe|begraben|beerdigt|décès|décéd|inhum|defunci[óo]n|falleci|sepult|morte\b|è\s+mort|overl(?:eden|ijden)|begraven|zgon|zmarł|pochowan|död|döde|døde|begravet|obiit|burials?|buried|bur(?:y|ie)e?d|burialls?|interred)/giu,
      3,
    ],
    [/\bdeath\s+certificate\b|\bcertificate\s+of\s+death\b|\bcause\s+of\s+death\b|\bregistration\s+of\s+death\b/gi, 6],
    [/\bdate\s+of\s+death\b|\bplace\s+of\s+burial\b|\bundertaker\b|\binterment\b/gi, 2],
    // A coroner's inquest: "Upon a View of the Body of … then and there lying Dead".
    [/\binquisition\b|\binquest\b|\bcoroner\b|\blying\s+dead\b|\bcame\s+to\s+(?:his|her)\s+death\b/gi, 2],
    [/\bdied\b|\bdeceased\b/gi, 1],
  ],
  obituary: [
    [/\bobituary\b/gi, 6],
    [
      /\bdeparted\s+this\s+life\b|\bleaves\s+(?:a|his|her)\b|\bsurvive[sd]?\b|\bsurviving\s+are\b|\bfuneral\b|\bin\s+the\s+\d+(?:st|nd|rd|th|d)\s+year\s+of\s+(?:his|her)\s+age\b|\bmourn\b|\bburial\s+will\b/gi,
      4,
    ],
    [
      /\bsurvived\s+by\b|\bpassed\s+away\b|\bfuneral\s+(?:services|will\s+be|was\s+held)\b|\bin\s+loving\s+memory\b|\blaid\s+to\s+rest\b/gi,
      3,
    ],
    [/\bpreceded\s+in\s+death\b/gi, 3],
  ],
  military: [
    [/\bregistration\s+card\b|\bwar\s+department\b|\bkilled\s+in\s+action\b|\bmuster\s+roll\b|\bserial\s+no\b/gi, 4],
    [
      /\bregiment\b|\binfantry\b|\bcavalry\b|\bartillery\b|\benlist(?:ed|ment)\b|\bdischarge[d]?\b|\bdraft\s+registration\b/gi,
      3,
    ],
    [
      /\barmy\b|\bnavy\b|\bmarine\s+corps\b|\bsoldier\b|\bveteran\b|\bpension\b|\bservice\s+(?:number|record)\b|\bcompany\s+[A-K]\b/gi,
      2,
    ],
    [/\bpvt\.|\bsgt\.|\bcorporal\b|\bprivate\b/gi, 1],
  ],
  letter: [
    [/^\s*(?:my\s+)?dear(?:est)?\s+[A-Z][a-z]+/gm, 4],
    [
      /\byours\s+(?:truly|sincerely|faithfully|affectionately)\b|\byour\s+(?:loving|affectionate|devoted)\s+\w+|\bwith\s+love\b|\bi\s+remain\b/gi,
      3,
    ],
  ],
  journal: [
    [/\bdiary\b|\bjournal\b/gi, 3],
    [/^\s*(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b,?/gim, 2],
    [/\btoday\s+(?:i|we)\b/gi, 2],
  ],
};

/**
 * A letter by its shape, not its news: a salutation opening it ("Dear Cousin William,") and a
 * complimentary close before the signature ("Your affectionate cousin,"). A letter that tells of a
 * death or a wedding is still a letter; an obituary or a certificate has neither.
 */
const SALUTATION =
  /^[ \t]*(?:my[ \t]+)?(?:dear(?:est)?|beloved|liebe[rs]?|lieber|cher|chère|chere|querid[oa]|caro|cara|beste)[ \t]+[^\n]{1,40}?[,:!][ \t]*$/imu;
const CLOSING =
  /^[ \t]*(?:(?:i[ \t]+remain[ \t]+)?(?:yours?|ever[ \t]+yours?)(?:[ \t]+(?:very[ \t]+)?(?:truly|sincerely|faithfully|affectionately|ever|obediently|respectfully|lovingly))?|your[ \t]+(?:loving|affectionate|devoted|dutiful|obedient|fond|faithful)[ \t]+[\p{L} ]{2,30}|(?:with[ \t]+)?(?:much[ \t]+|all[ \t]+my[ \t]+)?love(?:[ \t]+(?:to[ \t]+all|from))?|i[ \t]+remain[^\n]{0,50}|(?:very[ \t]+)?(?:sincerely|faithfully|affectionately|respectfully)(?:[ \t]+yours)?|(?:mit[ \t]+)?herzlichen[ \t]+grü(?:ß|ss)en|dein[ \t]+\p{L}+|deine[ \t]+\p{L}+)[,.]?[ \t]*$/imu;

function letterShaped(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  if (lines.length < 3) return false;
  const head = lines.slice(0, 4).join('\n');
  const tail = lines.slice(-4).join('\n');
  return SALUTATION.test(head) && CLOSING.test(tail);
}

export function classifyDocument(text: string, opts: { isImage: boolean }): DocumentType {
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  if (opts.isImage && letters < 40) return 'photo';
  if (letterShaped(text)) return 'letter';
  let best: DocumentType = 'other';
  let bestScore = 0;
  for (const [type, cues] of Object.entries(CUES) as [DocumentType, [RegExp, number][]][]) {
    let score = 0;
    for (const [re, weight] of cues) {
      re.lastIndex = 0;
      const hits = text.match(re)?.length ?? 0;
      score += Math.min(hits, 3) * weight;
    }
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  // An obituary is also about a death: prefer the more specific type whenever it scores at all.
  return bestScore >= 3 ? best : 'other';
}
