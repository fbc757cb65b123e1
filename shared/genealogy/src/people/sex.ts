import type { PersonSex } from '@gnology/contracts';

/*
 * Given names whose sex is clear in the records GNology reads, for the sex of a person when the
 * record's role does not say it. Canonical spellings (names.ts) and common ones only: an unknown
 * name is 'U', which groups with either.
 */
const FEMALE = new Set(
  `mary ann anna anne annie elizabeth eliza sarah martha margaret susan jane catherine ellen emma alice hannah nancy rebecca lucy harriet clara
  ida minnie bertha julia laura rachel rosa rose louisa caroline charlotte frances florence edith ethel grace helen lydia maggie matilda
  amelia abigail esther ruth lillian mabel maud nellie sophia agnes bridget johanna honora dorothy eleanor emily isabella josephine
  barbara cora dora edna elsie eva gertrude hattie hester jennie jessie lena lottie lois mildred myrtle nora pearl phoebe polly priscilla
  sally susannah virginia wilhelmina christina augusta henrietta hermine frieda katharina marianna zofia francesca teresa carmen dolores juana josefa`.split(
    /\s+/,
  ),
);
const MALE = new Set(
  `john william henry thomas james george charles joseph robert samuel david richard edward daniel benjamin peter michael patrick
  francis frank frederick albert alfred arthur walter harry herbert hugh isaac jacob jesse joel jonathan lewis louis martin matthew
  nathan nathaniel nicholas oliver oscar otto paul philip ralph reuben simon stephen timothy walter andrew abraham adam alexander
  allen amos anthony august christian edwin elijah ephraim eli ernest eugene ezra franklin gideon hiram isaiah jeremiah josiah julius
  karl lawrence levi moses noah roger silas theodore wesley zachariah friedrich gottlieb gustav ludwig pierre jacques antoine giuseppe
  giovanni salvatore vincenzo luigi jose manuel pedro francisco hendrik cornelis gerrit pieter jozef stanislaw wojciech piotr owen dennis`.split(
    /\s+/,
  ),
);

export function sexOfGivenName(canonical: string): PersonSex {
  if (FEMALE.has(canonical)) return 'F';
  if (MALE.has(canonical)) return 'M';
  return 'U';
}
