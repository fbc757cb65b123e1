/**
 * Given names common in English-language records of the 18th-20th centuries (US census and
 * GRO indexes), with the abbreviations clerks wrote ("Wm.", "Jno.", "Chas."). A capitalised word
 * from this list starts a personal name; without it a run of capitalised words is only a name
 * when a title or a relationship phrase says so. Lower-case, for lookup.
 */
const NAMES = `
aaron abel abigail abner abraham ada adam addie adeline agnes albert alberta alexander alfred alice allen alma alonzo amanda amelia amos amy andrew angeline ann anna annie anthony archibald arthur asa august augusta augustus
barbara benjamin bernard bertha bessie betsey betsy bridget calvin caroline carrie catherine cecil cecilia charles charlie charlotte chester christian christina christopher clara clarence clarissa clifford cora cornelius cynthia
daniel david delia dora dorothy earl edgar edith edmund edna edward edwin effie elbert eleanor eli elias elijah eliza elizabeth ella ellen elmer elsie emanuel emeline emily emma enoch ephraim ernest esther ethel eugene eunice eva evelyn ezekiel ezra
fanny florence frances francis frank franklin fred frederick george georgia gertrude gideon grace harriet harry harvey hattie helen henrietta henry herbert herman hester hiram homer horace howard hugh ida irene isaac isabella isaiah
jacob james jane janet jasper jean jemima jennie jeremiah jesse jessie joanna job joel john johanna jonas jonathan joseph josephine joshua josiah julia julius katherine kate katie laura lawrence leah lena leonard leroy levi lewis lillian lillie lizzie lois lorenzo lottie louis louisa louise lucinda lucy luke luther lydia
mabel maggie malinda margaret margaretta maria marian marie marion martha martin mary matilda matthew maud maude may mildred minnie miriam moses myrtle nancy nannie nathan nathaniel nellie nelson nettie nicholas noah nora olive oliver oscar otto
patrick patsy paul pearl peter phebe philip phillip phoebe polly priscilla rachel ralph rebecca reuben richard robert roger rosa rose ruth samuel sarah sally samantha sophia sophronia stephen susan susannah susanna sylvester
thomas timothy tabitha theodore viola violet virginia walter warren wesley wilhelmina william willie wilson winifred zachariah zebulon
anne bridget dennis michael owen cornelius honora johanna margaret timothy mathias heinrich johann wilhelm friedrich karl maria anna katharina elisabeth hans jens lars nils olaf ole patrick sean
wm jno chas geo thos jas saml benj richd robt edwd danl
abigail alexandrina alice alicia alse ambrose amias ann andreas anders annetje antonio antonia antoine aurelia baltasar barnabas bartholomew bathsheba benedict bernhard brigid brigitta carl carlos caspar catalina caterina catharina catrina cathrine charity christiana christoph christopher clemens constance conrad cristina daniell dina dorothea ebenezer edmond eleanora elinor elisabetta elspeth emilie ernst esteban etienne faith felipe felix fernando francesca francesco francisca francisco franz frederik friedrich gaspar georg gerrit gertrud giacomo giovanni giovanna giuseppe giuseppina gottfried gottlieb gregor grietje gustav gustaf hannah hanna hendrik hendrikje henrik henri hieronymus honor hopestill humphrey ignatius ingrid isabel isobel jacobus jacques jakob jan jane janet jeanne jennet joan joanna joannes johannes johanne jonet jose josef josefa juan juana judith jurgen karin katarzyna katarina kerstin kirsten klaus lorenz louisa lucas lucia ludwig luigi luis magdalena magdalene maren margaretha margarethe margit marguerite maria marianne marie marit marta martin mateo matthew matthias mercy michel michele miguel mikkel nicholas nicolas niels nicolaas nikolaus oliver ottilie patience pedro petrus philippe pieter piotr pierre prudence rasmus rebekah remember robertus rosalia salomon sebastian sibylla silence simon sofia sophie stanislaw stefan susanne teresa theresia tobias tomasz ursula valentin walburga wenzel wilhelmine willem wojciech zofia
jozef józef jan andrzej jakub stanisław marianna agnieszka józefa franciszek franciszka wojciech
joannis johannis mariae annae catharinae elisabethae margaritae petri pauli jacobi thomae guilielmi gulielmi gulielmus guilielmus jacobus joanna maria mariam annam
anne anna eleanor ellinor ellin grizel griselda janet marion mysie nelly peggy molly betty nancy sally patty jenny kitty polly dolly
ann anne michael patrick bridget honora mary johanna catherine cath mary margt marg eliz elizth jas jno thos wm richd
lemuel hezekiah mehitable mehetabel theophilus jabez zebediah thankful tristram orville orrin silas sallie sally hepzibah jerusha keziah azubah zerviah experience desire wealthy submit elisha elnathan ichabod obadiah zaccheus seth heman asahel eliphalet jedediah jotham nehemiah phineas darius cyrus lorenzo loammi barzillai zilpha zeruiah huldah lovisa lavinia permelia mahala malinda parthenia tabitha temperance thomasin thomasine joyce joane jone agnes alse anes avis dorcas edith emmot frideswide gillian isot margery marjorie petronella sibyl wilmot xpofer xpher xtopher willm willim henery richardus
hermann hermine heinrich gottlieb rosine christiane auguste wilhelmine henriette louise karl georg ernst paul otto bertha emilie frieda minna lina berta gustav ludwig
pierre jacques louis antoine etienne étienne claude marguerite angélique francoise françoise jeanne yves baptiste
josé jose maría juan antonio francisco manuel pedro ramón ramon luis rafael dolores carmen rosario gertrudis juana josefa joaquín joaquim
giuseppe gennaro salvatore vincenzo pasquale giovanni luigi antonino carmelo rosalia concetta teresa filomena francesca
hendrik cornelis gerrit geertruida trijntje aaltje grietje willem pieter jan johanna
joão joao antónio antonio ana rosa
franciszek stanisław zofia katarzyna józef jozef wojciech marianna agnieszka piotr maciej mateusz
anders johan per olof nils lars erik kerstin brita maja karin ole hans peder marit ingeborg søren jens ane kirstine mette
patricius patrick michael margarita catharina jacobus joannes georgius thomas anna maria elisabetha
harold ralph mildred raymond stanley dorothy irene helen edna lloyd orval hazel doris gladys mabel marjorie beatrice blanche clyde floyd leroy lester chester vernon wilbur elmer everett russell eugene carl glenn kenneth donald norman gordon wallace evelyn esther marion virgil ernestine lucille geneva opal velma thelma wanda dale leona lottie nettie effie ida belle lula ollie sadie mattie jennie jessie minnie hattie billy
denis klaas jantje berthe laverne marlys joan alvin roy levi angus flora murdo kenneth christina michele carmela lucia giacomo stina tomasz abram
adolphe achille adrien alain alexandre alexis alphonse amédée amedee anatole andré andre armand arnaud arsène auguste aurélien baptiste barthélemy basile benoît benoit bernard bertrand blaise camille casimir célestin claude clément clement constantin cyprien damien denis désiré didier dominique edmond édouard edouard élie eloi émile emile ernest eugène eugene évariste fabien félix felix ferdinand fernand firmin florent françois francois frédéric frederic gabriel gaston gaspard gédéon georges gérard gerard germain gilbert gilles grégoire guillaume gustave hector henri hippolyte honoré honore horace hubert hugues ignace isidore jacques jean-baptiste jean-jacques jean-louis jean-pierre jean-claude jérôme jerome joachim joseph jules julien justin laurent léon leon léonard léopold leopold lucien marc marcel marius mathieu mathurin maurice maxime max michel narcisse nicolas noël octave olivier onésime pascal paul philibert philippe pierre-joseph prosper raoul raymond rémi remi rené rene robert roger roland romain samuel sébastien sebastien siméon simon sylvain théodore theodore théophile thierry timothée toussaint urbain valentin victor vincent xavier yves zacharie
adèle adele adélaïde agathe albertine alexandrine alice aline amélie amelie angèle anne-marie antoinette augustine aurore berthe blanche brigitte catherine cécile cecile céline charlotte claire claudine clémence clemence colette denise élisabeth elisabeth élise elise eléonore émilie emilie eugénie eugenie euphrasie fanny félicie félicité geneviève genevieve germaine henriette hortense irène jacqueline jeanne joséphine josephine julie juliette justine léonie léontine lucie lucienne madeleine marcelle marguerite marianne marthe mathilde mélanie odette pauline pélagie rosalie simone solange sophie suzanne thérèse therese valentine victoire victorine virginie yvonne zoé
ariane annette christophe théo theo rita sylvie nathalie isabelle véronique veronique valérie valerie martine monique nicole sandrine stéphanie stephanie chantal danielle ginette huguette josiane mireille paulette yvette micheline serge patrice éric eric fabrice hervé herve jacky joël joel lionel ludovic régis regis rémy remy stéphane stephane thibaut yannick ulysse marcelin
abraham adalbert adolf albrecht alois andreas anton arnold arthur balthasar benedikt bernhard bruno burkhard christian christoph conrad dietrich eberhard eduard emil engelbert erhard erich erwin eugen ewald ferdinand franz friedrich fritz georg gerhard gottfried gottlieb gotthard gregor günther gunther gustav hans-joachim hartmann heinrich heinz helmut hermann hugo ignaz jakob joachim johann johannes josef jürgen jurgen kaspar karl klaus konrad kurt leonhard leopold lorenz lothar ludwig lukas manfred martin matthias max maximilian michael moritz nikolaus oskar oswald otto peter philipp reinhold richard robert rudolf rupert sebastian siegfried sigmund simon theodor thomas ulrich urs valentin viktor walter walther werner wilhelm willi willy wolfgang xaver
adelheid agnes amalie anna barbara berta bertha brigitte charlotte christine dorothea elfriede elisabeth elsa else emma erna friederike frieda gertrud gisela hedwig helene henriette hildegard ida ilse irma johanna josefa karoline katharina klara lina louise luise magdalena margarete margaretha maria marie martha mathilde minna ottilie paula rosa sophie therese ursula wilhelmina
aart adriaan adriaen aelbert andries anthonij anthonie arend arnoldus barend bartholomeus bastiaan christiaan christoffel claes cornelis daniël dirk egbert ernestus evert floris frans frederik fredrik gerard gerardus gerrit gijsbert godfried hendrik hendrick hermanus huibert iacob iohannes izaak izaac jacobus jan joan joannes johan johannes jurriaan klaas lambert lambertus laurens lodewijk marinus matthijs nicolaas paulus petrus philip pieter reinier roelof rutger salomon servaas steven teunis theodorus thomas tijmen willem wouter zacharias
martinus diederik diderik wilhelmus guilliam augustin augustijn anthonia gotfried hieronimus jurriaen pietronella ferdinandus geertruij geertruijda clasina claasje gysbertus ludovicus lucretia adrianus agatha renaldus reinaldus liendert izaek stephanus carel karel claas casper coenraad koenraad albertina rijklof rijkloff mattheus rutgerus arnoldina justinus philippus wolfert maarten sebastiaan nicolaus nicolaes agnita agneta reijnier reynier gijsbertus wijnand joost jochem harmen thijs helena abigael hendrina pieternella huybert gysbert aeltje weyntje marretje barent jeronimus leendert lenaert reijer willemina willemijntje ariaantje arij frederica godefridus gualter gualtherus hubertus jacomina jeremias josias lourens maurits melchior michiel ockert quirijn reinout rombout sijbrand volkert wessel
aaltje adriana aletta alida anna anneke antje catharina christina cornelia dirkje elisabeth engeltje geertruida grietje hendrika hester jacoba jannetje johanna judith lijsbeth magdalena margaretha maria marijke neeltje petronella sara susanna trijntje wilhelmina willemijn
alessandro alfonso andrea angelo antonio benito carlo cesare domenico enrico ettore federico filippo giacomo gino giorgio giulio giuseppe guglielmo leonardo lorenzo luca luciano marco mario massimo matteo nicola paolo pietro raffaele riccardo roberto sergio silvio stefano tommaso umberto vittorio
adela alicia ana beatriz carmen catalina dolores elena francisca isabel juana lucía luisa manuela mercedes pilar rosario teresa
alejandro alfonso álvaro alvaro andrés carlos diego emilio enrique esteban felipe fernando francisco gonzalo ignacio jaime javier jorge josé juan julio lorenzo luis manuel miguel pablo pedro rafael ramón ricardo rodrigo salvador santiago sergio tomás vicente
tom jim jack joe ben sam dick ned mike dan dave steve tony andy nick pete ted abe jake
`;

