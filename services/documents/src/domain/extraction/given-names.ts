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
`;

export const GIVEN_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean));

/** Titles that mark the following capitalised words as a person's name. */
export const TITLES: ReadonlySet<string> = new Set(
  'mr mrs miss ms dr rev reverend capt captain sgt sergeant pvt private cpl corporal col colonel lt lieut lieutenant gen general maj major hon judge squire deacon elder'.split(' '),
);
