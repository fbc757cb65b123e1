/**
 * A labelled library for the retrieval benchmark (issue 16, decision 0170): 36 documents of
 * different kinds (certificates, registers, census pages, obituaries, letters, military, passenger,
 * probate, naturalisation, newspaper, church records in German, French, Dutch, Italian, Polish and
 * Swedish), written for this set. Several families share surnames and given names on purpose
 * (three John Whitfields, Smith/Schmidt, Müller/Miller, two Sullivans), so a question must find
 * the right one among look-alikes. Multi-page documents are arrays of pages.
 */
export interface LabelledDocument {
  name: string;
  pages: string[];
}

export const DOCUMENTS: LabelledDocument[] = [
  {
    name: 'marriage.png',
    pages: [
      'STATE OF NORTH CAROLINA\nWake County Register of Deeds\nCertified copy of a record of marriage, issued on request.',
      'CERTIFICATE OF MARRIAGE\n\nJohn Henry Whitfield, son of Thomas Whitfield and Mary Ann Whitfield, was born 2 March 1862 in Wake County.\nJohn Henry Whitfield married Sarah Elizabeth Cole on 14 June 1887 in Raleigh.\nThe bride is the daughter of Robert Cole and Susan Cole.\nWitnesses: James Whitfield and Martha Cole.',
    ],
  },
  {
    name: 'whitfield-baptism-1834.txt',
    pages: [
      'Parish of Halifax, Yorkshire. Baptisms 1834. No. 212. John Whitfield, son of William Whitfield, weaver, and Ann his wife, of Ovenden, baptised 4 May 1834 by the Rev. J. Hope.',
    ],
  },
  {
    name: 'john-whitfield-death-1901.pdf',
    pages: [
      'Death certificate. John Whitfield, retired carpenter, aged 67, died at Ovenden, Halifax, on 9 November 1901 of bronchitis. Informant: Hannah Whitfield, widow, present at the death.',
    ],
  },
  {
    name: 'census-1880-wake.jpg',
    pages: [
      '1880 United States Census, Wake County, North Carolina, Raleigh Township. Dwelling 112, family 118.\nCole, Robert, W, M, 52, head, farmer, born North Carolina\nCole, Susan, W, F, 48, wife, keeping house\nCole, Sarah E., W, F, 16, daughter, at school\nCole, Martha, W, F, 12, daughter',
    ],
  },
  {
    name: 'sullivan-obituary.txt',
    pages: [
      'OBITUARY\n\nMichael Sullivan, a retired stonemason, died at Boston on 3 January 1901.\nMichael Sullivan married Margaret Byrne, who was born in County Cork in 1843.\nHe is survived by his sons Patrick Sullivan and Daniel Sullivan.',
    ],
  },
  {
    name: 'sullivan-baptism-kilkenny.pdf',
    pages: [
      'Roman Catholic parish of St. Mary, Kilkenny. Baptisms, 1838. 12 February: Margaret Sullivan, daughter of Patrick Sullivan, cooper, and Bridget Walsh. Sponsors: John Walsh, Honora Dunne.',
    ],
  },
  {
    name: 'patrick-sullivan-naturalization.pdf',
    pages: [
      'Declaration of intention, Suffolk County, Massachusetts, 1889. I, Patrick Sullivan, aged 24, born at Cobh, County Cork, Ireland on 17 March 1865, emigrated from Queenstown aboard the Cephalonia, arriving at Boston 2 May 1884. I renounce allegiance to the Queen of the United Kingdom.',
    ],
  },
  {
    name: 'schmidt-auswanderung-1854.jpg',
    pages: [
      'Auswandererliste Bremen 1854. Schiff Johanna, Kapitän Wessels, nach New York. Nr. 57: Johann Schmidt, Schuhmacher, 28 Jahre, aus Kirchhain in Kurhessen, mit Ehefrau Katharina geb. Becker, 24, und Tochter Elisabeth, 1.',
    ],
  },
  {
    name: 'smith-census-1860-ohio.txt',
    pages: [
      '1860 Federal Census, Hamilton County, Ohio, Cincinnati Ward 9. John Smith, 34, shoemaker, born Hesse; Catherine Smith, 30, born Hesse; Elizabeth Smith, 7, born Hesse; Henry Smith, 3, born Ohio. Value of personal estate $150.',
    ],
  },
  {
    name: 'smith-will-1889.pdf',
    pages: [
      'LAST WILL AND TESTAMENT. I, John Smith of Cincinnati, Hamilton County, Ohio, shoemaker, being of sound mind, bequeath my house on Vine Street to my wife Catherine Smith for her lifetime,',
      'and after her death to my children Elizabeth Wagner and Henry Smith in equal shares. I appoint my son Henry Smith executor. Signed 12 April 1889. Proved in the Probate Court of Hamilton County, 3 June 1893.',
    ],
  },
  {
    name: 'muller-taufe-1852.jpg',
    pages: [
      'Taufregister der evangelischen Gemeinde Kassel, 1852. Nr. 44. Johann Heinrich Müller, Sohn des Schneidermeisters Georg Müller und der Anna Elisabeth geb. Weiß, geboren am 28. Februar, getauft am 3. März 1852. Paten: Heinrich Weiß, Johann Fischer.',
    ],
  },
  {
    name: 'miller-enlistment-1862.pdf',
    pages: [
      'Volunteer enlistment, State of Pennsylvania, town of Reading. I, John H. Miller, born in Cassel, Germany, aged 24 years, by occupation a tailor, enlist as a soldier in the Army of the United States for three years, 19 August 1862. Company C, 128th Pennsylvania Infantry. Eyes blue, hair brown, height 5 feet 7 inches.',
    ],
  },
  {
    name: 'miller-pension-1890.txt',
    pages: [
      'Declaration for invalid pension, Act of June 27, 1890. John H. Miller, late private, Company C, 128th Regiment Pennsylvania Volunteers, resident of Reading, Berks County, aged 52, declares he is disabled by rheumatism contracted at Chancellorsville in May 1863.',
    ],
  },
  {
    name: 'dubois-mariage-1876.jpg',
    pages: [
      'Mairie de Lyon, 2e arrondissement. Acte de mariage n° 318. Le 14 octobre 1876 ont comparu Jean-Baptiste Dubois, boulanger, né à Villeurbanne le 5 mai 1850, fils de Pierre Dubois et de Françoise Garnier, et Marie-Thérèse Lefèvre, couturière, fille de Joseph Lefèvre et de Jeanne Morel.',
    ],
  },
  {
    name: 'lefebvre-deces-1910.pdf',
    pages: [
      'Acte de décès. Le 2 janvier 1910, à Lyon, est décédée Marie-Thérèse Lefèvre, veuve Dubois, âgée de 58 ans, couturière, domiciliée rue Mercière. Déclarants: Louis Dubois, son fils, et Étienne Garnier, voisin.',
    ],
  },
  {
    name: 'jansen-doop-1799.jpg',
    pages: [
      'Doopboek van de Nederduits Gereformeerde Kerk te Leiden, 1799. Den 7 juli gedoopt Hendrik Jansen, zoon van Willem Jansen, lakenwever, en Geertruida van der Berg. Getuigen: Jan Jansen en Maria de Vries.',
    ],
  },
  {
    name: 'rossi-nascita-1888.pdf',
    pages: [
      'Comune di Napoli, Ufficio dello Stato Civile. Atto di nascita n. 1207. L’anno 1888, il giorno 21 settembre, è comparso Giuseppe Rossi, pescatore, e ha dichiarato la nascita di Vincenzo Rossi, figlio suo e di Carmela Esposito, nato nella casa di via Chiaia.',
    ],
  },
  {
    name: 'rossi-ellis-island-1907.txt',
    pages: [
      'List or manifest of alien passengers, S.S. Konig Albert, sailing from Naples 4 April 1907, arriving at the Port of New York 18 April 1907. Line 14: Rossi, Vincenzo, 18, male, single, fisherman, Italian, last residence Naples, going to cousin Antonio Esposito, 232 Mulberry Street, New York.',
    ],
  },
  {
    name: 'kowalski-akt-1895.jpg',
    pages: [
      'Parafia rzymskokatolicka w Tarnowie. Akt małżeństwa nr 42, rok 1895. Stanisław Kowalski, kawaler, lat 26, syn Jana Kowalskiego i Agnieszki z Nowaków, zawarł związek małżeński z Józefą Wiśniewską, panną, lat 21, córką Wojciecha Wiśniewskiego.',
    ],
  },
  {
    name: 'andersson-husforhor-1870.pdf',
    pages: [
      'Husförhörslängd, Gårdby socken, Öland, 1866–1870. Gården Norra Möckleby nr 3: bonden Anders Andersson, född 12 april 1828 i Gårdby; hustru Stina Nilsdotter, född 1831; barn: Carl Johan, född 1855; Maria, född 1858. Utflyttade till Nordamerika 1869.',
    ],
  },
  {
    name: 'anderson-homestead-1879.txt',
    pages: [
      'Homestead final proof, Land Office at Worthington, Minnesota, 1879. Charles J. Anderson, born in Sweden in 1855, declares that he settled on the southwest quarter of section 12 in Murray County in 1872, built a house of logs 14 by 16 feet, and has cultivated 40 acres.',
    ],
  },
  {
    name: 'mcdonald-death-1899.pdf',
    pages: [
      'Statutory register of deaths, Parish of Portree, County of Inverness, 1899. Donald MacDonald, crofter, married to Flora MacLeod, died 2 February 1899 at Braes, Isle of Skye, aged 74. Father: Angus MacDonald, fisherman (deceased). Mother: Mary MacDonald, maiden surname MacKinnon (deceased).',
    ],
  },
  {
    name: 'macdonald-letter-1903.jpg',
    pages: [
      'Toronto, 14 March 1903\n\nDear cousin Flora,\nI was sorry to learn that Uncle Donald has gone. Father always spoke of the croft at Braes and the boat he had with Grandfather Angus. We are all well here; Kenneth has found work at the Massey factory and little Mary is at school.\nYour loving cousin, Catherine McDonald',
    ],
  },
  {
    name: 'oconnor-marriage-1851.txt',
    pages: [
      'Parish of St. Nicholas, Galway. Marriages 1851. 9 February: Thomas O’Connor of Bohermore, labourer, and Honora Kelly of Claddagh, spinster. Witnesses: Martin Kelly, Bridget O’Connor. Married by Rev. Peter Daly.',
    ],
  },
  {
    name: 'oconnor-famine-letter-1847.pdf',
    pages: [
      'Galway, November 1847.\nDear brother Martin, the potatoes have failed again and we have no rent for the landlord. Our mother was buried at Bohermore last week. Thomas says he will go to the public works at Oranmore. Pray for us. Your sister Bridget O’Connor.',
    ],
  },
  {
    name: 'weber-konfirmation-1901.jpg',
    pages: [
      'Konfirmationsschein. Karl Friedrich Weber, geboren am 9. Mai 1887 zu Stuttgart, Sohn des Schlossermeisters Friedrich Weber und der Luise geb. Schäfer, wurde am Palmsonntag, den 31. März 1901, in der Stiftskirche zu Stuttgart konfirmiert. Pfarrer Dr. Hahn.',
    ],
  },
  {
    name: 'weaver-wwi-draft-1917.pdf',
    pages: [
      'Registration card, 5 June 1917, Precinct 4, City of Milwaukee, Wisconsin. Charles Frederick Weaver, age 30, born 9 May 1887 in Stuttgart, Germany, naturalized citizen, machinist at Allis-Chalmers, married, supports wife and two children. Tall, slender, eyes grey, hair light.',
    ],
  },
  {
    name: 'harrington-bible-record.jpg',
    pages: [
      'FAMILY RECORD\nBirths: Elijah Harrington, born 3 June 1798 in Worcester County. Lydia Chase, his wife, born 19 October 1801.\nMarriages: Elijah Harrington and Lydia Chase were married 12 December 1820 at Leicester, Massachusetts.',
      'Deaths: Elijah Harrington departed this life 8 August 1861, aged 63. Lydia Harrington died 1 March 1879.\nChildren: Nathan 1822, Eliza 1825, Abigail 1829.',
    ],
  },
  {
    name: 'harrington-probate-1861.txt',
    pages: [
      'Worcester County Probate Court, September term 1861. Estate of Elijah Harrington, late of Leicester, yeoman, deceased intestate. Administration granted to his son Nathan Harrington. Inventory: homestead farm of 60 acres, $2,400; livestock $310; household furniture $85.',
    ],
  },
  {
    name: 'convict-indent-1833.pdf',
    pages: [
      'Convict indent, ship Mangles, arrived Sydney 1833. No. 89. William Price, age 22, able to read, Protestant, single, native of Shrewsbury, ploughman. Tried at Shropshire Assizes, March 1832, stealing a sheep, sentence life. Height 5 ft 6 in, complexion ruddy, hair brown, scar on left cheek.',
    ],
  },
  {
    name: 'price-ticket-of-leave-1841.txt',
    pages: [
      'Ticket of leave No. 41/1187. William Price, ship Mangles 1833, native place Shropshire, trade ploughman, sentence life, allowed to remain in the district of Bathurst, New South Wales. Issued 3 September 1841.',
    ],
  },
  {
    name: 'nakamura-koseki.pdf',
    pages: [
      'Family register (koseki), Hiroshima Prefecture, Aki District, Funakoshi village. Head of household: Nakamura Tokujiro, born 1862. Wife: Kiyo, born 1868, daughter of Yamada Genzo. Eldest son: Nakamura Masao, born 10 April 1891, emigrated to Hawaii, 1908.',
    ],
  },
  {
    name: 'hawaii-plantation-1910.txt',
    pages: [
      'Ewa Plantation Company, Oahu, labor roll 1910. Bango 2217: Masao Nakamura, 19, from Hiroshima, arrived Honolulu 1908 on the Siberia, field hand, wages $18 a month, contract of three years, quarters in Camp 9.',
    ],
  },
  {
    name: 'gazette-1912-titanic.pdf',
    pages: [
      'THE SOUTHAMPTON GAZETTE, 20 April 1912. LOCAL MEN LOST WITH THE TITANIC. Among the crew from Northam were Frederick Barrett, leading stoker, who survived, and George Hinckley, bath steward, of 12 Chapel Road, who is reported lost. Mrs Hinckley is left with three young children.',
    ],
  },
  {
    name: 'school-register-1924.jpg',
    pages: [
      'Board school admission register, Northam, Southampton. 1924. No. 311: Hinckley, Dorothy, born 2 February 1918, father deceased (lost at sea 1912? — stepfather Albert Cross, docker), address 12 Chapel Road, previous school: none. Left 1932, to domestic service.',
    ],
  },
  {
    name: 'garcia-bautismo-1790.txt',
    pages: [
      'Libro de bautismos de la parroquia de San Miguel, Sevilla, 1790. En veinte y tres de agosto bauticé solemnemente a José María García, hijo legítimo de Francisco García, tonelero, y de María Josefa Núñez, naturales de esta ciudad. Padrino: Manuel Núñez.',
    ],
  },
];
