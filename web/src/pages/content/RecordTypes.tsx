/** The record groups genealogists rely on, with what each tells you (the tutorial's research guidance). */
const RECORDS: { name: string; text: string }[] = [
  {
    name: 'Census records',
    text: 'A household at one moment: names, ages, birthplaces and, in later years, relationships to the head. The United States has taken one every ten years since 1790 (most of 1890 was lost to fire) and names every household member from 1850; England and Wales from 1841.',
  },
  {
    name: 'Vital records',
    text: 'Civil registration of births, marriages and deaths. They usually name parents, spouses and informants. Start dates vary: 1837 in England and Wales, 1855 in Scotland, and state by state in the United States, many not until the early 1900s.',
  },
  {
    name: 'Church records',
    text: 'Baptisms, marriages and burials kept by parishes and congregations, often the only record of an event before civil registration. Baptisms frequently name both parents and the sponsors.',
  },
  {
    name: 'Probate records',
    text: 'Wills, inventories and administrations. A will can name a spouse, children, married daughters and grandchildren in one document, and shows property and family relationships at a death.',
  },
  {
    name: 'Military records',
    text: 'Service records, draft registrations and pension files. Pension applications by widows often include marriage evidence and children’s names; United States draft cards of 1917–1918 cover most men born between 1872 and 1900.',
  },
  {
    name: 'Immigration and naturalization',
    text: 'Passenger lists, border crossings and naturalization papers. Later records often give a town of origin, the relative left behind and the one being joined.',
  },
];

export function RecordTypes() {
  return (
    <dl className="qa">
      {RECORDS.map((r) => (
        <div key={r.name}>
          <dt>{r.name}</dt>
          <dd>{r.text}</dd>
        </div>
      ))}
    </dl>
  );
}
