import { describe, expect, it } from 'vitest';
import { keepNamesInText } from '../src/extraction';
import { readRecord } from './helpers/read-record';
import { extractDates } from '../src/extraction/dates';
import { extractPeople, extractPeopleWithDetails } from '../src/extraction/people';

/** Record text as registers, certificates and newspapers write it (issue 15), old spellings and other languages included. */
const people = (text: string) => extractPeople(text).map((p) => `${p.name}|${p.role}`);
const details = (text: string) =>
  Object.fromEntries(
    readRecord({ text, isImage: false }).personDetails?.map((d) => [d.name, d.recordRole ?? d.title]) ?? [],
  );

describe('people by given name only', () => {
  it('completes wives and children with the surname of the person they are tied to', () => {
    expect(people('John Whitfield of Ballycarney and his wife Mary were present.')).toEqual([
      'John Whitfield|primary_subject',
      'Mary Whitfield|spouse',
    ]);
    expect(people('Baptized Bridget, daughter of Patrick Cullen and Mary Kavanagh of Clonegal.')).toEqual([
      'Bridget Cullen|primary_subject',
      'Patrick Cullen|parent',
      'Mary Kavanagh|parent',
    ]);
    // "Thomas and Ann Whitfield": the surname after the last name is both parents'.
    expect(people('Richard son of Thomas and Ann Whitfield of Hatfield.')).toEqual([
      'Richard Whitfield|primary_subject',
      'Thomas Whitfield|parent',
      'Ann Whitfield|parent',
    ]);
  });
  it('takes the maiden name after née, geb., born', () => {
    expect(people('John Smith died at Leeds. Survived by his wife Mary, née Brown, and his son Thomas.')).toEqual([
      'John Smith|primary_subject',
      'Mary Brown|spouse',
      'Thomas Smith|child',
    ]);
    expect(people('Sohn des Johann Weber und der Anna geb. Schmidt.')).toContain('Anna Schmidt|parent');
  });
  it('reads "Sarah his wife" and "Richard their son" after a name', () => {
    expect(people('Mary, daughter of John Goodall, Yeoman, and Sarah his wife.')).toEqual([
      'Mary Goodall|primary_subject',
      'John Goodall|parent',
      'Sarah Goodall|parent',
    ]);
    expect(people('Aug. 20. Buried John Wright and Alice his wife, of the plague. Buried Richard their son.')).toEqual([
      'John Wright|primary_subject',
      'Alice Wright|spouse',
      'Richard Wright|child',
    ]);
  });
});

describe('lists, titles and names across lines', () => {
  it('reads lists of children and a chain that ends in a surname', () => {
    const obit =
      'Jacob Ruebush died March 14, 1911. He leaves a widow, Mrs. Susan Ruebush, and four children: Henry, Mary, Lewis and Sallie.';
    expect(people(obit)).toEqual(
      expect.arrayContaining([
        'Henry Ruebush|child',
        'Mary Ruebush|child',
        'Lewis Ruebush|child',
        'Sallie Ruebush|child',
      ]),
    );
    expect(
      people('LaVerne Olson died Tuesday. Survivors include three brothers, Clarence, Alvin and Roy Hanson.'),
    ).toEqual(expect.arrayContaining(['Clarence Hanson|sibling', 'Alvin Hanson|sibling', 'Roy Hanson|sibling']));
  });
  it('joins a name broken by a line end and keeps hyphenated surnames whole', () => {
    expect(
      people('Died, Mrs. Nancy Carter, daughter of Robert and Frances Beverley, relict of Col. Landon\nCarter.'),
    ).toContain('Landon Carter|spouse');
    expect(people('Baptized the daughter of Thomas\nWhitfield, labourer.').map((p) => p.split('|')[0])).toContain(
      'Thomas Whitfield',
    );
    expect(people('1699. Elizabeth the Daughter of Henery Fitz-williams & Margery his wife was baptized.')).toEqual([
      'Elizabeth Fitz-williams|primary_subject',
      'Henery Fitz-williams|parent',
      'Margery Fitz-williams|parent',
    ]);
  });
  it('keeps titles and honorifics apart from names', { timeout: 120_000 }, () => {
    const text =
      'I, Thomas Colclough of Tintern, Gent., give to my wife Anne. Witnesses: Sir Nicholas Devereux, Knight, and Rev. Walter Hore.';
    const names = people(text).map((p) => p.split('|')[0]);
    expect(names).toEqual(
      expect.arrayContaining(['Thomas Colclough', 'Anne Colclough', 'Nicholas Devereux', 'Walter Hore']),
    );
    expect(names.some((n) => /Knight|Gent|Sir|Rev/.test(n!))).toBe(false);
    const d = details(text);
    expect(d['Thomas Colclough']).toBe('testator');
    expect(d['Walter Hore']).toBe('witness');
    expect(extractPeopleWithDetails('Thomas Colclough Knight Anne his wife').people.map((p) => p.name)).toEqual([
      'Thomas Colclough',
      'Anne Colclough',
    ]);
  });
});

