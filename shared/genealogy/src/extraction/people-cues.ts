import { CLERK_ABBREVIATIONS, TITLES } from './given-names';
import type { TextLanguage } from './language';
import type { Candidate, Kin, Mention, Relation } from './people-types';
import type { RecordRole } from '@gnology/contracts';

/* The phrases around a name that say who the person is: relationship words, record roles, census columns. */

export const L = String.raw`\p{Lu}`;
const l = String.raw`\p{Ll}`;
const ABBREVIATED = `Willm|Wm|Jno|Chas|Geo|Thos|Jas|Saml|Benj|Richd|Robt|Edwd|Danl|Eliz|Elizth|Margt|Cath|Jos|Alexr|Ant|Math|Xpher|Xtopher|Hy|Fredk|Steph|Patk|Michl|Timy|Joh|Ma|${CLERK_ABBREVIATIONS.map(
  (a) => a[0]!.toUpperCase() + a.slice(1),
).join('|')}`;
// "Hend=k", "Hend„k", "Sam=s", "Chr=s": handwriting recognition's rendering of a clerk's raised-letter abbreviation
// (Hendrik, Samuels, Christiaan) is one word of the name.
const WORD = String.raw`(?:${L}${l}{1,5}[=„]${l}{1,2}(?![\p{L}=„])|(?:${ABBREVIATED})[.:]|(?:Mc|Mac|O['’]|D['’]|Fitz|La|Le|De|Di|Da|Du|Van)?${L}${l}+(?:[-'’]${L}?${l}+)*|(?:MC|MAC|O['’])?${L}{2,}(?:[-'’]${L}{2,})*(?![${l}])|${L}\.)`;
export const PARTICLE = '(?:van|vander|vanden|von|de|du|der|den|la|le|da|di|dos|das|del|della|ter|ten|zu|af|y|vom|zur)';
export const RUN = new RegExp(
  // After a letter or an apostrophe no run starts, but after the elided "d'" one does ("la vie d'Henri Dunant").
  String.raw`(?<![\p{L}])(?<!(?<!(?<![\p{L}])[dD])['’])${WORD}(?:(?:[ \t]+|[ \t]*\n[ \t]*)(?:${PARTICLE}(?:[ \t]+|[ \t]*\n[ \t]*))*${WORD})*`,
  'gu',
);

