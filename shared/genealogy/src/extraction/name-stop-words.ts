import { REL_WORDS } from './people-cues';

/* The candidates' stop words (people-candidates.ts): words a name run never carries, in the record languages. */

/** Capitalised words that are never part of a name: record words, calendar and place words. */
export const STOP: Set<string> = new Set(
  `head wife husband son sons daughter daughters daur dau father mother brother sister child children widow widower servant boarder lodger visitor
  grandson granddaughter nephew niece cousin uncle aunt inlaw in-law single married unmarried bachelor spinster infant woman women singlewoman
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
  natus nata filius filia uxor vidua pater mater baptizatus baptizata sepultus sepulta testes patrini patrinus matrina legitimus legitima parochia ecclesia
  corporaal constapel konstapel chirurgijn chirurgyn chiourgijn majoor coopman opper onder eerste tweede derde een soldaat matroos bootsman schipper stuurman predikant militair weduwnaar huijsvrouw huisvrouw wed
  secretaris not nots not:s quod accordeert aldus gedaan minute curator attestor eerzamen edele bekend egter dat zijn sijn drie vier vijf hondert honderd duizend rijksdaalders rijxdaalders guldens contradictie gevende testateurs testamenten
  en ende notaris testateur testatrice testateuren comparant comparante compareerde erfgenaam erfgenaem erfgenamen executeur executeuren voogd voogden getuijgen weeskamer compagnie comp edele heeren schepen burger vrijburger koopman onderkoopman opperkoopman capitein luitenant sergeant soldaat assistent adsistent boekhouder
  section chapter article cyclisme football sport sports feuilleton chronique dépêches nouvelles étranger suisse canton conseil gouvernement ministère chambre sénat assemblée
  kanton bundesrat regierung gemeinde stadtrat nationalrat ständerat
  firma gebrüder gebr söhne frères freres maison cie compagnie brothers bros
  lawful lawfull months weeks days hours one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty hundred thousand`
    .split(/\s+/)
    .map((w) => w.toLowerCase()),
);
for (const w of Object.keys(REL_WORDS)) STOP.add(w);