describe('record roles per record type', () => {
  it('marriage register: groom, bride, the parents of each, officiant and witnesses', () => {
    const text = `Marriages solemnized in the Parish Church of Enniscorthy, in the County of Wexford.
No. 42. 14th day of June 1887. John Whitfield, 25, bachelor, labourer, of Ballycarney, son of Thomas Whitfield, farmer; and Mary Ann Colclough, 21, spinster, of Enniscorthy, daughter of James Colclough, shoemaker.
Married in the Parish Church by banns by me, Robert Hughes, Curate.
In the presence of William Brown and Sarah Colclough.`;
    const e = readRecord({ text, isImage: false });
    expect(e.documentType).toBe('marriage');
    expect(e.peopleIdentified.slice(0, 2)).toEqual([
      { name: 'John Whitfield', role: 'primary_subject' },
      { name: 'Thomas Whitfield', role: 'parent' },
    ]);
    expect(e.peopleIdentified).toContainEqual({ name: 'Mary Ann Colclough', role: 'spouse' });
    expect(details(text)).toEqual({
      'John Whitfield': 'groom',
      'Thomas Whitfield': 'father_of_groom',
      'Mary Ann Colclough': 'bride',
      'James Colclough': 'father_of_bride',
      'Robert Hughes': 'officiant',
      'William Brown': 'witness',
      'Sarah Colclough': 'witness',
    });
    expect(e.dateInfo.map((d) => d.normalized)).toContain('1887-06-14');
  });
  it('certificate with labelled fields: mother of the groom, mother of the bride', () => {
    const text = `CERTIFICATE OF MARRIAGE
Groom: Patrick Joseph Devlin, age 28, of Boston, Mass. Father: Michael Devlin. Mother: Bridget Devlin, née Quinn.
Bride: Catherine Agnes Walsh, age 24. Father: John Walsh. Mother: Honora Walsh, née Ryan.
Witnesses: James Devlin, Margaret Walsh.`;
    const d = details(text);
    expect(d).toMatchObject({
      'Patrick Joseph Devlin': 'groom',
      'Catherine Agnes Walsh': 'bride',
      'Bridget Devlin': 'mother_of_groom',
      'Honora Walsh': 'mother_of_bride',
      'James Devlin': 'witness',
    });
    expect(people(text)).not.toContain('Quinn|other_relative');
  });
  it('"The bride is the daughter of …": her parents, not the groom\'s, whoever was named last', () => {
    const text = `CERTIFICATE OF MARRIAGE - State of North Carolina, Wake County
John Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh.
The groom is the son of Thomas Whitfield and Mary Ann Whitfield. The bride is the daughter of Robert Cole and Susan Cole.`;
    expect(details(text)).toMatchObject({
      'Thomas Whitfield': 'father_of_groom',
      'Mary Ann Whitfield': 'mother_of_groom',
      'Robert Cole': 'father_of_bride',
      'Susan Cole': 'mother_of_bride',
    });
    // The bride's parents are the groom's in-laws, not his parents.
    expect(people(text)).toContain('Robert Cole|other_relative');
    expect(people(text)).toContain('Thomas Whitfield|parent');
  });
  it('newspaper notice: the groom is the primary even when the bride is named first', () => {
    const text =
      'Miss Lottie May Reynolds, daughter of Mr. and Mrs. Silas Reynolds, was united in marriage to Mr. Frank E. Dunbar of Peoria.';
    expect(people(text).slice(0, 2)).toEqual(['Frank E. Dunbar|primary_subject', 'Lottie May Reynolds|spouse']);
  });
  it('baptism: sponsors; burial: the deceased; death: the informant', () => {
    expect(
      details(
        'Die 12 Martii 1856. Baptized Bridget, daughter of Patrick Cullen and Mary Kavanagh. Sponsors: Michael Doyle and Anne Cullen.',
      ),
    ).toMatchObject({
      'Michael Doyle': 'sponsor',
      'Anne Cullen': 'sponsor',
      'Patrick Cullen': 'father',
      'Mary Kavanagh': 'mother',
    });
    expect(
      details(
        'Burials 1832. Name: Agnes Thompson. Abode: Casterton. When buried: 23rd Novr 1832. Age: 74. By whom: John Dobson, Vicar.',
      ),
    ).toEqual({
      'Agnes Thompson': 'deceased',
      'John Dobson': 'officiant',
    });
    expect(
      details(
        'Date of death: January 9, 1919. Full name: Anna Wasylyk. Husband: Mykola Wasylyk. Informant: Peter Wasylyk, son.',
      ),
    ).toMatchObject({
      'Peter Wasylyk': 'informant',
    });
  });
  it('census rows: head, wife and children from the relation column, surname-first rows', () => {
    const text = `1880 Census, Township of Dover, Lenawee Co., Michigan.
Hall, Reuben W M 38 Head Farmer N.Y.
Hall, Sophronia W F 35 Wife Keeping house Ohio
Hall, Orrin W M 10 Son At school Mich.`;
    expect(people(text)).toEqual(['Reuben Hall|primary_subject', 'Sophronia Hall|spouse', 'Orrin Hall|child']);
    expect(details(text)).toEqual({ 'Reuben Hall': 'head', 'Sophronia Hall': 'wife', 'Orrin Hall': 'son' });
  });
  it('obituary: the deceased, spouse, parents, children, siblings', () => {
    const text =
      'OBITUARY. Mrs. Ida Belle Hastings, widow of the late Charles F. Hastings, passed away October 13, 1925. She was the daughter of Horace and Lydia Crane. She is survived by two sons, Ralph Hastings of Toledo and Earl Hastings; and a sister, Miss Nettie Crane.';
    expect(people(text)).toEqual([
      'Ida Belle Hastings|primary_subject',
      'Charles F. Hastings|spouse',
      'Horace Crane|parent',
      'Lydia Crane|parent',
      'Ralph Hastings|child',
      'Earl Hastings|child',
      'Nettie Crane|sibling',
    ]);
    expect(details(text)['Ida Belle Hastings']).toBe('deceased');
  });
  it('will: testator, wife and children by given name, executors and witnesses', () => {
    const text =
      'Will of Jesse Tarbox, yeoman, of Lynn. To wife Abigail the use of the dwelling. To sons Ebenezer, Jesse Jr. and Nathan. Executors: son Ebenezer Tarbox and Amos Rhodes. Witnesses: John Mansfield, Theophilus Burrill.';
    expect(people(text)).toEqual(
      expect.arrayContaining([
        'Jesse Tarbox|primary_subject',
        'Abigail Tarbox|spouse',
        'Ebenezer Tarbox|child',
        'Nathan Tarbox|child',
      ]),
    );
    expect(details(text)).toMatchObject({
      'Amos Rhodes': 'executor',
      'John Mansfield': 'witness',
      'Theophilus Burrill': 'witness',
    });
  });
  it('passenger list: surname-first rows, the ship is not a person', () => {
    const text = `List of Passengers on board the Ship Jessie of Liverpool, arrived at New York, 16th May 1849.
Whitfield, Thomas | 34 | M | Labourer | Ireland
Whitfield, Mary | 30 | F | Wife | Ireland
Nolan, Bridget | 19 | F | Servant | Ireland`;
    expect(people(text)).toEqual([
      'Thomas Whitfield|primary_subject',
      'Mary Whitfield|spouse',
      'Bridget Nolan|other_relative',
    ]);
    expect(people('S.S. Kaiser Wilhelm der Grosse, Bremen.\n1. Kowalski, Jan, 28, labourer.')).toEqual([
      'Jan Kowalski|primary_subject',
    ]);
  });
  it('military: the soldier and the next of kin named with the relation after', () => {
    const text =
      'Pvt. Amos Brooks, Co. B, 4th Regiment Virginia Infantry. Enlisted April 18, 1861. Next of kin: Sarah Brooks (mother).';
    expect(people(text)).toEqual(['Amos Brooks|primary_subject', 'Sarah Brooks|parent']);
    expect(details(text)).toMatchObject({ 'Amos Brooks': 'Pvt.', 'Sarah Brooks': 'next_of_kin' });
    expect(people("Muster Roll of Capt. Ebenezer Learned's Company, July 1777.")).toEqual([
      'Ebenezer Learned|primary_subject',
    ]);
  });
});