/** Relationship words of the record languages → the relation of the named person to the phrase's subject (for "X, son of Y": X is Y's child). */
export const REL_WORDS: Record<string, [Relation, Kin?]> = {};
const relGroup = (rel: Relation, kin: Kin | undefined, words: string) => {
  for (const w of words.split(/\s+/).filter(Boolean)) REL_WORDS[w] = [rel, kin];
};
relGroup(
  'spouse',
  'wife',
  'wife wyfe wief widow widdow relict enka änkan ehefrau gattin hausfrau witwe épouse epouse femme veuve esposa mujer viuda moglie vedova consorte echtgenote huisvrouw weduwe mulher viúva viuva żona zona wdowa hustru maka änka anka enke kone uxor vidua relicta',
);
relGroup(
  'spouse',
  'husband',
  'husband widower ehemann gatte witwer époux epoux veuf esposo marido viudo marito vedovo echtgenoot weduwnaar mąż maz wdowiec mand enkemand maritus viduus',
);
relGroup('spouse', undefined, 'spouse consort');
relGroup('child', 'son', 'son sons sonne sone stepson sohn söhne fils hijo figlio zoon filho syn søn filius fil');
relGroup(
  'child',
  'daughter',
  'daughter daughters daughtr doughter dowghter dau daur dtr dr stepdaughter tochter fille hija figlia dochter filha córka corka dotter datter filia',
);
relGroup(
  'child',
  undefined,
  'boy girl babe baby child children kinder enfant enfants hijos figli kinderen filhos dzieci børn proles infant issue',
);
relGroup('parent', 'father', 'father stepfather vater père pere padre vader pai ojciec fader pater');
relGroup('parent', 'mother', 'mother stepmother mutter mère mere madre moeder mãe mae matka moder mater');
relGroup('parent', undefined, 'parents eltern genitori ouders pais rodzice föräldrar foreldre forældre parentes');
relGroup(
  'sibling',
  undefined,
  'brother brothers sister sisters bruder schwester frère frere sœur soeur hermano hermana fratello sorella broer zuster irmão irmao irmã irma brat siostra bror broder syster søster frater soror',
);
relGroup(
  'other_relative',
  undefined,
  'grandson granddaughter grandchildren grandfather grandmother nephew niece cousin uncle aunt brother-in-law sister-in-law son-in-law daughter-in-law father-in-law mother-in-law enkel neffe nichte onkel tante vetter cousine neveu nièce oncle sobrino sobrina tío tía nipote zio zia neef nicht oom',
);
const REL_ALT = Object.keys(REL_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');
/** Words after which a name is in the genitive, a parent or spouse of the phrase's subject (Latin, Polish): "filius Joannis", "syn Jana", "uxor Petri". */
const GENITIVE = 'filius|filia|fil\\.|syn|córka|corka|uxor|vidua|relicta|żona|zona|wdowa|maritus|wdowiec';
export const TITLE_ALT = [...TITLES].join('|');
const OF = "(?:of|des|der|de|du|d['’]|di|del|della|van|von|af|till|til|do|da|dla|po|zu|efter|etter)";
/** "wife to Sir John Tyrell", "sonne to John Erle of Bath": older English says of a relation "to" as it says "of". */
const OF_OR_TO = OF.replace('(?:of|', '(?:of|to|');
const PRE_NAME = String.raw`(?:the\s+late\s+|late\s+|mr\.?\s+(?:and|&)\s+mrs\.?\s+|the\s+(?=(?:${TITLE_ALT})\.?\s)|(?:dem|der|des|den|la|le|du|feu|fu|del\s+fu|quondam|q\.|sel\.|seligen|weiland)\s+|(?:${TITLE_ALT})\.?\s+)*`;
/** "… son of " right before a name: the name is the parent (or spouse, ...) of the phrase's subject. */
/** "The bride is the daughter of", "the groom, son of": a marriage record names whose parents follow by the party's title. */
export const PARTY_OF_BEFORE =
  /\b(bride|bridegroom|groom)(?:\s+(?:is|was))?[\s,]+(?:the\s+)?(?:\p{L}+\s+)?(?:son|daughter|child)\s+of\s*$/iu;
export const REL_OF_BEFORE = new RegExp(
  String.raw`(?<![\p{L}])(?:(${REL_ALT})(?:\s+(?:leg[ií]tim\p{L}*|ehelich\p{L}*|natural\p{L}*|légitime|legittim\p{L}*|wettig\p{L}*|äkta|ekte))?\s+${OF_OR_TO}\s*|(${GENITIVE})(?:\s+(?:legitim\p{L}*|naturalis|nat\.|ex))?\s+)${PRE_NAME}(?:\p{Ll}[\p{L}'’-]*\s+|(?:[\p{Lu}][\p{Ll}]+(?:s|n|ers|ens))\s+(?=[\p{Lu}]))?$`,
  'iu',
);
/** "his wife ", "survived by her sons ", "children: " right before a name: the name is that relative of the subject. */
export const REL_BEFORE = new RegExp(
  String.raw`(?<![\p{L}])(${REL_ALT})(?![\p{L}])(?:['’]s(?:\s+(?:maiden\s+|christian\s+|given\s+)?(?:sur)?name))?(?:\s*\([^)]*\))?[,:]?\s*(?:named\s+|called\s+)?${PRE_NAME}(?:(?!${OF_OR_TO}\s)\p{Ll}[\p{L}'’-]*\s+)?$`,
  'iu',
);
/**
 * REL_BEFORE's match, unless its word is the title "Dr" written before the name ("M. le Dr Baillard",
 * "Dr. Smith"): "dr" is a clerk's daughter only where nothing capitalised says doctor ("Jennet dr of").
 */
export function relBefore(b: string, lang: TextLanguage): RegExpExecArray | null {
  const m = kinIn(lang, REL_BEFORE.exec(b));
  if (!m || m[1]!.toLowerCase() !== 'dr' || !m[1]!.startsWith('D')) return m;
  return /^Dr\.?\s*$/u.test(b.slice(m.index)) ? null : m;
}

/**
 * Relationship words of one record language that are common words of the text's own: French "son" (his) spells
 * the English son, English "mere" the French mother, and a German or French "Dr." is a doctorate, never the English
 * clerk's daughter. Read in a text of that language, they say nothing of kinship. (German "nicht", not, is Dutch
 * for niece: kinIn keeps it for Dutch text alone.)
 */
const FALSE_FRIENDS: Partial<Record<TextLanguage, ReadonlySet<string>>> = {
  de: new Set(['dr']),
  fr: new Set(['son', 'sons', 'issue', 'dr']),
  en: new Set(['mere', 'brat']),
};

/** A relationship phrase's match (its word in group 1), unless the word is a false friend in the text's language. */
export function kinIn(lang: TextLanguage, m: RegExpExecArray | null): RegExpExecArray | null {
  const w = m?.[1]?.toLowerCase();
  if (!w) return m;
  // "nicht" is German's commonest word: a niece only in a text that reads as Dutch (an OCR'd German page whose
  // "der" became "ber" may read as no language at all).
  if (FALSE_FRIENDS[lang]?.has(w) || (w === 'nicht' && lang !== 'nl')) return null;
  // "Une femme de Bonfol", "une veuve de Porrentruy": after an indefinite article French "femme", "fille", "veuve" is
  // a woman, a girl, a widow from somewhere, not someone's wife or daughter ("sa femme", "la fille de").
  if (lang === 'fr' && INDEFINITE_WOMAN.test(m!.input.slice(Math.max(0, m!.index - 12), m!.index + w.length)))
    return null;
  return m;
}
const INDEFINITE_WOMAN =
  /(?<![\p{L}])(?:une|cette|des|deux|trois|quelques|plusieurs)\s+(?:\p{Ll}+\s+)?(?:femmes?|filles?|veuves?)$/iu;
/** A relationship word said of someone: "his wife ", "to my son ", "Mother: " — strong enough for a given name not in the lexicon. */
export const STRONG_REL_BEFORE = new RegExp(
  String.raw`(?:(?:his|her|my|their|our|your|the|and|with|by|to|hans|hennes|seine|sein|seiner|ihr|sa|son|sua|suo|zijn|haar|sin|sina|jego|jej)\s+(?:\p{L}+\s+)?(?:${REL_ALT})(?![\p{L}])|(?:${REL_ALT})\s*[:(])[,:)]?\s*${PRE_NAME}$`,
  'iu',
);
export const MARRIED_BEFORE = new RegExp(
  String.raw`(?:\bmarried|\bwed|\bmarriage\s+of\s+(?:[^.;\n]|\n(?![ \t]*\n)){0,60}?\s+(?:to|and|with)|\bunited\s+in\s+marriage\s+(?:to|with)|\bheiratete|\bverheiratet\s+mit|\bgetraut\s+mit|\bépous[ea]|\bmarié[e]?\s+(?:à|avec)|\bcasó\s+con|\bcasado\s+con|\bcasada\s+con|\bsposò|\bsposato\s+con|\bsposata\s+con|\btrouwde\s+met|\bgetrouwd\s+met|\bcasou\s+com|\bożenił\s+się\s+z|\bvigd\s+med|\bviet\s+med|\bgift\s+med|\bcontraxit\s+cum|\bcum|\b(?:to|with)(?=\s+(?:Miss|Mrs|Mlle|Mademoiselle|Mr)\.?\s))\s+${PRE_NAME}$`,
  'iu',
);
export const BRIDE_OF_BEFORE = new RegExp(String.raw`\bbecame\s+the\s+(?:bride|wife)\s+of\s+${PRE_NAME}$`, 'iu');
export const BORN_TO_BEFORE = /\bborn\s+(?:[^.;\n]{0,60}?\s+)?to\s+$/i;
/** A letter's salutation names its addressee, the person the letter is about ("My dear Sarah,"). */
export const DEAR_BEFORE = /\b(?:my\s+)?dear(?:est)?\s+$/i;
const CONJ = '(?:and|&|und|et|y|e|en|i|och|og|ac|atque|ou)';
/** Case-insensitive on the first letter only, for patterns that must tell capitals apart elsewhere. */
const firstCi = (alt: string) =>
  alt
    .split('|')
    .map((w) => (/^\p{L}/u.test(w) ? `[${w[0]!.toUpperCase()}${w[0]!.toLowerCase()}]${w.slice(1)}` : w))
    .join('|');
const TITLE_CI = firstCi(TITLE_ALT);
// Case-sensitive: "of Minneapolis and" is skipped, "in this county," is not a list.
export const LIST_GAP = new RegExp(
  String.raw`^\s*(?:,?\s*(?:Jr|Sr|Junior|Senior|Esq|Esquire|Gent|Knight|Knt|Bart|Yeoman)\.?)?(?:,?\s+(?:of|in|at)\s+\p{Lu}[\p{L}.]+(?:,?\s+\p{Lu}[\p{L}.]+)?)?(?:,\s*(?:a|an|the|aged?|\p{Ll}+)(?:\s[^,.;\n]{0,30}?)?)?(?:[,;]|,?\s+(?:${firstCi(CONJ.slice(3, -1))}))\s*(?:(?:der|die|dem|la|le|of|his|her|de|du|des|di|del|della|da|do|van|af|feu|feue|fu|late|the\s+late)\s+)*(?:(?:${TITLE_CI})\.?\s+)?$`,
  'u',
);
export const COORD_GAP = new RegExp(String.raw`^\s+${CONJ}\s+(?:(?:${TITLE_ALT})\.?\s+)?$`, 'iu');
/** "John Goodall and Sarah his wife", "Jacques Boucher et Marie Gendron sa femme": the name is the spouse of the one named before. */
export const HIS_WIFE_AFTER = new RegExp(
  String.raw`^,?\s+(his|her|sa|son|seine|sein|sua|suo|zijn|hans|hennes|their|leur|ihr)\s+(${REL_ALT}|femme|frau|mari|marito|mann)(?![\p{L}])`,
  'iu',
);
/** "Nymphas Stace Elizabeth his Wife", "George Dishonser and Ann his Wife": the man before his wife's given name. */
export const WIFE_NAMED_AFTER =
  /^,?[ \t]+(?:(?:and|&)[ \t]+)?\p{Lu}\p{Ll}+[.:]?[ \t]+[Hh]is[ \t]+(?:[Ww]ife|WIFE)(?!\p{L})/u;
/** "Sarah and I were married in June 1886": in a letter, the writer's spouse. */
export const AND_I_MARRIED_AFTER = /^\s+and\s+I\s+(?:were|was|had\s+been|have\s+been)\s+married\b/i;
/** The signature closing a letter: its writer. */
export const SIGNED_BEFORE =
  /(?:yours?\s+(?:truly|sincerely|faithfully|affectionately|ever|obediently|respectfully)|your\s+(?:loving|affectionate|devoted|dutiful|obedient|fond)\s+\w+(?:\s+(?:till|until|unto)\s+death)?|i\s+remain[^\n]{0,50})[,.]?\s*$/i;
/** Census relation column right after the name. */
export const CENSUS_COLUMNS: Record<string, [Relation | 'head', RecordRole?]> = {
  head: ['head', 'head'],
  wife: ['spouse', 'wife'],
  husband: ['spouse', 'husband'],
  son: ['child', 'son'],
  daughter: ['child', 'daughter'],
  dau: ['child', 'daughter'],
  daur: ['child', 'daughter'],
  dr: ['child', 'daughter'],
  stepson: ['child', 'son'],
  stepdaughter: ['child', 'daughter'],
  father: ['parent'],
  mother: ['parent'],
  brother: ['sibling'],
  sister: ['sibling'],
  grandson: ['other_relative'],
  granddaughter: ['other_relative'],
  nephew: ['other_relative'],
  niece: ['other_relative'],
  'son-in-law': ['other_relative'],
  'daughter-in-law': ['other_relative'],
  'mother-in-law': ['other_relative'],
  'father-in-law': ['other_relative'],
  'sister-in-law': ['other_relative'],
  'brother-in-law': ['other_relative'],
  cousin: ['other_relative'],
  servant: ['other_relative', 'servant'],
  boarder: ['other_relative', 'boarder'],
  lodger: ['other_relative', 'boarder'],
  visitor: ['other_relative'],
};
/** ", Dr. Hüsgen", "Adt , Dr . Hitze", "Denzler Albert, Dr., Moser Robert" after a name: the next man's title, not a census column or "(dr)" for daughter. */
export const DR_TITLE_AFTER = /^\s*[,;]?\s*Dr[ \t]*\.?(?:\s*,)?\s+\p{Lu}\p{Ll}/u;
export const CENSUS_AFTER = new RegExp(
  String.raw`^(?:[ \t,|.]+(?:[A-Z]{1,2}|\d{1,3}|Mar|Unm|Wid|Widow|Single|Married)(?![\p{L}\d]))*[ \t,|.]+(${Object.keys(
    CENSUS_COLUMNS,
  )
    .sort((a, b) => b.length - a.length)
    .flatMap((k) => [k[0]!.toUpperCase() + k.slice(1), k.toUpperCase()])
    .join('|')})\b(?!\s+of\b)`,
  'u',
);
/** "Mary Brooks (wife)", "Mary Brooks, wife" in lists of next of kin and passenger manifests. */
export const STATUS_WORDS = new Set(
  'widow widower widdow relict veuve veuf viuda viudo vedova vedovo weduwe weduwnaar witwe witwer wdowa wdowiec änka enke vidua viduus'.split(
    ' ',
  ),
);
export const PAREN_REL_AFTER = new RegExp(
  String.raw`^\s*(?:,\s*|\(\s*)(${REL_ALT})(?:\s*\)|(?=\s*[,;.\n]|\s*$))`,
  'iu',
);
/** "Mary, wife of", "Ann, daughter of": the name is the subject of a relationship phrase. */
export const REL_OF_AFTER = new RegExp(
  String.raw`^,?\s*(?:the\s+)?(?:\p{Ll}+\s+){0,2}(${REL_ALT}|${GENITIVE})\s+(?:(?:leg[ií]tim\p{L}*|ehelich\p{L}*|natural\p{L}*)\s+)?(?:${OF}\b|[A-Z\p{Lu}])`,
  'iu',
);
/**
 * A census row's relation column after a name, in text that can hold an English-style census: a German or French
 * column's "Dr." after a name is the next man's doctorate ("Ritter Wilhelm, Dr., Prof."), never a daughter.
 */
export const censusAfter = (a: string, lang: TextLanguage): RegExpExecArray | null =>
  lang === 'de' || lang === 'fr' ? null : CENSUS_AFTER.exec(a);
/** PAREN_REL_AFTER ("John Smith (son)", "Mary Brown, dau."), unless its word is a false friend ("Wilhelm, Dr., Prof."). */
export const parenRelAfter = (a: string, lang: TextLanguage): RegExpExecArray | null =>
  kinIn(lang, PAREN_REL_AFTER.exec(a));
/** REL_OF_AFTER, unless its relationship word is a false friend in the text's language ("Reiches nicht zu Freunden"). */
export const relOfAfter = (a: string, lang: TextLanguage): boolean => kinIn(lang, REL_OF_AFTER.exec(a)) !== null;
const CHILD_WORDS = Object.keys(REL_WORDS).filter((w) => REL_WORDS[w]![0] === 'child');
/** "…, daughter of": the name starts a new principal (the bride after the groom's parents), not a list. */
export const CHILD_OF_AFTER = new RegExp(
  String.raw`^,?\s*(?:the\s+)?(?:\p{Ll}+\s+){0,2}(?:${CHILD_WORDS.join('|')}|filius|filia)\s+(?:\p{Ll}+\s+)?(?:${OF}(?![\p{L}])|\p{Lu})`,
  'iu',
);
// "… Sarah Olfay Singlewoman was Passed as a Vagrant from the Parish of …", "Harriott Elly & her two Children was Removed":
// a removal order's pauper.
export const SUBJECT_AFTER =
  /^,?\s+(?:and\s+I\s+(?:were|was|had\s+been|have\s+been)\s+married\b|(?:(?:widow|widower|bachelor|singlewoman|single\s+woman|spinster|wido?\.|wid:)\s+)?(?:(?:(?:and|&)\s+)?(?:(?:his|her|their)\s+)?(?:\p{L}+\s+|\d+\s+)?(?:wife|husband|child|children|childn\.?|childrn\.?|family)\s+|(?:together|togr\.?|to\s*gt\.?)\s+with\s+[^.;\n]{1,60}?\s+)?(?:was|were)\s+(?:removed|passed)\s+(?:over\s+)?(?:as|from|to)\b|was\s+born|was\s+baptized|was\s+baptised|was\s+buried|died|passed\s+away|departed\s+this\s+life|,?\s*aged?\s+\d|,\s*born|enlisted|was\s+enlisted|ist\s+geboren|wurde\s+geboren|geboren|getauft|gestorben|né\b|née\b|naquit|nacido|nacida|nato\b|nata\b|nascido|nascida|urodzony|urodzona|urodził|född|født|natus|nata|baptizatus|baptizata|sepultus|sepulta|obiit|age\s+\d)/iu;
/** "William Hale of Jobston deceased …", "John Ward, of Dover, died": the one who died is the record's subject. */
export const DECEASED_AFTER =
  /^,?\s+(?:of\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?,?\s+)?(?:deceased|dec['’]?d\.?|died|departed\s+this\s+life)(?!\p{L})/iu;
export const SUBJECT_BEFORE = new RegExp(
  String.raw`(?:(?:view\s+of\s+the\s+)?body\s+of|in\s+(?:loving\s+)?memory\s+of|obituary\s*[:\-–]?|death\s+of|birth\s+of|burial\s+of|baptism\s+of|certify\s+that|name\s+of\s+(?:child|deceased|soldier)\s*:?|name\s*:|deceased\s*:|soldier\s*:|testator\s*:|passenger\s*:|baptized|baptised|bapt\.|bap\.|christened|chr\.|buried|bur(?:y|ie)e?d|bur\.|interred|getauft|begraben|beerdigt|baptisé[e]?|inhumé[e]?|bautizado|bautizada|sepultado|sepultada|battezzato|battezzata|sepolto|sepolta|gedoopt|begraven|ochrzczony|ochrzczona|pochowany|pochowana|döpt|begravd|døbt|begravet|baptizavi|baptizatus|baptizata|sepultus|sepulta|sepelivi|hier\s+liegt|here\s+lies|estate\s+of|will\s+of|claimant,?|personally\s+appeared|falleci[óo]|muri[óo]|(?:est\s+)?décédée?|overleden|gestorven|(?:è\s+)?mort[oa]|zmarła?|zmarla?|døde|dog|död|obiit|est\s+née?|è\s+nat[oa]|nacque|killed|contrajeron\s+matrimonio|casaram-se|vigdes|ont\s+comparu|erschienen|comparecieron|(?:the\s+)?name\s+of|il\s+nome\s+di|(?:die|den)\s+vornamen?|le\s+pr[ée]nom\s+de|de\s+voornaam\s+(?:heeft\s+gegeven\s+)?van|el\s+nombre\s+de|imi[eę])(?:\s*,(?=\s))?(?:\s+(?:à|in|te|en|a|w|i|at)\s+\p{Lu}[\p{L}-]+,?)?\s*(?:(?!(?:in|at|on|to|near|à|en|dans|im|zu|bei|te|op)\s)\p{Ll}+\s+)?(?:(?:the\s+)?(?:body\s+of|infant|child|son|daughter|corpse\s+of)\s+)?(?:(?:${TITLE_ALT})\.?\s+)?$`,
  'iu',
);
/**
 * The phrase that gives a child its names in a birth or baptism record ("to whom was given the
 * name of", "die Vornamen", "il nome di", "nadano imię"), or the given-names field of a form: the
 * words after it are given names only, and they are the record's subject.
 */
export const NAMED_BEFORE =
  /(?:\b(?:was\s+)?named|\bgiven\s+the\s+names?(?:\s+of)?|\bby\s+the\s+names?\s+of|\bchristian\s+names?\s*:?|\bgiven\s+names?\s*:|\bfore-?names?\s*:|\bil\s+nome\s+di|\b(?:die|den)\s+vornamen?|\bden\s+namen|\bvornamen?\s*:|\bles?\s+pr[ée]noms?\s+de|\bpr[ée]noms?\s*:|\bde\s+voorna(?:am|men)\s+(?:heeft\s+gegeven\s+)?van|\bvoorna(?:am|men)\s*:|\b(?:el\s+|por\s+)nombre(?:\s+de)?|\bo\s+nome\s+de|\bimi[eę]|\bimiona|\bdöpt\s+till|\bnomen(?:\s+impositum\s+est)?)\s*$/iu;
/** A form's surname field ("Surname: MacPherson"), for the given names its given-names field holds. */
export const SURNAME_FIELD =
  /\b(?:surname|family\s+name|last\s+name|nachname|familienname|cognome|apellidos?|nom\s+de\s+famille|achternaam|nazwisko|efternamn)\s*:\s*([\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+)?)/u;
/** "Cornelius, son of the above": a child (or wife) of the entry just above, not the record's subject. */
export const ABOVE_AFTER =
  /^,?\s*(?:the\s+)?(\p{L}+)\s+of\s+(?:the\s+)?(?:above(?:-?named)?|said|same|aforesaid|last(?:-|\s+)named|preceding)(?![\p{L}])/iu;
/** A register entry's principal: "Mr. Henry Fitz-Simons, merchant, of Castle Street, aged 56". */
export const AGED_AFTER = /^,[^.;\n]{0,60}?,\s*aged?\s+\d/iu;
/** "an Old Resident", "a Native of Cork": a name never follows an indefinite article. */
export const ARTICLE_BEFORE = /(?<![\p{L}])(?:a|an)\s+$/iu;

/** Record-role phrases before a name (and the list it starts). */
const RECORD_ROLE_BEFORE: [RegExp, RecordRole][] = [
  [
    /(?:\bwitness(?:es)?|\bteste|\bwits?\.|\bin\s+(?:the\s+)?presence\s+of|\bzeugen|\btrauzeugen|\btémoins?|\btemoins?|\btestigos?|\btestimon[ei]|\bgetuigen|\btestes|\bvittnen|\bvitner|\bvidner|(?<![\p{L}])świadkowie|\bswiadkowie|\btestemunhas)\b[^.\n]{0,25}?[:\-–,]?\s*$/iu,
    'witness',
  ],
  // An inquest's jurors, "upon the Oath of John Taylor, Henry Platt …": they swear to its facts; none is its subject.
  [/\bupon\s+the\s+oaths?\s+of\s*$/iu, 'witness'],
  [
    /(?:\bsponsors?|\bgod-?parents?|\bgod-?father|\bgod-?mother|\bsureties|\bsurety|\btaufpaten|\bpaten|\bpate|\bpatin|\bparrain|\bmarraine|\bpadrinos?|\bmadrinas?|\bpadrini|\bpatrin[ia]|\bpatrinus|\bmatrina|\bsusceptores|\bpeetouders|\bfaddrar|\bfaddere|\bchrzestn[iay]|\bpadrinhos?|\bmadrinha)\b[^.\n]{0,25}?[:\-–,]?\s*$/iu,
    'sponsor',
  ],
  [/\b(?:informant|declarant|anzeigende[r]?|déclarant|declarante)\b[^.\n]{0,25}?[:\-–,]?\s*$/iu, 'informant'],
  [/\b(?:executors?|executrix|overseers?)\b[^.\n]{0,25}?[:\-–,]?\s*$/iu, 'executor'],
  [/\b(?:next[\s-]+of[\s-]+kin|nearest\s+relative)\b[^.\n]{0,25}?[:\-–,]?\s*$/iu, 'next_of_kin'],
  [/\bby\s+(?:the\s+)?(?:Rev|Revd|Reverend|Fr|Father|Pastor|Elder|Parson)\.?\s+(?:Mr\.?\s+)?$/iu, 'officiant'],
  [/\bby\s+whom(?:\s+the\s+ceremony\s+was\s+performed)?\s*:?\s*$|\bper\s+me\s*,?\s*$/iu, 'officiant'],
  [
    /\b(?:by\s+me|officiating(?:\s+minister)?|officiant|celebrant|solemni[sz]ed\s+by|performed\s+by|married\s+by|ceremony\s+by)\s*[:,]?\s*$/iu,
    'officiant',
  ],
];
/**
 * A clergyman's or magistrate's signature line after the name ("Samuel Pritchard, Minister of the
 * Gospel.", "John Doe, Rector", "J. Smith, J.P."): in a register entry or certificate he is the
 * officiant. Only when the office closes the line or sentence: "Rev. John Smith, rector of St Mary's,
 * died" is about him, not signed by him.
 */
export const OFFICIANT_AFTER =
  /^,?[ \t]*(?:the[ \t]+)?(?:officiating[ \t]+)?(?:minister(?:[ \t]+of[ \t]+the[ \t]+gospel)?|rector|vicar|curate|pastor|priest|parish[ \t]+priest|clergyman|chaplain|deacon|justice[ \t]+of[ \t]+the[ \t]+peace|j\.[ \t]?p\.|pfarrer|curé|párroco|parroco|predikant|dominee|sacerdote)[ \t]*(?:[.,;]?[ \t]*(?:\r?\n|$))/iu;
/**
 * A magistrate's order or pass ("By Order under the hands and Seals of Fran Bedwell & J Fielding
 * Esqrs.", the clerk's short "under Etc of"), an inquest "before me": the person named acts in the record. Only a role for a name
 * read on other grounds: the phrase makes no unknown word a person.
 */
export const MAGISTRATE_BEFORE =
  /\b(?:under\s+(?:the\s+hands?\s+(?:(?:and|&)\s+seals?\s+)?|(?:Etc|&c)\.?\s+)of(?:\s+(?:Sir|Sr)\.?)?|before\s+me|compareerde\s+(?:vo(?:o)?r[t]?\s+mij|ik)|coram\s+me|par[\s-]+devant(?:\s+(?:Me|Ma[îi]tre))?|vor\s+mir)\s*[:,]?\s*$/iu;
/**
 * "Fran Bedwell Esqr. one of his Majesties Justices of the Peace", the clerk's short "Thos. Gordon Esqr. 2 Etc", "Thomas
 * Prickard, Gentleman, Coroner": a magistrate or coroner named with his office acts in the record; he is not its subject.
 */
export const MAGISTRATE_AFTER =
  /^[ \t]*,?[ \t]*(?:(?:Esq(?:r|re|uire)?s?|Knt|Kt|Knight|Bart|Gent(?:leman)?)[.:]?,?[ \t]+){0,2}(?:Coroner\b|(?:one|two|three|four|both)[ \t]+of[ \t]+(?:his|her|their)[ \t]+Majest(?:y|ie|ies|ys|y['’]s)['’]?s?[ \t]+Justices|(?<=Esq(?:r|re|uire)?s?[.:]?,?[ \t]+)(?:[1-4]|one|two|three|four)[ \t]+(?:Etc|&c)\b)/iu;
/** "by the Rev. A and the Rev. B": a second clergyman, only when titled as one. */
export const ANOTHER_CLERGYMAN = /^\s*,?\s*(?:and|&)\s+(?:the\s+)?(?:Rev|Revd|Reverend|Fr|Father|Pastor|Elder)\.?\s+$/i;
/** "…, son of": the child word of a phrase right after a name, to tell the groom from the bride. */
export const CHILD_WORD_AFTER = new RegExp(
  String.raw`^,?\s*(?:the\s+)?(?:\p{Ll}+\s+){0,2}?(${CHILD_WORDS.join('|')}|filius|filia)\s+(?:\p{Ll}+\s+)?(?:${OF}(?![\p{L}])|\p{Lu})`,
  'iu',
);
/** Records whose subject is not a child given its names (a marriage's or death's "named" is someone else). */
export const NOT_CHILD_RECORDS = new Set<string>([
  'marriage',
  'death',
  'obituary',
  'census',
  'letter',
  'journal',
  'photo',
]);
export const PARENTS_GAP = new RegExp(
  String.raw`^\s*,?\s*${CONJ}\s+(?:(?:da|de|di|von|van|of|z|from)\s+)?(?:(?:${TITLE_ALT})\.?\s+)?$`,
  'iu',
);
const TITLE_TAIL = new RegExp(String.raw`(?<![\p{L}])(?:${TITLE_ALT})\.?\s+$`, 'iu');
/** The record role a phrase before a name gives, looking past a title ("Witnesses: Rev. Peter Greene"). */
export function recordRoleBefore(b: string): RecordRole | undefined {
  const bare = b.replace(TITLE_TAIL, '');
  return RECORD_ROLE_BEFORE.find(([re]) => re.test(b) || re.test(bare))?.[1];
}
export const MARRIAGE_CUE =
  /\b(?:married|marriage|banns|bride|groom|heirat|getraut|mariage|matrimonio|casamento|huwelijk|ślub|małżeńst|vigsel|vigde|matrimoni)/iu;
/** "Thomas Shepard and Margaret Touteville were married": the groom is named first. */
export const PAIR_MARRIED_AFTER =
  /^\s*(?:,[^,;.]{0,40},)?\s*(?:were|was)\s+(?:married|wed|joined|united)|^\s*(?:matrimonio\s+juncti|matrimonium\s+contraxerunt|in\s+matrimonium)/iu;
export const FEMALE_TITLES = new Set(
  'miss mrs ms mlle madame mme frau fräulein señora senora doña dona signora pani lady dame widow'.split(' '),
);
export const MALE_TITLES = new Set('mr herr monsieur señor senor don signor sig pan sir lord'.split(' '));
export const GROOM_BEFORE =
  /\b(?:groom|bridegroom|bräutigam|époux|epoux|novio|sposo|bruidegom|noivo|brudgum|brudgom|sponsus|narzeczony|pan\s+młody)\s*[:\-–,]?\s*$/iu;
export const BRIDE_BEFORE =
  /\b(?:bride|braut|épouse|epouse|novia|sposa|bruid|noiva|brud|sponsa|narzeczona|panna\s+młoda)\s*[:\-–,]?\s*$/iu;
/**
 * Whether `re` (a cue that ends the text before a name) matches `b` with its own word, not with the
 * surname of the name before it: "upon the Oath of … James Bride, James Berrell" names two jurors;
 * "Bride: Mary Ann Brooks" and "the bride, Mary Ann Brooks" name a bride.
 */
export function cueBefore(re: RegExp, b: string): boolean {
  const m = re.exec(b);
  if (!m) return false;
  const at = m.index + (/\p{L}/u.exec(m[0])?.index ?? 0);
  return !(/^\p{Lu}/u.test(b.slice(at)) && /\p{Lu}[\p{L}.'’-]*[ \t]+$/u.test(b.slice(0, at)));
}
export const GROOM_AFTER =
  /^[^.;\n]{0,45}?\b(?:bachelor|widower|junggeselle|junggesell|witwer|garçon|célibataire\s+majeur|soltero|viudo|celibe|vedovo|jongman|jongeman|weduwnaar|solteiro|viúvo|kawaler|kawalerem|wdowiec|wdowcem|ungkarl|ungkar|enkemand|enkemann|caelebs|viduus|groom|bridegroom)\b/iu;
export const BRIDE_AFTER =
  /^[^.;\n]{0,45}?\b(?:spinster|widow(?!\s+of)|jungfrau|jungfer|witwe(?!\s+des)|fille\s+majeure|fille\s+mineure|soltera|viuda(?!\s+de)|nubile|vedova(?!\s+di)|jongedochter|jonge\s+dochter|weduwe(?!\s+van)|solteira|panna|pige|jungfru|enke(?!\s+efter)|virgo|vidua|bride|panną|wdową)(?![\p{L}])/iu;

export const MAIDEN_AFTER =
  /^,?\s*\(?(?:née|nee|born|geb\.|geb|geborene|geborne|z\s+d(?:omu)?\.?|född|født|f\.|nata|nacida|nascida|dite|maiden\s+name|formerly|m\.\s?s\.)\s+([\p{Lu}][\p{L}'’-]+(?:[-\s][\p{Lu}][\p{L}'’-]+)?)/iu;

const TITLE_BEFORE = new RegExp(String.raw`(?<![\p{L}])((?:${[...TITLES].join('|')})\.?)\s+$`, 'iu');
/** "Mr. and Mrs. John Smith" names him: his title is the first ("Mrs." would make the father of the groom a woman). */
const COUPLE_TITLES_BEFORE = /(?<![\p{L}])(Mr\.?|M\.|Herr)\s*(?:and|&|et|und)\s*(?:Mrs|Mme|Frau)\.?\s+$/iu;
export function titleBefore(text: string, m: Mention): string | undefined {
  const before = text.slice(Math.max(0, m.start - 20), m.start);
  return COUPLE_TITLES_BEFORE.exec(before)?.[1] ?? TITLE_BEFORE.exec(before)?.[1];
}

/** The text just before a name (90 characters unless told). */
export const textBefore = (text: string, m: Candidate, n = 90) => text.slice(Math.max(0, m.start - n), m.start);
/** The text just after a name (60 characters unless told). */
export const textAfter = (text: string, m: Candidate, n = 60) => text.slice(m.end, m.end + n);
