import type { DocumentType, PersonDetail, PersonRole, PersonTag, RecordRole } from '@gnology/contracts';
import { MONTH_NAMES } from './dates';
import { GIVEN_NAMES, TITLES } from './given-names';

/**
 * People named in a record, with their role relative to its primary subject and the part the
 * record gives them (bride, witness, sponsor, census head...).
 *
 * 1. Candidates: runs of capitalised words (Unicode letters, "O'Brien", "Fitz-williams", "van der
 *    Berg", initials, surnames in capitals), split at stop words, at titles ("Knight", "Esq.") and
 *    where a second given name starts a second person; a given name at a line end joins the
 *    surname on the next line ("son of Thomas⏎Whitfield").
 * 2. Acceptance: a full name needs a known given name, a title or a cue around it; a lone given
 *    name needs a cue: a relationship phrase ("his wife Mary", "daughter of Thomas and Ann",
 *    "Sohn des", "fille de", "filius"), a list it continues ("children: John, Mary and William"),
 *    a census column after it, a maiden name ("née Brown", "geb. Schmidt").
 * 3. Edges between people from the phrases, the primary subject (groom, census head, baptised
 *    child, deceased, testator), roles read off the edges, lone given names completed with the
 *    surname of the person they are tied to.
 */

type Relation = Exclude<PersonRole, 'primary_subject'>;
type Kin = 'son' | 'daughter' | 'wife' | 'husband' | 'father' | 'mother';

interface Candidate {
  words: string[];
  start: number;
  end: number;
  title?: string;
  /** "Jr." after a given name alone ("sons Ebenezer, Jesse Jr. and Nathan"): goes after the surname found for it. */
  suffix?: string;
}
interface Mention extends Candidate {
  /** The name as written (title-cased when the record wrote it in capitals). */
  name: string;
  lone: boolean;
  /** The surname is in the text at this mention (written, or "Thomas and Ann Whitfield", or a maiden name), not inferred. */
  written: boolean;
  maiden?: string;
}
interface Edge {
  /** `person` is `role` of `anchor` (mention indexes); anchor -1 means "the primary subject, whoever it is". */
  anchor: number;
  person: number;
  role: Relation;
  kin?: Kin;
}

const L = String.raw`\p{Lu}`;
const l = String.raw`\p{Ll}`;
const ABBREVIATED =
  'Willm|Wm|Jno|Chas|Geo|Thos|Jas|Saml|Benj|Richd|Robt|Edwd|Danl|Eliz|Elizth|Margt|Cath|Jos|Alexr|Ant|Math|Xpher|Xtopher|Hy|Fredk|Steph|Patk|Michl|Timy|Joh|Ma';
const WORD = String.raw`(?:(?:${ABBREVIATED})\.|(?:Mc|Mac|O['’]|D['’]|Fitz|La|Le|De|Di|Da|Du|Van)?${L}${l}+(?:[-'’]${L}?${l}+)*|(?:MC|MAC|O['’])?${L}{2,}(?:[-'’]${L}{2,})*(?![${l}])|${L}\.)`;
const PARTICLE = '(?:van|von|de|du|der|den|la|le|da|di|dos|das|del|della|ter|ten|zu|af|y|vom|zur)';
const RUN = new RegExp(
  String.raw`(?<![\p{L}'’])${WORD}(?:(?:[ \t]+|[ \t]*\n[ \t]*)(?:${PARTICLE}[ \t]+)*${WORD})*`,
  'gu',
);

/** Relationship words of the record languages → the relation of the named person to the phrase's subject (for "X, son of Y": X is Y's child). */
const REL_WORDS: Record<string, [Relation, Kin?]> = {};
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
const TITLE_ALT = [...TITLES].join('|');
const OF = "(?:of|des|der|de|du|d['’]|di|del|della|van|von|af|till|til|do|da|dla|po|zu|efter|etter)";
const PRE_NAME = String.raw`(?:the\s+late\s+|late\s+|mr\.?\s+(?:and|&)\s+mrs\.?\s+|the\s+(?=(?:${TITLE_ALT})\.?\s)|(?:dem|der|des|den|la|le|du|feu|fu|del\s+fu|quondam|q\.|sel\.|seligen|weiland)\s+|(?:${TITLE_ALT})\.?\s+)*`;
/** "… son of " right before a name: the name is the parent (or spouse, ...) of the phrase's subject. */
/** "The bride is the daughter of", "the groom, son of": a marriage record names whose parents follow by the party's title. */
const PARTY_OF_BEFORE =
  /\b(bride|bridegroom|groom)(?:\s+(?:is|was))?[\s,]+(?:the\s+)?(?:\p{L}+\s+)?(?:son|daughter|child)\s+of\s*$/iu;
const REL_OF_BEFORE = new RegExp(
  String.raw`(?<![\p{L}])(?:(${REL_ALT})(?:\s+(?:leg[ií]tim\p{L}*|ehelich\p{L}*|natural\p{L}*|légitime|legittim\p{L}*|wettig\p{L}*|äkta|ekte))?\s+${OF}\s*|(${GENITIVE})(?:\s+(?:legitim\p{L}*|naturalis|nat\.|ex))?\s+)${PRE_NAME}(?:\p{Ll}[\p{L}'’-]*\s+|(?:[\p{Lu}][\p{Ll}]+(?:s|n|ers|ens))\s+(?=[\p{Lu}]))?$`,
  'iu',
);
/** "his wife ", "survived by her sons ", "children: " right before a name: the name is that relative of the subject. */
const REL_BEFORE = new RegExp(
  String.raw`(?<![\p{L}])(${REL_ALT})(?:['’]s(?:\s+(?:maiden\s+|christian\s+|given\s+)?(?:sur)?name))?(?:\s*\([^)]*\))?[,:]?\s*(?:named\s+|called\s+)?${PRE_NAME}(?:(?!${OF}\s)\p{Ll}[\p{L}'’-]*\s+)?$`,
  'iu',
);
/** A relationship word said of someone: "his wife ", "to my son ", "Mother: " — strong enough for a given name not in the lexicon. */
const STRONG_REL_BEFORE = new RegExp(
  String.raw`(?:(?:his|her|my|their|our|your|the|and|with|by|to|hans|hennes|seine|sein|seiner|ihr|sa|son|sua|suo|zijn|haar|sin|sina|jego|jej)\s+(?:\p{L}+\s+)?(?:${REL_ALT})|(?:${REL_ALT})\s*[:(])[,:)]?\s*${PRE_NAME}$`,
  'iu',
);
const MARRIED_BEFORE = new RegExp(
  String.raw`(?:\bmarried|\bwed|\bmarriage\s+of\s+[^.;\n]{0,60}?\s+(?:to|and|with)|\bunited\s+in\s+marriage\s+(?:to|with)|\bheiratete|\bverheiratet\s+mit|\bgetraut\s+mit|\bépous[ea]|\bmarié[e]?\s+(?:à|avec)|\bcasó\s+con|\bcasado\s+con|\bcasada\s+con|\bsposò|\bsposato\s+con|\bsposata\s+con|\btrouwde\s+met|\bgetrouwd\s+met|\bcasou\s+com|\bożenił\s+się\s+z|\bvigd\s+med|\bviet\s+med|\bgift\s+med|\bcontraxit\s+cum|\bcum|\b(?:to|with)(?=\s+(?:Miss|Mrs|Mlle|Mademoiselle|Mr)\.?\s))\s+${PRE_NAME}$`,
  'iu',
);
const BRIDE_OF_BEFORE = new RegExp(String.raw`\bbecame\s+the\s+(?:bride|wife)\s+of\s+${PRE_NAME}$`, 'iu');
const BORN_TO_BEFORE = /\bborn\s+(?:[^.;\n]{0,60}?\s+)?to\s+$/i;
/** A letter's salutation names its addressee, the person the letter is about ("My dear Sarah,"). */
const DEAR_BEFORE = /\b(?:my\s+)?dear(?:est)?\s+$/i;
const CONJ = '(?:and|&|und|et|y|e|en|i|och|og|ac|atque|ou)';
/** Case-insensitive on the first letter only, for patterns that must tell capitals apart elsewhere. */
const firstCi = (alt: string) =>
  alt
    .split('|')
    .map((w) => (/^\p{L}/u.test(w) ? `[${w[0]!.toUpperCase()}${w[0]!.toLowerCase()}]${w.slice(1)}` : w))
    .join('|');