describe('record words of other languages', () => {
  it('German, French, Spanish, Italian, Dutch, Portuguese', () => {
    expect(
      people(
        'getauft 7. März 1852: Johann Friedrich Weber, Sohn des Bauern Georg Weber und der Anna Maria geb. Schmidt.',
      ),
    ).toEqual(['Johann Friedrich Weber|primary_subject', 'Georg Weber|parent', 'Anna Maria Schmidt|parent']);
    expect(
      people(
        'le 3 juin 1845, est né Jean Baptiste Lefèvre, fils de Pierre Lefèvre, cultivateur, et de Marie Anne Dubois.',
      ),
    ).toEqual(['Jean Baptiste Lefèvre|primary_subject', 'Pierre Lefèvre|parent', 'Marie Anne Dubois|parent']);
    expect(people('bauticé a José María, hijo legítimo de Juan Antonio Ramírez y de María Josefa Hernández.')).toEqual([
      'José María Ramírez|primary_subject',
      'Juan Antonio Ramírez|parent',
      'María Josefa Hernández|parent',
    ]);
    expect(
      people('è morta Teresa Bianchi, vedova di Luigi Pardini, figlia di Giovanni Bianchi e di Maria Lucchesi.'),
    ).toEqual([
      'Teresa Bianchi|primary_subject',
      'Luigi Pardini|spouse',
      'Giovanni Bianchi|parent',
      'Maria Lucchesi|parent',
    ]);
    expect(people('gedoopt Hendrik, zoon van Jan Pietersz de Vries en Grietje Cornelis.')).toEqual([
      'Hendrik de Vries|primary_subject',
      'Jan Pietersz de Vries|parent',
      'Grietje Cornelis|parent',
    ]);
    expect(
      people('faleceu Maria Joaquina Gomes, viúva de José Pinto, filha de Manuel Gomes e de Ana Rodrigues.'),
    ).toEqual([
      'Maria Joaquina Gomes|primary_subject',
      'José Pinto|spouse',
      'Manuel Gomes|parent',
      'Ana Rodrigues|parent',
    ]);
  });
  it('Polish, Swedish, Norwegian, Danish and Latin', () => {
    expect(people('Zmarła Katarzyna Wójcik, wdowa po Janie Wójciku, córka Macieja i Zofii Kaczmarek.')).toEqual(
      expect.arrayContaining(['Katarzyna Wójcik|primary_subject', 'Janie Wójciku|spouse']),
    );
    expect(people('döpt: Anders, son till torparen Johan Persson och hans hustru Kerstin Andersdotter.')).toEqual([
      'Anders Persson|primary_subject',
      'Johan Persson|parent',
      'Kerstin Andersdotter|parent',
    ]);
    expect(people('døpt: Ole, søn af husmand Hans Olsen og hustru Marit Olsdatter.')).toEqual([
      'Ole Olsen|primary_subject',
      'Hans Olsen|parent',
      'Marit Olsdatter|parent',
    ]);
    expect(people('døde Ane Kirstine Jensdatter, datter af Jens Madsen.')).toEqual([
      'Ane Kirstine Jensdatter|primary_subject',
      'Jens Madsen|parent',
    ]);
    expect(
      people(
        'baptizatus est Joannes, filius legitimus Patricii Kelly et Mariae Byrne. Patrini fuerunt Thomas Kelly et Anna Doyle.',
      ),
    ).toEqual([
      'Joannes Kelly|primary_subject',
      'Patricii Kelly|parent',
      'Mariae Byrne|parent',
      'Thomas Kelly|other_relative',
      'Anna Doyle|other_relative',
    ]);
  });
});

