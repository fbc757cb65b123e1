/*
 * The cues of a will and of a Dutch notarial deed: who makes the will, who signs it before the notary, the dead man
 * whose estate it settles, the slaves it names (issue 28, VOC testaments).
 */

/**
 * "I, John Smith"; a Dutch deed's appearer after the notary: "en voor de nagenoemde Getuijgen, [Mons:] Francois
 * Caffin", "present de natemelden getuijgen den heer Fredrik Camin", with the spellings handwriting recognition
 * gives ("naer genoemde", "natenoemene getuygen").
 */
// The writer's "I" opens a sentence ("… Amen. I John Smith"); after "&" or a name it is an initial ("G S Bradshaw & I
// Barnfather Esqrs.", I for J).
const I_BEFORE = /(?:^|[.;:!?\n(]|\b[Aa]men\b[.,]?)\s*I,?\s*$/u;
const APPEARER_BEFORE =
  /(?<![\p{L}])na\p{Ll}{0,3}\s*[gt]e\s*(?:noe?m|meld)\p{Ll}{0,3}\s+getu[iy]j?gen\s*,?(?:\s*(?:de|den|d['’])?\s*(?:Mons|Monsr|Sr|Sieur|[IJ]uffr|[IJ]uffrouw|heer|E|Ed)[:.„]?r?)?\s*$/iu;
export const TESTATOR_BEFORE = { test: (before: string) => I_BEFORE.test(before) || APPEARER_BEFORE.test(before) };
/**
 * A sick testator's will: the notary went to his house "vindende den zelve siek te bedde" (finding him sick in
 * bed). The man so found is the one who makes the will.
 */
export const TESTATOR_AFTER = /^[^.;]{0,60}?(?<![\p{L}])vindende\s+(?:de|den)\s*[zs]elve/iu;
/**
 * The testator's signature on a Dutch will: the notary attests it below, "/:was getekent:/ Jan van El /:lager:/ in
 * kennisse van mij" (signed in my presence).
 */
export const TESTATOR_SIGNED_AFTER =
  /^[\s/:;)]*(?:(?:lager|onderstond|onderstont|ond)[\s/:;)]*)?in\s+ken+is+e\s+van\s+mij/iu;

/** Ranks and offices a Dutch deed writes between "den overleden" and the dead man's name (handwriting recognition's spellings too). */
const NL_RANKS =
  'lieutenant luitenant luijtenant militair corporaal korporaal sergeant zorgeant serg:t lerg:t boekhouder capitein capiteijn capitain kapitein capt„n capt:n cap:n majoor commandant vendrig vaandrig koopman ondercoopman onderkoopman opperkoopman opper assistent adsistent oppermeester chirurgijn chiourgijn soldaat burger vrijburger schipper stuurman heer mons mons: sr'
    .split(' ')
    .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
    .join('|');
/**
 * A slave a Dutch will names, often by one name alone: "een Jongen genaemt Koridon", "de slavinne Catjar", "de meijd
 * Lea", "een Manslaaff ge=naamt September". The word after is a person.
 */
export const NL_SLAVE_BEFORE =
  /(?<![\p{L}])(?:slaaf|slaef|slavin(?:ne)?|jongen|meijd|meid|meyd|manslaa?ff?|manslave|lijfeigen|lijfeijgen)[ \t]*\r?\n?[ \t]*(?:(?:genaamt|genaemt|genaamd|genaemd|gen=t|gen:t|ge=[ \t]*\r?\n?[ \t]*naamt)[ \t]*\r?\n?[ \t]*)?$/iu;
/** A Dutch rank or office word, in the singular or plural ("Militair", "Militairen"): never a name's first word. */
export const NL_RANK_WORD = new RegExp(`^(?:${NL_RANKS})(?:en|s)?$`, 'u');
/**
 * The dead man whose will or estate a Dutch deed deals with: "van den overleeden zorgeant Ernst schreuder", "den
 * onlangs overleeden Lieutenant Militair den manhaften Fredrik Luther", "wijlende Corporaal Looth", "den
 * overledenen p„s vendrig Jan Luijke" (the old dative "overledenen", "wijlenen"). Between the word and the name only
 * lower-case words and ranks, at most four.
 */
export const NL_DECEASED_BEFORE = new RegExp(
  `(?<![\\p{L}])(?:[Oo]verle{1,2}den(?:en?)?|[Ww]ijlen(?:de|en)?)\\s+(?:(?:\\p{Ll}[\\p{Ll}„:’']*|${NL_RANKS})[.:]?\\s+){0,4}$`,
  'u',
);