const TITLE_CI = firstCi(TITLE_ALT);
// Case-sensitive: "of Minneapolis and" is skipped, "in this county," is not a list.
const LIST_GAP = new RegExp(
  String.raw`^\s*(?:,?\s*(?:Jr|Sr|Junior|Senior|Esq|Esquire|Gent|Knight|Knt|Bart|Yeoman)\.?)?(?:,?\s+(?:of|in|at)\s+\p{Lu}[\p{L}.]+(?:,?\s+\p{Lu}[\p{L}.]+)?)?(?:,\s*(?:a|an|the|aged?|\p{Ll}+)(?:\s[^,.;\n]{0,30}?)?)?(?:[,;]|,?\s+(?:${firstCi(CONJ.slice(3, -1))}))\s*(?:(?:der|die|dem|la|le|of|his|her|de|du|des|di|del|della|da|do|van|af|feu|feue|fu|late|the\s+late)\s+)*(?:(?:${TITLE_CI})\.?\s+)?$`,
  'u',
);
const COORD_GAP = new RegExp(String.raw`^\s+${CONJ}\s+(?:(?:${TITLE_ALT})\.?\s+)?$`, 'iu');
/** "John Goodall and Sarah his wife", "Jacques Boucher et Marie Gendron sa femme": the name is the spouse of the one named before. */
const HIS_WIFE_AFTER = new RegExp(
  String.raw`^,?\s+(his|her|sa|son|seine|sein|sua|suo|zijn|hans|hennes|their|leur|ihr)\s+(${REL_ALT}|femme|frau|mari|marito|mann)(?![\p{L}])`,
  'iu',
);
/** The signature closing a letter: its writer. */
const SIGNED_BEFORE =
  /(?:yours?\s+(?:truly|sincerely|faithfully|affectionately|ever|obediently|respectfully)|your\s+(?:loving|affectionate|devoted|dutiful|obedient|fond)\s+\w+(?:\s+(?:till|until|unto)\s+death)?|i\s+remain[^\n]{0,50})[,.]?\s*$/i;
/** Census relation column right after the name. */
const CENSUS_COLUMNS: Record<string, [Relation | 'head', RecordRole?]> = {
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
const CENSUS_AFTER = new RegExp(
  String.raw`^(?:[ \t,|.]+(?:[A-Z]{1,2}|\d{1,3}|Mar|Unm|Wid|Widow|Single|Married)(?![\p{L}\d]))*[ \t,|.]+(${Object.keys(
    CENSUS_COLUMNS,
  )
    .sort((a, b) => b.length - a.length)
    .flatMap((k) => [k[0]!.toUpperCase() + k.slice(1), k.toUpperCase()])
    .join('|')})\b(?!\s+of\b)`,
  'u',
);
/** "Mary Brooks (wife)", "Mary Brooks, wife" in lists of next of kin and passenger manifests. */
const STATUS_WORDS = new Set(
  'widow widower widdow relict veuve veuf viuda viudo vedova vedovo weduwe weduwnaar witwe witwer wdowa wdowiec änka enke vidua viduus'.split(
    ' ',
  ),
);
const PAREN_REL_AFTER = new RegExp(String.raw`^\s*(?:,\s*|\(\s*)(${REL_ALT})(?:\s*\)|(?=\s*[,;.\n]|\s*$))`, 'iu');
/** "Mary, wife of", "Ann, daughter of": the name is the subject of a relationship phrase. */
const REL_OF_AFTER = new RegExp(
  String.raw`^,?\s*(?:the\s+)?(?:\p{Ll}+\s+){0,2}(?:${REL_ALT}|${GENITIVE})\s+(?:(?:leg[ií]tim\p{L}*|ehelich\p{L}*|natural\p{L}*)\s+)?(?:${OF}\b|[A-Z\p{Lu}])`,
  'iu',
);
const CHILD_WORDS = Object.keys(REL_WORDS).filter((w) => REL_WORDS[w]![0] === 'child');
/** "…, daughter of": the name starts a new principal (the bride after the groom's parents), not a list. */
const CHILD_OF_AFTER = new RegExp(
  String.raw`^,?\s*(?:the\s+)?(?:\p{Ll}+\s+){0,2}(?:${CHILD_WORDS.join('|')}|filius|filia)\s+(?:\p{Ll}+\s+)?(?:${OF}(?![\p{L}])|\p{Lu})`,
  'iu',
);
const SUBJECT_AFTER =
  /^,?\s+(?:was\s+born|was\s+baptized|was\s+baptised|was\s+buried|died|passed\s+away|departed\s+this\s+life|,?\s*aged?\s+\d|,\s*born|enlisted|was\s+enlisted|ist\s+geboren|wurde\s+geboren|geboren|getauft|gestorben|né\b|née\b|naquit|nacido|nacida|nato\b|nata\b|nascido|nascida|urodzony|urodzona|urodził|född|født|natus|nata|baptizatus|baptizata|sepultus|sepulta|obiit|age\s+\d)/iu;
const SUBJECT_BEFORE = new RegExp(
  String.raw`(?:in\s+(?:loving\s+)?memory\s+of|obituary\s*[:\-–]?|death\s+of|birth\s+of|burial\s+of|baptism\s+of|certify\s+that|name\s+of\s+(?:child|deceased|soldier)\s*:?|name\s*:|deceased\s*:|soldier\s*:|testator\s*:|passenger\s*:|baptized|baptised|bapt\.|bap\.|christened|chr\.|buried|bur(?:y|ie)e?d|bur\.|interred|getauft|begraben|beerdigt|baptisé[e]?|inhumé[e]?|bautizado|bautizada|sepultado|sepultada|battezzato|battezzata|sepolto|sepolta|gedoopt|begraven|ochrzczony|ochrzczona|pochowany|pochowana|döpt|begravd|døbt|begravet|baptizavi|baptizatus|baptizata|sepultus|sepulta|sepelivi|hier\s+liegt|here\s+lies|estate\s+of|will\s+of|claimant,?|personally\s+appeared|falleci[óo]|muri[óo]|(?:est\s+)?décédée?|overleden|gestorven|(?:è\s+)?mort[oa]|zmarła?|zmarla?|døde|dog|död|obiit|est\s+née?|è\s+nat[oa]|nacque|killed|contrajeron\s+matrimonio|casaram-se|vigdes|ont\s+comparu|erschienen|comparecieron|(?:the\s+)?name\s+of|il\s+nome\s+di|(?:die|den)\s+vornamen?|le\s+pr[ée]nom\s+de|de\s+voornaam\s+(?:heeft\s+gegeven\s+)?van|el\s+nombre\s+de|imi[eę])(?:\s+(?:à|in|te|en|a|w|i|at)\s+\p{Lu}[\p{L}-]+,?)?\s*(?:\p{Ll}+\s+)?(?:(?:the\s+)?(?:body\s+of|infant|child|son|daughter|corpse\s+of)\s+)?(?:(?:${TITLE_ALT})\.?\s+)?$`,
  'iu',
);
const TESTATOR_BEFORE = /\bI,?\s*$/;
/**
 * The phrase that gives a child its names in a birth or baptism record ("to whom was given the
 * name of", "die Vornamen", "il nome di", "nadano imię"), or the given-names field of a form: the
 * words after it are given names only, and they are the record's subject.
 */
const NAMED_BEFORE =
  /(?:\b(?:was\s+)?named|\bgiven\s+the\s+names?(?:\s+of)?|\bby\s+the\s+names?\s+of|\bchristian\s+names?\s*:?|\bgiven\s+names?\s*:|\bfore-?names?\s*:|\bil\s+nome\s+di|\b(?:die|den)\s+vornamen?|\bden\s+namen|\bvornamen?\s*:|\bles?\s+pr[ée]noms?\s+de|\bpr[ée]noms?\s*:|\bde\s+voorna(?:am|men)\s+(?:heeft\s+gegeven\s+)?van|\bvoorna(?:am|men)\s*:|\b(?:el\s+|por\s+)nombre(?:\s+de)?|\bo\s+nome\s+de|\bimi[eę]|\bimiona|\bdöpt\s+till|\bnomen(?:\s+impositum\s+est)?)\s*$/iu;
/** A form's surname field ("Surname: MacPherson"), for the given names its given-names field holds. */
const SURNAME_FIELD =
  /\b(?:surname|family\s+name|last\s+name|nachname|familienname|cognome|apellidos?|nom\s+de\s+famille|achternaam|nazwisko|efternamn)\s*:\s*([\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’-]+)?)/u;