describe('full dates with qualifiers', () => {
  const norm = (text: string) =>
    extractDates(text).map((d) => [d.normalized, d.qualifier, ...(d.calendar ? [d.calendar] : [])]);
  it('keeps the day of "the 14th day of June 1887" and "June the 14th, 1887"', () => {
    expect(norm('on the 14th day of June 1887')).toEqual([['1887-06-14', 'exact']]);
    expect(norm('the 9th day of May in the year of our Lord 1795')).toEqual([['1795-05-09', 'exact']]);
    expect(norm('June the 14th, 1887')).toEqual([['1887-06-14', 'exact']]);
    expect(norm('3d Octr 1762')).toEqual([['1762-10-03', 'exact']]);
  });
  it("gives a day and month without a year the register's year, from the heading or the entry", () => {
    expect(norm('Baptisms 1741/2. Febr. 7. Richard son of Richard Pickering. May 3. Mary Goodall.')).toEqual([
      ['1742', 'dual_year'],
      ['1742-02-07', 'exact'],
      ['1741-05-03', 'exact'],
    ]);
    expect(norm('Anno 1734. Den 12. Aprilis ist getauft worden Johann Georg.').map((d) => d[0])).toEqual([
      '1734',
      '1734-04-12',
    ]);
    expect(norm("L'anno 1880, addì 5 aprile, in Napoli.").map((d) => d[0])).toEqual(['1880', '1880-04-05']);
    // Relative to another date, a name, or no year before it: not a date of this register.
    expect(norm('Baptized 1780, Octr 22d, Elizabeth, born the 1st of Septr last.').map((d) => d[0])).toEqual([
      '1780',
      '1780-10-22',
    ]);
    expect(norm('1. Kowalski, 28 Jan Nowak, 1905.').map((d) => d[0])).toEqual(['1905']);
    expect(norm('Buried June 3, no year given.')).toEqual([]);
  });
  it('flags Old Style / New Style double years and calendar marks', () => {
    expect(norm('baptized 3 Feb 1741/2')).toEqual([['1742-02-03', 'dual_year']]);
    expect(norm('Martii 1741/2')).toEqual([['1742-03', 'dual_year']]);
    expect(norm('the twentieth day of March 1698/9')).toEqual([['1699-03-20', 'dual_year']]);
    expect(norm('10 Xber 1745 O.S.')).toEqual([['1745-12-10', 'exact', 'julian']]);
    expect(norm('2d 7ber 1750')).toEqual([['1750-09-02', 'exact']]);
  });
  it('reads qualifiers in English and other languages', () => {
    expect(norm('abt. 1850, bef. 1900, aft 1870')).toEqual([
      ['1850', 'about'],
      ['1900', 'before'],
      ['1870', 'after'],
    ]);
    expect(norm('um 1850')).toEqual([['1850', 'about']]);
    expect(norm('vers 1720')).toEqual([['1720', 'about']]);
    expect(norm('omkring 1790')).toEqual([['1790', 'about']]);
  });
  it('month names of eleven languages and Latin genitives', () => {
    const cases: [string, string][] = [
      ['geb. 3. März 1852', '1852-03-03'],
      ['le 14 juin 1887', '1887-06-14'],
      ['a 14 de junio de 1790', '1790-06-14'],
      ['il 12 novembre 1899', '1899-11-12'],
      ['den 16 Maart 1760', '1760-03-16'],
      ['aos 15 de setembro de 1891', '1891-09-15'],
      ['dnia 14 czerwca 1890', '1890-06-14'],
      ['den 3 mars 1848', '1848-03-03'],
      ['den 6te april 1862', '1862-04-06'],
      ['den 14 december 1855', '1855-12-14'],
      ['die 10 Februarii 1742', '1742-02-10'],
      ['die 24 Novembris 1788', '1788-11-24'],
      ['die 3 Maii 1702', '1702-05-03'],
    ];
    for (const [text, want] of cases) expect(extractDates(text)[0]?.normalized, text).toBe(want);
  });
});