/**
 * More of the clerks' shortened given names, as London's removal orders and English parish registers write
 * them ("Rt. Hayward", "Hanh. Dalton", "Cathn. Scoales"), and German papers' ("Rud. Mäder", "Wilh. Tell", "Frdr.
 * Keller", "Ch. Metz", "Th. Müller") and French papers' ("M. Éd. Bourquin", "Alph. Dubois", "Fréd. Soguel"): written with a full stop, they still run on into the surname. ("Ph." is left
 * out: "Ph. D." is a degree.)
 */
export const CLERK_ABBREVIATIONS: readonly string[] =
  'abm abrm alexr andw anth archd barth barthw benjn cathn cathne cha christr davd edmd elizh eleanr fran fras frans fredk hanh humph isb jos josh judh kath kathn lawr mattw nathl nichs patk reb rebh ricd rt sarh susa susanh tho thom timy zach rud wilh joh frdr friedr heinr gust jak ferd theod leop ludw gottfr konr ulr ch chr th éd edm alph fréd alb'.split(
    ' ',
  );

const LISTED = NAMES.split(/\s+/).filter(Boolean);

/**
 * I and J were one letter until the 18th century: scribes, early printers and handwriting recognition trained on
 * their pages write "Iohannes", "Iacob", "Ian", "Iurgen", "Iudith" for Johannes, Jacob, Jan, Jürgen, Judith. Each
 * listed name of J and a vowel is known in its I spelling too.
 */
const I_SPELLINGS = LISTED.filter((n) => /^j[aeiouy]/.test(n)).map((n) => `i${n.slice(1)}`);

export const GIVEN_NAMES: ReadonlySet<string> = new Set([...LISTED, ...I_SPELLINGS, ...CLERK_ABBREVIATIONS]);

/** Titles that mark the following capitalised words as a person's name. */
export const TITLES: ReadonlySet<string> = new Set(
  'mgr frhr herrn hrn hr hh frl fräulein messieurs mesdames mesdemoiselles mr mrs miss ms dr rev revd reverend capt captain sgt sergt sergeant pvt private cpl corporal col colonel lt lieut lieutenant gen general maj major hon judge squire deacon elder sir lady dame lord ensign major-general lieutenant-general brigadier-general lieutenant-colonel herr frau monsieur madame mme mlle doña dona señor signor sig pan pani'.split(
    ' ',
  ),
);