/** "Cornelius, son of the above": a child (or wife) of the entry just above, not the record's subject. */
const ABOVE_AFTER =
  /^,?\s*(?:the\s+)?(\p{L}+)\s+of\s+(?:the\s+)?(?:above(?:-?named)?|said|same|aforesaid|last(?:-|\s+)named|preceding)(?![\p{L}])/iu;
/** A register entry's principal: "Mr. Henry Fitz-Simons, merchant, of Castle Street, aged 56". */
const AGED_AFTER = /^,[^.;\n]{0,60}?,\s*aged?\s+\d/iu;
/** "an Old Resident", "a Native of Cork": a name never follows an indefinite article. */
const ARTICLE_BEFORE = /(?<![\p{L}])(?:a|an)\s+$/iu;

/** Record-role phrases before a name (and the list it starts). */
const RECORD_ROLE_BEFORE: [RegExp, RecordRole][] = [
  [
    /(?:\bwitness(?:es)?|\bteste|\bwits?\.|\bin\s+(?:the\s+)?presence\s+of|\bzeugen|\btrauzeugen|\btémoins?|\btemoins?|\btestigos?|\btestimon[ei]|\bgetuigen|\btestes|\bvittnen|\bvitner|\bvidner|(?<![\p{L}])świadkowie|\bswiadkowie|\btestemunhas)\b[^.\n]{0,25}?[:\-–,]?\s*$/iu,
    'witness',
  ],
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
/** Records whose subject is not a child given its names (a marriage's or death's "named" is someone else). */
const NOT_CHILD_RECORDS = new Set<string>(['marriage', 'death', 'obituary', 'census', 'letter', 'journal', 'photo']);
const PARENTS_GAP = new RegExp(
  String.raw`^\s*,?\s*${CONJ}\s+(?:(?:da|de|di|von|van|of|z|from)\s+)?(?:(?:${TITLE_ALT})\.?\s+)?$`,
  'iu',
);
const TITLE_TAIL = new RegExp(String.raw`(?<![\p{L}])(?:${TITLE_ALT})\.?\s+$`, 'iu');
/** The record role a phrase before a name gives, looking past a title ("Witnesses: Rev. Peter Greene"). */
function recordRoleBefore(b: string): RecordRole | undefined {
  const bare = b.replace(TITLE_TAIL, '');
  return RECORD_ROLE_BEFORE.find(([re]) => re.test(b) || re.test(bare))?.[1];
}
const MARRIAGE_CUE =
  /\b(?:married|marriage|banns|bride|groom|heirat|getraut|mariage|matrimonio|casamento|huwelijk|ślub|małżeńst|vigsel|vigde|matrimoni)/iu;
/** "Thomas Shepard and Margaret Touteville were married": the groom is named first. */
const PAIR_MARRIED_AFTER =
  /^\s*(?:,[^,;.]{0,40},)?\s*(?:were|was)\s+(?:married|wed|joined|united)|^\s*(?:matrimonio\s+juncti|matrimonium\s+contraxerunt|in\s+matrimonium)/iu;
const FEMALE_TITLES = new Set(
  'miss mrs ms mlle madame mme frau fräulein señora senora doña dona signora pani lady dame widow'.split(' '),
);
const MALE_TITLES = new Set('mr herr monsieur señor senor don signor sig pan sir lord'.split(' '));
const GROOM_BEFORE =
  /\b(?:groom|bridegroom|bräutigam|époux|epoux|novio|sposo|bruidegom|noivo|brudgum|brudgom|sponsus|narzeczony|pan\s+młody)\s*[:\-–,]?\s*$/iu;
const BRIDE_BEFORE =
  /\b(?:bride|braut|épouse|epouse|novia|sposa|bruid|noiva|brud|sponsa|narzeczona|panna\s+młoda)\s*[:\-–,]?\s*$/iu;
const GROOM_AFTER =
  /^[^.;\n]{0,45}?\b(?:bachelor|widower|junggeselle|junggesell|witwer|garçon|célibataire\s+majeur|soltero|viudo|celibe|vedovo|jongman|jongeman|weduwnaar|solteiro|viúvo|kawaler|kawalerem|wdowiec|wdowcem|ungkarl|ungkar|enkemand|enkemann|caelebs|viduus|groom|bridegroom)\b/iu;
const BRIDE_AFTER =
  /^[^.;\n]{0,45}?\b(?:spinster|widow(?!\s+of)|jungfrau|jungfer|witwe(?!\s+des)|fille\s+majeure|fille\s+mineure|soltera|viuda(?!\s+de)|nubile|vedova(?!\s+di)|jongedochter|jonge\s+dochter|weduwe(?!\s+van)|solteira|panna|pige|jungfru|enke(?!\s+efter)|virgo|vidua|bride|panną|wdową)(?![\p{L}])/iu;

/** Title words that follow a name: kept apart from it. */
const POST_TITLES = new Set(
  'knight knt kt esq esquire gent gentleman yeoman bart baronet bt armiger clerk clk'.split(' '),
);
const SUFFIXES = new Set(['jr', 'sr', 'junior', 'senior', 'jun', 'sen', 'ii', 'iii']);
/** Capitalised words that are never part of a name: record words, calendar and place words. */
const STOP = new Set(
  `head wife husband son sons daughter daughters daur dau father mother brother sister child children widow widower servant boarder lodger visitor
  grandson granddaughter nephew niece cousin uncle aunt inlaw in-law single married unmarried bachelor spinster infant
  monday tuesday wednesday thursday friday saturday sunday
  county co township parish church chapel cathedral cemetery churchyard street road avenue lane farm city town state district ward precinct hospital school
  the and of in at on for with from to by was is he she his her their this that born died married baptised baptized buried age aged bapt bap bur chr
  certificate registration record register census obituary mr mrs miss ms dr rev capt st saint mount ft fort new north south east west port
  name names witness witnesses sponsor sponsors godparents informant deceased groom bride bridegroom residence occupation condition rank profession
  groom's bride's parents notes note entry no page folio vol book remarks relation relationship sex birthplace nativity place date year years month day
  dwelling family ed enumeration district sheet line col colony province kingdom empire republic united states america england ireland scotland wales
  god lord jesus christ holy virgin catholic methodist baptist presbyterian lutheran episcopal anglican reformed roman army navy regiment company infantry cavalry
  private corporal sergeant lieutenant captain colonel general major enlisted discharged regt co inf vols volunteers battalion
  will testament executor executors item codicil probate deed indenture estate
  passenger passengers ship vessel steamship ss arrived port manifest list
  germany ireland england scotland wales france italy norway sweden denmark prussia bavaria holland russia poland austria hungary canada mexico spain portugal switzerland belgium bohemia galicia
  court san santa santo são sankt sainte ste
  in witness whereof hereunto signed sealed delivered presence
  baptisms burials marriages births deaths christenings
  anno domini ao year dom
  geboren geb getauft gestorben verheiratet sohn tochter ehefrau witwe vater mutter eltern kinder des der die das und paten taufpaten zeugen pfarrer bauer bauern
  né née nee fils fille épouse veuve père mère enfant de du la le et témoins parrain marraine curé
  nacido nacida hijo hija esposa viuda padre madre padrinos testigos párroco y
  nato nata figlio figlia moglie vedova padrini testimoni parroco di
  zoon dochter echtgenote weduwe vader moeder getuigen van
  nascido nascida filho filha esposa viúva pai mãe padrinhos testemunhas
  urodzony urodzona syn córka żona wdowa ojciec matka świadkowie chrzestni
  född son till dotter hustru änka fader moder vittnen
  født søn af datter enke faddere vidner
  natus nata filius filia uxor vidua pater mater baptizatus baptizata sepultus sepulta testes patrini patrinus matrina legitimus legitima parochia ecclesia`
    .split(/\s+/)
    .map((w) => w.toLowerCase()),
);
for (const w of Object.keys(REL_WORDS)) STOP.add(w);
/** Given names that are also months, places or words: only with a cue right before them. */
const AMBIGUOUS_GIVEN = new Set([
  'may',
  'june',
  'april',
  'august',
  'virginia',
  'georgia',
  'christian',
  'will',
  'mark',
  'grace',
  'hope',
  'faith',
  'charity',
  'mercy',
  'patience',
  'prudence',
  'constance',
  'silence',
  'remember',
  'job',
  'jordan',
  'earl',
  'pearl',
  'rose',
  'florence',
  'homer',
  'clay',
  'carolina',
]);

const lowerKey = (w: string) => w.toLowerCase().replace(/[.,]/g, '');
const titleCase = (w: string) =>
  /^[\p{Lu}'’-]{2,}$/u.test(w) && !/^(?:II|III|IV)$/.test(w)
    ? w.toLowerCase().replace(/(^|[-'’]|^mc|^mac)(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase())
    : w;
const isGiven = (w: string) => GIVEN_NAMES.has(lowerKey(w));
const isInitial = (w: string) => /^\p{Lu}\.$/u.test(w);
/** A stop word; a month only when it is not a given name used as one ("Jan Kowalski", but "Jan. 4" and "May 1850"). */
const isStop = (w: string, text?: string, at?: number) => {
  const k = lowerKey(w);
  if (STOP.has(k)) return true;
  if (!MONTH_NAMES.has(k)) return false;
  if (!isGiven(w) || text === undefined || at === undefined || /\.$/.test(w)) return true;
  return (
    /^\.?\s*\d/.test(text.slice(at + w.length, at + w.length + 4)) || /\d\s*$/.test(text.slice(Math.max(0, at - 4), at))
  );
};

function keyOf(name: string): string {
  return name.toLowerCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();
}

/** Given names that are also frequent surnames: a run of given names ending in one of them is a full name. */
const SURNAME_LIKE = new Set(
  'wilson nelson allen franklin howard warren lewis wesley homer grant james thomas henry williams jones martin bernard morgan owen hughes'.split(
    ' ',
  ),
);
const OCCUPATION_WORDS = new Set(
  'spinner weaver labourer laborer farmer servant mariner seaman miner carpenter tailor smith blacksmith shoemaker cordwainer husbandman yeoman clerk merchant grocer printer piecer minister curate vicar rector master mate'.split(
    ' ',
  ),
);
const isParticle = (w: string) => new RegExp(`^${PARTICLE}$`).test(w);
const isParticleAnyCase = (w: string) => new RegExp(`^${PARTICLE}$`, 'i').test(w);

/** Splits a capitalised run into name candidates: at stop words, titles, line ends that do not join a given name to its surname, and second given names. */
function candidatesOf(run: string, at: number, text: string): Candidate[] {
  const out: Candidate[] = [];
  const re = /\S+/g;
  const words: { w: string; s: number; nl: boolean }[] = [];
  let prevEnd = 0;
  for (let m = re.exec(run); m; m = re.exec(run)) {
    words.push({ w: m[0], s: at + m.index, nl: run.slice(prevEnd, m.index).includes('\n') });
    prevEnd = m.index + m[0].length;
  }
  let cur: { w: string; s: number }[] = [];
  const flush = (title?: string) => {
    // Particles and initials never end a name ("Agnes Hamilton M. S." → "Agnes Hamilton").
    while (cur.length > 1 && (isParticle(cur[cur.length - 1]!.w) || isInitial(cur[cur.length - 1]!.w))) cur.pop();
    // Capitalised words before a given name that are not names ("Bergmann Heinrich Krause", "Québec Marguerite Tremblay", "Whereas John").
    const firstGiven = cur.findIndex((c) => isGiven(c.w));
    if (firstGiven > 0 && firstGiven <= 2 && cur.length - firstGiven >= 1 && !isGiven(cur[0]!.w))
      cur = cur.slice(firstGiven);
    if (cur.length && !(cur.length === 1 && isParticle(cur[0]!.w))) {
      const last = cur[cur.length - 1]!;
      // "Ebenezer Learned's Company": the possessive is not part of the name.
      const possessive = /['’]s$/.test(last.w) && cur.length >= 2;
      if (possessive) cur[cur.length - 1] = { w: last.w.replace(/['’]s$/, ''), s: last.s };
      const end = last.s + cur[cur.length - 1]!.w.length;
      const occupational =
        cur.length >= 2 && cur.some((c) => OCCUPATION_WORDS.has(lowerKey(c.w))) && !isGiven(cur[0]!.w);
      if (!occupational) out.push({ words: cur.map((c) => c.w), start: cur[0]!.s, end, ...(title ? { title } : {}) });
    }
    cur = [];
  };
  for (let i = 0; i < words.length; i++) {
    const { w, s, nl } = words[i]!;
    const k = lowerKey(w);
    if (nl && cur.length) {
      // A line end joins a lone given name (or a titled word) to a surname that follows.
      const titled =
        cur.length === 1 &&
        new RegExp(String.raw`(?<![\p{L}])(?:${TITLE_ALT})\.?\s+$`, 'iu').test(
          text.slice(Math.max(0, cur[0]!.s - 12), cur[0]!.s),
        );
      const join =
        (titled || (cur.every((c) => isGiven(c.w) || isInitial(c.w)) && cur.length <= 2)) &&
        !isGiven(w) &&
        !isStop(w, text, s);
      if (!join) flush();
    }
    if (
      isParticle(w) ||
      (cur.length &&
        /^(?:Van|Von|De|Du|Der|Den|La|Le|Da|Di|Del|Della|Dos|Das|Ter|Ten|Lo)$/.test(w) &&
        i + 1 < words.length &&
        !words[i + 1]!.nl)
    ) {
      if (cur.length) cur.push({ w, s });
      continue;
    }
    if (POST_TITLES.has(k)) {
      flush(titleCase(w));
      continue;
    }
    if (SUFFIXES.has(k) && cur.length >= 2) {
      cur.push({ w: titleCase(w.replace(/\.$/, '')), s });
      flush();
      continue;
    }
    if (SUFFIXES.has(k) && cur.length === 1 && isGiven(cur[0]!.w) && /^(?:jr|sr|junior|senior)$/.test(k)) {
      const only = cur[0]!;
      cur = [];
      out.push({
        words: [only.w],
        start: only.s,
        end: only.s + only.w.length,
        suffix: titleCase(w.replace(/\.$/, '')),
      });
      continue;
    }
    if (SUFFIXES.has(k) || isStop(w, text, s) || TITLES.has(k)) {
      flush();
      continue;
    }
    // A second person in the same run: "John Smith Mary Brown".
    if (
      cur.length >= 2 &&
      isGiven(w) &&
      !isGiven(cur[cur.length - 1]!.w) &&
      !isInitial(cur[cur.length - 1]!.w) &&
      i + 1 < words.length &&
      !words[i + 1]!.nl
    )
      flush();
    cur.push({ w, s });
    if (cur.length > 6) flush();
  }
  flush();
  return out;
}

/** Ships are named like people: "the ship Jessie", "S.S. Kaiser Wilhelm der Grosse", "Nave Prinzessin Irene". */
const SHIP_BEFORE =
  /(?:\bS\.\s?S\.|^S\.|[^\p{L}]S\.|\bR\.\s?M\.\s?S\.|\bH\.\s?M\.\s?S\.|\bship|\bsteamer|\bsteamship|\bbrig|\bbarque|\bbark|\bschooner|\bvessel|\bschiff|\bdampfer|\bnave|\bnavire|\bvapor|\bvapore|\bschip)\s*:?\s*(?:the\s+)?(?:[A-Z][a-z]+\s+)?$/u;
const LINE_START_SURNAME_FIRST = /(?:^|\n)[ \t]*(?:\d+[.)]?[ \t]+)?([\p{Lu}][\p{L}'’-]+),[ \t]+(?=[\p{Lu}])/gu;

function findMentions(text: string): Mention[] {
  const mentions: Mention[] = [];
  // Registers and manifests that write "Whitfield, Thomas" at a line start: read as "Thomas Whitfield".
  const surnameFirst = new Map<number, string>();
  LINE_START_SURNAME_FIRST.lastIndex = 0;
  for (let m = LINE_START_SURNAME_FIRST.exec(text); m; m = LINE_START_SURNAME_FIRST.exec(text)) {
    const next = /^[\p{Lu}][\p{L}.]+/u.exec(text.slice(m.index + m[0].length));
    if (next && isGiven(next[0]) && !isGiven(m[1]!) && !isStop(m[1]!))
      surnameFirst.set(m.index + m[0].length, titleCase(m[1]!));
  }
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m; m = RUN.exec(text)) {
    for (const c of candidatesOf(m[0], m.index, text)) {
      if (
        SHIP_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index)) ||
        SHIP_BEFORE.test(text.slice(Math.max(0, c.start - 20), c.start))
      )
        continue;
      if (c.words.every(isInitial)) continue;
      const words = c.words.map(titleCase);
      const surname = surnameFirst.get(c.start);
      // A run of given names only ("Sarah Jane, daughter of …", "Johann Georg") is a person without a surname yet.
      // Only where a clause goes on after it ("Sarah Jane, daughter of"): "Grietje Cornelis." is a patronymic name.
      // After a naming phrase ("il nome di Maria Angela", "Christian names: Angus John") every word is a given name.
      const named = NAMED_BEFORE.test(text.slice(Math.max(0, c.start - 60), c.start));
      const givenOnly =
        words.length > 1 &&
        words.length <= 3 &&
        !surname &&
        (named ||
          (words.every((w) => isGiven(w) && !SURNAME_LIKE.has(lowerKey(w))) &&
            (/^\s*[,(]/.test(text.slice(c.end, c.end + 3)) || MAIDEN_AFTER.test(text.slice(c.end, c.end + 40)))));
      const lone = (words.length === 1 || givenOnly) && !surname;
      const name = surname ? `${words.join(' ')} ${surname}` : words.join(' ');
      mentions.push({ ...c, words, name, lone, written: !lone });
    }
  }
  return mentions;
}

const INVERSE: Record<Relation, Relation> = {
  spouse: 'spouse',
  child: 'parent',
  parent: 'child',
  sibling: 'sibling',
  other_relative: 'other_relative',
};
const MAIDEN_AFTER =
  /^,?\s*\(?(?:née|nee|born|geb\.|geb|geborene|geborne|z\s+d(?:omu)?\.?|född|født|f\.|nata|nacida|nascida|dite|maiden\s+name|formerly|m\.\s?s\.)\s+([\p{Lu}][\p{L}'’-]+(?:[-\s][\p{Lu}][\p{L}'’-]+)?)/iu;

export interface PeopleResult {
  people: PersonTag[];
  details: PersonDetail[];
}

/** People in `text` with roles. At most `limit` people, the primary subject first. */
export function extractPeople(text: string, limit = 60, documentType?: DocumentType): PersonTag[] {
  return extractPeopleWithDetails(text, limit, documentType).people;
}

export function extractPeopleWithDetails(text: string, limit = 60, documentType?: DocumentType): PeopleResult {
  const all = findMentions(text);
  const before = (m: Mention, n = 90) => text.slice(Math.max(0, m.start - n), m.start);
  const after = (m: Mention, n = 60) => text.slice(m.end, m.end + n);
  const knownSurnames = new Set<string>();

  // Acceptance, first pass: cues and known given names.
  const cueOf = (m: Mention) => {
    const b = before(m);
    const a = after(m);
    const titleMatch = new RegExp(String.raw`(?<![\p{L}])(${TITLE_ALT})\.?\s+$`, 'iu').exec(b);
    return {
      titled: titleMatch?.[1],
      rel:
        REL_OF_BEFORE.test(b) ||
        REL_BEFORE.test(b) ||
        MARRIED_BEFORE.test(b) ||
        BORN_TO_BEFORE.test(b) ||
        DEAR_BEFORE.test(b),
      subject:
        SUBJECT_BEFORE.test(b) ||
        TESTATOR_BEFORE.test(b) ||
        recordRoleBefore(b) !== undefined ||
        GROOM_BEFORE.test(b) ||
        BRIDE_BEFORE.test(b),
      strongRel: STRONG_REL_BEFORE.test(b) || REL_OF_BEFORE.test(b) || MARRIED_BEFORE.test(b),
      afterCue:
        CENSUS_AFTER.test(a) ||
        REL_OF_AFTER.test(a) ||
        PAREN_REL_AFTER.test(a) ||
        SUBJECT_AFTER.test(a) ||
        MAIDEN_AFTER.test(a) ||
        HIS_WIFE_AFTER.test(a),
      weakAfter: GROOM_AFTER.test(a.slice(0, 20)) || BRIDE_AFTER.test(a.slice(0, 20)),
    };
  };
  const cues = all.map(cueOf);
  const accepted: boolean[] = all.map((m, i) => {
    const c = cues[i]!;
    const given = isGiven(m.words[0]!);
    if (ARTICLE_BEFORE.test(before(m, 10)) && !given && !c.titled) return false;
    if (!m.lone) {
      const initials = m.words.filter(isInitial).length;
      // "J. T. Sims", "C. H. Wheeler": two initials and a surname are a person.
      if (initials >= 2 && isInitial(m.words[0]!) && !isInitial(m.words[m.words.length - 1]!)) return true;
      if (m.words.length > 4 && !given && !c.titled) return false;
      return given || Boolean(c.titled) || c.rel || c.subject || c.afterCue || c.weakAfter;
    }
    const w = m.words[0]!;
    if (isInitial(w) || (/\.$/.test(w) && !isGiven(w))) return false;
    if (AMBIGUOUS_GIVEN.has(lowerKey(w)) && !c.rel && !c.titled && !HIS_WIFE_AFTER.test(after(m))) return false;
    if (c.titled || NAMED_BEFORE.test(before(m))) return true;
    // A word that is not a known given name needs a relationship said of it ("his wife Elspeth", "filius Joannis").
    if (!given) return c.strongRel || (c.subject && (REL_OF_AFTER.test(after(m)) || SUBJECT_AFTER.test(after(m))));
    return c.rel || c.subject || c.afterCue;
  });
  for (let i = 0; i < all.length; i++)
    if (accepted[i] && !all[i]!.lone) knownSurnames.add(lowerKey(all[i]!.words[all[i]!.words.length - 1]!));
  // Second pass: a full name whose surname the record already gave; a lone given name in a list or before "and X Surname".
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < all.length; i++) {
      if (accepted[i]) continue;
      const m = all[i]!;
      if (
        !m.lone &&
        m.words.length <= 3 &&
        knownSurnames.has(lowerKey(m.words[m.words.length - 1]!)) &&
        !isStop(m.words[0]!) &&
        !isInitial(m.words[0]!)
      ) {
        accepted[i] = true;
        continue;
      }
      if (!m.lone || !isGiven(m.words[0]!) || AMBIGUOUS_GIVEN.has(lowerKey(m.words[0]!))) continue;
      const prev = previousAccepted(accepted, i);
      const next = all[i + 1];
      const inList =
        prev !== undefined && LIST_GAP.test(text.slice(all[prev]!.end, m.start)) && all[prev]!.end > m.start - 40;
      const coordinated = next !== undefined && accepted[i + 1] && COORD_GAP.test(text.slice(m.end, next.start));
      if (inList || coordinated) accepted[i] = true;
    }
  }
  const mentions = all.filter((_, i) => accepted[i]);
  if (mentions.length === 0) return { people: [], details: [] };

  // Maiden names and "Thomas and Ann Whitfield": surnames for lone given names from the words around them.
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i]!;
    const maiden = MAIDEN_AFTER.exec(after(m));
    const maidenName = (maiden?.[1] ?? '')
      .split(/\s+/)
      .filter((w) => /^\p{Lu}/u.test(w))
      .join(' ');
    if (maiden && maidenName && !isStop(maidenName)) {
      m.maiden = titleCase(maidenName);
      if (m.lone) {
        m.name = `${m.name} ${m.maiden}`;
        m.lone = false;
        m.written = true;
      }
    }
  }
  for (let i = mentions.length - 2; i >= 0; i--) {
    const m = mentions[i]!;
    const next = mentions[i + 1]!;
    const gap = text.slice(m.end, next.start);
    // "Clarence, Alvin and Roy Hanson": a chain of given names ending "and <full name>" shares its surname.
    const chained =
      /^\s*,\s*$/.test(gap) &&
      next.written &&
      i + 2 < mentions.length &&
      mentions
        .slice(i + 1)
        .some((x, k, arr) => x.written && k > 0 && COORD_GAP.test(text.slice(arr[k - 1]!.end, x.start)));
    if (m.lone && !next.lone && (COORD_GAP.test(gap) || chained)) {
      m.name = `${m.name} ${surnameOf(next)}`;
      m.lone = false;
      m.written = true;
    }
  }
  // The maiden surname itself is not a person.
  const maidenStarts = new Set<number>();
  for (const m of mentions) {
    if (!m.maiden) continue;
    const at = text.indexOf(m.maiden.split(' ')[0]!, m.end);
    if (at >= 0 && at - m.end < 20) maidenStarts.add(at);
  }
  const ms = mentions.filter((m) => !maidenStarts.has(m.start));

  // Edges from the phrases.
  const edges: Edge[] = [];
  const recordRoles = new Map<number, RecordRole>();
  let head: number | undefined;
  let signer: number | undefined;
  let section: number | undefined;
  let groom: number | undefined;
  let bride: number | undefined;
  const subjectCued: number[] = [];
  let namedChild: number | undefined;
  let listRole: { anchor: number; role: Relation; kin?: Kin; count: number } | undefined;
  let listRecord: RecordRole | undefined;
  const marriageDoc = documentType === 'marriage' || (documentType === undefined && MARRIAGE_CUE.test(text));
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]!;
    const b = before(m);
    const a = after(m);
    const prev = i > 0 ? i - 1 : undefined;
    const gap = i > 0 ? text.slice(ms[i - 1]!.end, m.start) : '';
    const ofMatch = REL_OF_BEFORE.exec(b);
    const relMatch = REL_BEFORE.exec(b);
    // "…, in this county, Mrs. Nancy Carter, aged 84 years": a name with its own age is a principal, not the list's next relative.
    const ownCue =
      CHILD_OF_AFTER.test(a) ||
      /^,\s*aged?\s+\d/i.test(a) ||
      (marriageDoc && (GROOM_AFTER.test(a.slice(0, 30)) || BRIDE_AFTER.test(a.slice(0, 30))));
    const listed = gap !== '' && LIST_GAP.test(gap) && gap.length < 60;

    // Record roles from the phrase before the name, or the list it continues.
    const rr = recordRoleBefore(b);
    if (rr) {
      recordRoles.set(i, rr);
      listRecord = rr;
    } else if (listed && listRecord && !ofMatch && !relMatch) {
      recordRoles.set(i, listRecord);
    } else if (!listed) listRecord = undefined;
    if (GROOM_BEFORE.test(b) && groom === undefined) {
      groom = i;
      section = undefined;
    } else if (BRIDE_BEFORE.test(b) && !ofMatch && bride === undefined) {
      bride = i;
      section = i;
    }
    if (marriageDoc && !recordRoles.has(i) && !ofMatch) {
      if (groom === undefined && GROOM_AFTER.test(a)) groom = i;
      else if (bride === undefined && BRIDE_AFTER.test(a) && i !== groom) bride = i;
    }

    if (
      listed &&
      listRole &&
      !ownCue &&
      !ofMatch &&
      !relMatch &&
      !rr &&
      listRole.count < (listRole.role === 'parent' ? 2 : 20)
    ) {
      const kin =
        listRole.role === 'parent' && listRole.kin === 'father' && listRole.count === 1 ? 'mother' : listRole.kin;
      edges.push({ anchor: listRole.anchor, person: i, role: listRole.role, ...(kin ? { kin } : {}) });
      listRole.count++;
    } else if (ofMatch) {
      // "A, son of B": B is A's parent; the subject A is whoever was named just before.
      const word = (ofMatch[1] ?? ofMatch[2]!).toLowerCase();
      const [rel, kin] =
        REL_WORDS[word] ??
        (/^(?:uxor|vidua|relicta|żona|zona|wdowa)$/.test(word)
          ? (['spouse', 'wife'] as const)
          : /^(?:maritus|wdowiec)$/.test(word)
            ? (['spouse', 'husband'] as const)
            : (['child', undefined] as const));
      // "The bride is the daughter of …": the phrase names whose parents follow, whoever was named last.
      const party = PARTY_OF_BEFORE.exec(b)?.[1]?.toLowerCase();
      const named = party === 'bride' ? bride : party === 'groom' || party === 'bridegroom' ? groom : undefined;
      const anchor = named ?? subjectBefore(ms, i, text, edges, kin);
      if (anchor !== i) {
        const inverse = INVERSE[rel];
        // "son of Thomas and Ann": the first parent named is the father (unless the word says "mother").
        const personKin: Kin | undefined =
          inverse === 'parent'
            ? kin === 'father' || kin === 'mother'
              ? undefined
              : 'father'
            : inverse === 'spouse'
              ? kin === 'wife'
                ? 'husband'
                : 'wife'
              : undefined;
        const explicit: Kin | undefined = rel === 'parent' ? undefined : personKin;
        edges.push({ anchor, person: i, role: inverse, ...(explicit ? { kin: explicit } : {}) });
        listRole = { anchor, role: inverse, ...(explicit ? { kin: explicit } : {}), count: 1 };
        if (anchor >= 0) subjectCued.push(anchor);
      }
    } else if (MARRIED_BEFORE.test(b) || BRIDE_OF_BEFORE.test(b)) {
      // The one who married: the last person named before who is not someone's parent, a witness or the like.
      let subject = prev;
      while (
        subject !== undefined &&
        subject > 0 &&
        (edges.some((e) => e.person === subject && e.anchor >= 0) || recordRoles.has(subject))
      )
        subject--;
      // "She was the daughter of … She married Arnold Olson": after a new sentence or a pronoun, the one who married is the record's subject.
      const fresh =
        subject !== undefined &&
        /\.\s+\p{Lu}|\b(?:he|she)\s+(?:was\s+)?$/iu.test(
          text
            .slice(ms[subject]!.end, m.start)
            .replace(/married\s*(?:to\s*)?$/i, '')
            .replace(/(?<![\p{L}])\p{L}{1,4}\.(?=\s)/gu, 'x'),
        );
      const anchor = subject !== undefined && !fresh && m.start - ms[subject]!.end < 200 ? subject : -1;
      if (BRIDE_OF_BEFORE.test(b) && anchor >= 0 && groom === undefined && marriageDoc) {
        groom = i;
        bride = anchor;
      }
      const genderOf = (j: number) => {
        const t = titleBefore(text, ms[j]!)?.toLowerCase().replace(/\.$/, '');
        return t ? (FEMALE_TITLES.has(t) ? 'f' : MALE_TITLES.has(t) ? 'm' : undefined) : undefined;
      };
      if (
        marriageDoc &&
        anchor >= 0 &&
        groom === undefined &&
        bride === undefined &&
        (genderOf(anchor) === 'f' || genderOf(i) === 'm')
      ) {
        groom = i;
        bride = anchor;
      }
      edges.push({ anchor, person: i, role: 'spouse' });
      if (marriageDoc && anchor >= 0 && groom === undefined && bride === undefined && !recordRoles.has(anchor)) {
        groom = anchor;
        bride = i;
      }
      listRole = undefined;
    } else if (BORN_TO_BEFORE.test(b)) {
      const anchor = prev !== undefined ? prev : -1;
      edges.push({ anchor, person: i, role: 'parent', kin: 'father' });
      listRole = { anchor, role: 'parent', kin: 'father', count: 1 };
    } else if (relMatch && !rr && !SUBJECT_BEFORE.test(b)) {
      const [rel, kin] = REL_WORDS[relMatch[1]!.toLowerCase()]!;
      // "John Smith and his wife Mary": the phrase's subject is the person just named, when in the same clause.
      const sameClause =
        /^\s*,?\s*(?:(?:and|&|with|und|et|y|e|en|og|och|i|mit|avec|con)\s+(?:(?:his|her|their|dessen|deren|seiner|seine|sa|son|sua|suo|su|hans|hennes|zijn|haar|jego)\s+)?|(?:his|her|their|dessen|deren|seiner|seine|sa|son|sua|suo|su|hans|hennes|zijn|haar|jego)\s+)\S+\s*$/iu.test(
          gap,
        );
      // Labelled fields ("Bride: … Father: … Mother: …") belong to the principal of their section.
      const anchor = prev !== undefined && sameClause ? prev : (section ?? -1);
      edges.push({ anchor, person: i, role: rel, ...(kin ? { kin } : {}) });
      listRole = { anchor, role: rel, ...(kin ? { kin } : {}), count: 1 };
    } else if (!listed || rr) {
      listRole = undefined;
    }
    if (
      marriageDoc &&
      prev !== undefined &&
      groom === undefined &&
      bride === undefined &&
      /^\s*(?:and|&|et|und|y|e|en|och|og|i|ac)\s*$/iu.test(gap) &&
      PAIR_MARRIED_AFTER.test(a)
    ) {
      groom = prev;
      bride = i;
    }
    const hisWife = HIS_WIFE_AFTER.exec(a);
    if (hisWife && prev !== undefined && !edges.some((e) => e.person === i)) {
      const word = hisWife[2]!.toLowerCase();
      const [rel, kin] =
        REL_WORDS[word] ??
        (/^(?:mari|marito|mann)$/.test(word) ? (['spouse', 'husband'] as const) : (['spouse', 'wife'] as const));
      // "Richard their son": the couple just named, so the primary; "Sarah his wife": the man just named.
      const anchor = /^(?:their|leur)$/i.test(hisWife[1]!) ? -1 : prev;
      edges.push({ anchor, person: i, role: rel, ...(kin ? { kin } : {}) });
    }
    const census = CENSUS_AFTER.exec(a);
    if (census) {
      const [col, record] = CENSUS_COLUMNS[census[1]!.toLowerCase()]!;
      if (col === 'head') head ??= i;
      else edges.push({ anchor: -1, person: i, role: col });
      if (record) recordRoles.set(i, record);
    }
    const paren = PAREN_REL_AFTER.exec(a);
    if (paren && !census && !STATUS_WORDS.has(paren[1]!.toLowerCase())) {
      const [rel, kin] = REL_WORDS[paren[1]!.toLowerCase()]!;
      edges.push({ anchor: -1, person: i, role: rel, ...(kin ? { kin } : {}) });
    }
    if (NAMED_BEFORE.test(b)) namedChild ??= i;
    const above = ABOVE_AFTER.exec(a);
    const aboveRel = above ? REL_WORDS[above[1]!.toLowerCase()] : undefined;
    if (aboveRel && !edges.some((e) => e.person === i)) {
      // The entry above is the last person named before who is nobody else's relation.
      let j = i - 1;
      while (j > 0 && edges.some((e) => e.person === j && e.anchor >= 0)) j--;
      if (j >= 0) edges.push({ anchor: j, person: i, role: aboveRel[0], ...(aboveRel[1] ? { kin: aboveRel[1] } : {}) });
    }
    if (SIGNED_BEFORE.test(b)) signer ??= i;
    if (DEAR_BEFORE.test(b)) subjectCued.unshift(i);
    else if (
      SUBJECT_AFTER.test(a) ||
      AGED_AFTER.test(a) ||
      SUBJECT_BEFORE.test(b) ||
      TESTATOR_BEFORE.test(b) ||
      (REL_OF_AFTER.test(a) && !aboveRel && (i === 0 || m.lone))
    )
      subjectCued.push(i);
    if (TESTATOR_BEFORE.test(b)) recordRoles.set(i, 'testator');
  }
  if (bride !== undefined && groom === undefined && marriageDoc) {
    // A bride without a groom cue: the groom is the other principal named first.
    groom = ms.findIndex(
      (_, j) => j !== bride && !recordRoles.has(j) && !edges.some((e) => e.person === j && e.anchor !== -1),
    );
    if (groom < 0) groom = undefined;
  }
  if (groom !== undefined && bride === undefined && marriageDoc) {
    const j = ms.findIndex(
      (_, k) => k > groom! && !recordRoles.has(k) && !edges.some((e) => e.person === k && e.anchor >= 0),
    );
    if (j >= 0) bride = j;
  }

  // One person per name: mentions with the same key (or a lone given name and the full name starting with it) are one person.
  const related = new Set(edges.filter((e) => e.anchor === -1).map((e) => e.person));
  const witnessish = (i: number) => {
    const r = recordRoles.get(i);
    return (
      r === 'witness' ||
      r === 'sponsor' ||
      r === 'officiant' ||
      r === 'informant' ||
      r === 'executor' ||
      r === 'next_of_kin'
    );
  };
  /** The named child's father, when no phrase said who he is: the first man named in full who is not a witness, sponsor or the like. */
  const addFather = (child: number) => {
    if (edges.some((e) => e.role === 'parent' && (e.anchor === child || e.anchor === -1))) return;
    const woman = (j: number) => {
      const t = titleBefore(text, ms[j]!)?.toLowerCase().replace(/\.$/, '');
      return (
        (t !== undefined && FEMALE_TITLES.has(t)) ||
        edges.some((e) => e.person === j && (e.kin === 'wife' || e.kin === 'mother' || e.kin === 'daughter')) ||
        recordRoles.get(j) === 'bride'
      );
    };
    const father = ms.findIndex(
      (x, j) =>
        j !== child &&
        x.written &&
        !witnessish(j) &&
        !recordRoles.has(j) &&
        !woman(j) &&
        !edges.some((e) => e.person === j),
    );
    if (father < 0) return;
    edges.unshift({ anchor: child, person: father, role: 'parent', kin: 'father' });
    // "da Francesco Rossi e da Lucia Ferrari": the one named with him is the mother.
    const next = ms[father + 1];
    if (
      next?.written &&
      !edges.some((e) => e.person === father + 1) &&
      !recordRoles.has(father + 1) &&
      PARENTS_GAP.test(text.slice(ms[father]!.end, next.start))
    ) {
      edges.push({ anchor: child, person: father + 1, role: 'parent', kin: 'mother' });
    }
  };
  const addressee = ms.findIndex((m) => DEAR_BEFORE.test(before(m)));
  // A child given its names in a birth or baptism record (or a form's given-names field) is the record's subject.
  const childNamed =
    namedChild !== undefined && !witnessish(namedChild) && !NOT_CHILD_RECORDS.has(documentType ?? 'other')
      ? namedChild
      : undefined;
  const primary: number =
    groom ??
    head ??
    childNamed ??
    (addressee >= 0 ? addressee : signer) ??
    subjectCued.find(
      (i) => !related.has(i) && !witnessish(i) && !edges.some((e) => e.person === i && e.anchor >= 0 && e.anchor !== i),
    ) ??
    [...ms.keys()].find((i) => !related.has(i) && !witnessish(i)) ??
    0;
  if (childNamed !== undefined) addFather(childNamed);
  if (groom !== undefined) recordRoles.set(groom, 'groom');
  if (bride !== undefined) {
    recordRoles.set(bride, 'bride');
    if (!edges.some((e) => e.person === bride && e.role === 'spouse'))
      edges.push({ anchor: -1, person: bride, role: 'spouse', kin: 'wife' });
  }

  // Roles relative to the primary.
  const roles = new Map<number, Relation | 'primary_subject'>([[primary, 'primary_subject']]);
  const kinOf = new Map<number, Kin>();
  const anchorOf = (e: Edge) => (e.anchor === -1 ? primary : e.anchor);
  for (const e of edges) {
    const anchor = anchorOf(e);
    if (e.person === anchor) continue;
    if (e.kin && !kinOf.has(e.person)) kinOf.set(e.person, e.kin);
    if (roles.has(e.person)) continue;
    if (anchor === primary) roles.set(e.person, e.role);
  }
  for (const e of edges) {
    if (e.person === primary && e.anchor >= 0 && !roles.has(e.anchor)) roles.set(e.anchor, INVERSE[e.role]);
  }
  // The wife of the primary's father is the primary's mother ("son of John Goodall and Sarah his wife").
  for (const e of edges) {
    if (e.role !== 'spouse' || e.anchor < 0 || roles.has(e.person) || roles.get(e.anchor) !== 'parent') continue;
    roles.set(e.person, 'parent');
    if (!kinOf.has(e.person)) kinOf.set(e.person, kinOf.get(e.anchor) === 'father' ? 'mother' : 'father');
  }
  if (bride !== undefined && primary === groom) roles.set(bride, 'spouse');
  // Parents of the bride and groom, of the primary; the deceased.
  for (const e of edges) {
    if (e.role !== 'parent' || recordRoles.has(e.person)) continue;
    const anchor = anchorOf(e);
    const kin = kinOf.get(e.person);
    if (kin !== 'father' && kin !== 'mother') continue;
    if (anchor === groom) recordRoles.set(e.person, kin === 'father' ? 'father_of_groom' : 'mother_of_groom');
    else if (anchor === bride) recordRoles.set(e.person, kin === 'father' ? 'father_of_bride' : 'mother_of_bride');
    else if (anchor === primary) recordRoles.set(e.person, kin);
  }
  for (const [i, kin] of kinOf) {
    if (recordRoles.has(i) || anchorOfPerson(edges, i, primary) !== primary) continue;
    if (kin === 'wife' || kin === 'husband' || kin === 'son' || kin === 'daughter') recordRoles.set(i, kin);
  }
  if ((documentType === 'death' || documentType === 'obituary') && !recordRoles.has(primary))
    recordRoles.set(primary, 'deceased');
  if (
    /\bburi(?:ed|al)\b|\bsepult|\bbegraben|\binhum|\bbegrav|\bpochowan/i.test(text) &&
    documentType !== 'marriage' &&
    !recordRoles.has(primary) &&
    SUBJECT_BEFORE.test(before(ms[primary]!))
  )
    recordRoles.set(primary, 'deceased');

  // Lone given names take the surname of the person they are tied to: children and wives the father's or husband's, parents the child's.
  const surnameFor = (i: number): string | undefined => {
    const field = i === childNamed ? SURNAME_FIELD.exec(text) : null;
    if (field) return field[1]!.split(/\s+/).map(titleCase).join(' ');
    const ties = edges.filter((e) => e.person === i || e.anchor === i || (e.anchor === -1 && i === primary));
    for (const e of ties) {
      const other = e.person === i ? anchorOf(e) : e.person;
      if (other === i || ms[other]!.lone || !ms[other]!.written) continue;
      const rel = e.person === i ? e.role : INVERSE[e.role];
      if (rel === 'other_relative' || witnessish(other) || recordRoles.get(i) === 'witness') continue;
      // A husband keeps his own surname; the record's wife takes his.
      if (rel === 'spouse' && kinOf.get(i) === 'husband') continue;
      return surnameOf(ms[other]!);
    }
    // "son of Henery Fitz-williams & Margery his wife": the mother named without a surname takes the father's.
    for (const e of edges) {
      if (e.person !== i || e.role !== 'parent') continue;
      const co = edges.find(
        (x) => x !== e && x.role === 'parent' && anchorOf(x) === anchorOf(e) && ms[x.person]!.written,
      );
      if (co) return surnameOf(ms[co.person]!);
    }
    const role = roles.get(i);
    if (role && role !== 'other_relative' && role !== 'primary_subject' && ms[primary]!.written && !witnessish(i))
      return surnameOf(ms[primary]!);
    // A lone primary ("Mary, wife of John Smith"; "Bapt. John, son of Thomas Whitfield") takes the surname of those tied to it.
    if (i === primary) {
      const e = edges.find(
        (x) =>
          (x.anchor === i || (x.anchor === -1 && i === primary)) &&
          ms[x.person]!.written &&
          x.role !== 'other_relative' &&
          !(x.role === 'spouse' && kinOf.get(i) === 'husband'),
      );
      if (e) return surnameOf(ms[e.person]!);
    }
    return undefined;
  };
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < ms.length; i++) {
      if (!ms[i]!.lone) continue;
      const s = surnameFor(i);
      if (s) {
        ms[i]!.name = `${ms[i]!.name} ${s}${ms[i]!.suffix ? ` ${ms[i]!.suffix}` : ''}`;
        ms[i]!.lone = false;
      }
    }
  }

  // Merge mentions of one person; the primary's entry first.
  const persons: { name: string; key: string; idx: number[] }[] = [];
  const byKey = new Map<string, number>();
  for (let i = 0; i < ms.length; i++) {
    const k = keyOf(ms[i]!.name);
    let id = byKey.get(k);
    if (id === undefined && !k.includes(' ')) {
      const j = persons.findIndex((p) => p.key.startsWith(`${k} `));
      if (j >= 0) id = j;
    }
    if (id === undefined) {
      const j = persons.findIndex((p) => !p.key.includes(' ') && k.startsWith(`${p.key} `));
      if (j >= 0) {
        persons[j]!.name = ms[i]!.name;
        persons[j]!.key = k;
        byKey.set(k, j);
        id = j;
      }
    }
    if (id === undefined) {
      id = persons.length;
      persons.push({ name: ms[i]!.name, key: k, idx: [] });
      byKey.set(k, id);
    }
    persons[id]!.idx.push(i);
  }
  const personOf = (i: number) => persons.findIndex((p) => p.idx.includes(i));
  const primaryPerson = personOf(primary);
  const people: PersonTag[] = [];
  const details: PersonDetail[] = [];
  const order = [primaryPerson, ...persons.keys()].filter((p, n, arr) => arr.indexOf(p) === n);
  for (const p of order) {
    if (people.length >= limit) break;
    const person = persons[p]!;
    let role: PersonRole = p === primaryPerson ? 'primary_subject' : 'other_relative';
    let recordRole: RecordRole | undefined;
    let title: string | undefined;
    for (const i of person.idx) {
      const r = roles.get(i);
      if (p !== primaryPerson && r && r !== 'primary_subject' && role === 'other_relative') role = r;
      recordRole ??= recordRoles.get(i);
      title ??= ms[i]!.title ?? titleBefore(text, ms[i]!);
    }
    people.push({ name: person.name, role });
    if (recordRole || title)
      details.push({ name: person.name, ...(recordRole ? { recordRole } : {}), ...(title ? { title } : {}) });
  }
  return { people, details };
}