describe('places from the document context', () => {
  it('a county in the heading keeps towns in its country; Irish counties, historical lands', () => {
    const geo = (text: string) =>
      readRecord({ text, isImage: false }).geographicalInfo.map((g) => `${g.kind}:${g.name}:${g.countryCode ?? ''}`);
    expect(geo('Marriage solemnized at Christchurch in the City of Dublin, County of Dublin.')).not.toContainEqual(
      expect.stringContaining('NZ'),
    );
    expect(geo('Co. Wexford. Baptized at Enniscorthy: John Byrne.')).toEqual([
      'county:County Wexford:IE',
      'town:Enniscorthy:IE',
    ]);
    expect(geo('Christian Meyer, 38, Schneider, aus Württemberg.')).toContain('state:Württemberg:DE');
    expect(geo('Census of Ireland, 1901. Townland: Drumcliff. County: Sligo.')).toEqual(
      expect.arrayContaining(['county:County Sligo:IE', 'town:Drumcliff:IE']),
    );
  }, 120_000);
});

describe("an LLM's people checked against the text", () => {
  it('keeps names whose words the text gives (surnames completed from elsewhere too) and drops the rest', () => {
    const text =
      'Henry Clay Brooks married Sarah Ann Miller. His wife Mary and Dr. J. T. Sims were present. Fitz-williams. José Pérez signed.';
    const names = [
      'Henry Clay Brooks',
      'Mary Brooks',
      'J. T. Sims',
      'Sarah Ann Miller',
      'Robert Brooks',
      'Mary Fitz-williams',
      'Sára Miller',
      'Jose Perez',
    ].map((name) => ({ name }));
    expect(keepNamesInText(names, text).map((p) => p.name)).toEqual([
      'Henry Clay Brooks',
      'Mary Brooks',
      'J. T. Sims',
      'Sarah Ann Miller',
      'Mary Fitz-williams',
      'Jose Perez',
    ]);
  });
});

describe('the main person of the record', () => {
  it('a child given its names is the subject and takes its father’s surname; the one named with him is the mother', () => {
    expect(
      people(
        'Addì 21 gennaio 1822. Ho battezzato una bambina nata ieri da Francesco Rossi e da Lucia Ferrari, coniugi, alla quale fu imposto il nome di Maria Angela. Padrini: Giacomo Ferrari e Teresa Conti.',
      ),
    ).toEqual([
      'Maria Angela Rossi|primary_subject',
      'Francesco Rossi|parent',
      'Lucia Ferrari|parent',
      'Giacomo Ferrari|other_relative',
      'Teresa Conti|other_relative',
    ]);
    const german =
      'Hamburg, am 5. Juli 1898. Es erschien der Arbeiter Johann Heinrich Peters und zeigte an, dass von seiner Ehefrau ein Knabe geboren worden sei, welcher die Vornamen Karl Friedrich erhalten habe.';
    expect(people(german)[0]).toBe('Karl Friedrich Peters|primary_subject');
    expect(people(german)).toContain('Johann Heinrich Peters|parent');
    const dutch =
      'Op den 12 Augustus 1885 is verschenen Klaas Visser, visscher, wonende te Urk, die verklaarde dat is geboren een kind, aan hetwelk hij de voornaam heeft gegeven van Albert.';
    expect(people(dutch)[0]).toBe('Albert Visser|primary_subject');
    expect(
      details(
        '1762. Octr. 17th. To Richard Hodgkinson, weaver, was born a son, baptized by the name of Jonathan. Sponsors: Ralph Crook, Ann Crook.',
      ),
    ).toMatchObject({
      'Richard Hodgkinson': 'father',
      'Ralph Crook': 'sponsor',
    });
  });
  it('a form’s given-names field with its surname field (attestation paper)', () => {
    const text =
      'Attestation Paper. No. 827351. Surname: MacPherson. Christian names: Angus John. Name of next-of-kin: Flora MacPherson (mother). Trade: lumberman.';
    expect(people(text)).toEqual(['Angus John MacPherson|primary_subject', 'Flora MacPherson|parent']);
    expect(details(text)).toMatchObject({ 'Flora MacPherson': 'next_of_kin' });
  });
  it('burial register: "son of the above" is the child of the entry above, not the subject', () => {
    expect(
      people(
        'Burials, Parish of Skibbereen, 1847. Jan. 12. Denis McCarthy, Gortnaclohy, aged 40. Jan. 12. Johanna, his wife, aged 36. Jan. 14. Cornelius, son of the above, aged 9.',
      ),
    ).toEqual(['Denis McCarthy|primary_subject', 'Johanna McCarthy|spouse', 'Cornelius McCarthy|child']);
  });
  it('register entries: the first principal with an age comes before a later child "of" someone; a named principal is not the list before it', () => {
    const burials =
      'Burials in the Parish of St. Werburgh, Dublin, 1798. Octr 2. Mr. Henry Fitz-Simons, merchant, of Castle Street, aged 56. Octr 9. Catherine Dowling, child of Edward Dowling, aged 4.';
    expect(people(burials)[0]).toBe('Henry Fitz-Simons|primary_subject');
    const died =
      'Died, at the residence of her son-in-law, Mr. William Ashby, in this county, Mrs. Nancy Carter, aged 84 years, relict of the late Col. Landon Carter.';
    expect(people(died)).toEqual([
      'Nancy Carter|primary_subject',
      'William Ashby|other_relative',
      'Landon Carter|spouse',
    ]);
  });
  it('obituary: "she married" names a spouse, not a bride and groom; a headline’s "an Old Resident" is nobody', () => {
    const obituary =
      'LaVerne Olson, 42, of Willmar, died Tuesday. She was the daughter of Mr. and Mrs. Nels Hanson. She married Arnold Olson in 1927.';
    expect(people(obituary)).toEqual(['LaVerne Olson|primary_subject', 'Nels Hanson|parent', 'Arnold Olson|spouse']);
    expect(details(obituary)['Arnold Olson']).toBeUndefined();
    const headline =
      'Death of an Old Resident. Mr. Abram Van Horn died at his home in Flemington, aged 84 years. He leaves three sons, Peter, John and Cornelius.';
    expect(people(headline)).toEqual([
      'Abram Van Horn|primary_subject',
      'Peter Van Horn|child',
      'John Van Horn|child',
      'Cornelius Van Horn|child',
    ]);
  });
  it('witnesses keep their role past a title; Polish inflected bachelor and maiden', () => {
    expect(
      details(
        'Henry Clay Brooks married Sarah Ann Miller on June 3, 1871. Witnesses: Rev. Peter Greene and Lucy Greene.',
      ),
    ).toMatchObject({
      'Peter Greene': 'witness',
      'Lucy Greene': 'witness',
    });
    const polish =
      'Zawarto małżeństwo między Janem Kowalczykiem, kawalerem, synem Antoniego i Marianny, a Anną Lis, panną, córką Jakuba i Agaty. Świadkowie: Józef Lis i Tomasz Nowicki.';
    expect(details(polish)).toMatchObject({
      'Janem Kowalczykiem': 'groom',
      'Anną Lis': 'bride',
      'Józef Lis': 'witness',
      'Tomasz Nowicki': 'witness',
    });
  });
});

describe('old spellings in registers', () => {
  it('"Buryed", "wid.", "Febru." with a double year; "Willm. the sonne of Jno." with "his wyfe"', () => {
    const burial = readRecord({
      text: 'Buryed Elizth. Tomlinson wid. the 4th of Febru. 1687/8.',
      isImage: false,
    });
    expect(burial.documentType).toBe('death');
    expect(burial.personDetails).toEqual([{ name: 'Elizth. Tomlinson', recordRole: 'deceased' }]);
    expect(burial.dateInfo.map((d) => [d.normalized, d.qualifier])).toEqual([['1688-02-04', 'dual_year']]);
    expect(people('1623. Willm. the sonne of Jno. Haworthe & Margt. his wyfe was bapt. the xth of Maye.')).toEqual([
      'Willm. Haworthe|primary_subject',
      'Jno. Haworthe|parent',
      'Margt. Haworthe|parent',
    ]);
  });
});