function anchorOfPerson(edges: Edge[], i: number, primary: number): number | undefined {
  const e = edges.find((x) => x.person === i);
  return e ? (e.anchor === -1 ? primary : e.anchor) : undefined;
}

function previousAccepted(accepted: boolean[], i: number): number | undefined {
  for (let j = i - 1; j >= 0; j--) if (accepted[j]) return j;
  return undefined;
}

/** The surname of a full name: its last word, with the particles before it ("van der Berg"). */
function surnameOf(m: Mention): string {
  const words = m.name.split(' ').filter((w) => !SUFFIXES.has(lowerKey(w)));
  let k = words.length - 1;
  while (k > 1 && isParticleAnyCase(words[k - 1]!)) k--;
  return words.slice(k).join(' ');
}

const TITLE_BEFORE = new RegExp(String.raw`(?<![\p{L}])((?:${[...TITLES].join('|')})\.?)\s+$`, 'iu');
function titleBefore(text: string, m: Mention): string | undefined {
  return TITLE_BEFORE.exec(text.slice(Math.max(0, m.start - 20), m.start))?.[1];
}

/** The subject of a "… of" phrase: the last person named before the relation word. */
function subjectBefore(ms: Mention[], i: number, text: string, edges: Edge[], kin?: Kin): number {
  if (i === 0) return -1;
  // The parents just named ("daughter of Robert and Frances Beverley, relict of …") are not the phrase's subject,
  // nor a husband before "daughter of" ("Teresa Bianchi, vedova di Luigi Pardini, figlia di …"), nor a wife before "son of".
  let j = i - 1;
  const skip = (k: number) =>
    edges.some(
      (e) =>
        e.person === k &&
        e.anchor >= 0 &&
        (e.role === 'parent' ||
          (e.role === 'spouse' &&
            ((kin === 'daughter' && e.kin === 'husband') || (kin === 'son' && e.kin === 'wife')))),
    );
  while (j > 0 && skip(j)) j--;
  // Abbreviations ("Mr.", "Wm.", "Co.") do not end a sentence.
  const between = text.slice(ms[j]!.end, ms[i]!.start).replace(/(?<![\p{L}])\p{L}{1,4}\./gu, 'x');
  // "… Samuel Turner. She was the daughter of …": a new sentence or a pronoun means the primary subject.
  if (
    between.length > 140 ||
    /[;]|\.\s+\p{Lu}|\n\s*\n/u.test(between) ||
    /\b(?:he|she|who|they|er|sie|il|elle|él|ella|lui|hij|zij|ele|ela|han|hon|hun)\b/i.test(between)
  )
    return j === i - 1 ? -1 : j;
  return j;
}
