import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOURNAL_SECTIONS } from '@gnology/contracts';
import { PDFCheckBox, PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultGazetteer } from '@gnology/genealogy/node/gazetteer-tables';
import { journalEntities, personName } from '../src/journal/domain/entities';
import { JOURNAL_MARKER, journalFieldNames, SECTIONS, VERSION_FIELD } from '../src/journal/domain/layout';
import { isJournalForm, journalFromFields } from '../src/journal/domain/read';
import { journalText } from '../src/journal/domain/text';
import { formValues, readJournalForm } from '../src/library/jobs/parsers/journal-form';
import { buildJournal, createJournalCache, type JournalFile } from '../src/journal/use-cases/build-journal';
import { FILLED, fillJournal } from './fixtures/journal';

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push((content.items as { str?: string }[]).map((i) => i.str ?? '').join(' '));
  }
  await doc.destroy();
  return out;
}

describe('the GNology Journal PDF', { timeout: 60_000 }, () => {
  let letter: JournalFile;
  let a4: JournalFile;
  beforeAll(async () => {
    [letter, a4] = await Promise.all([buildJournal('letter'), buildJournal('a4')]);
  }, 120_000);

  it('has the journal’s form fields under stable names: text, multi-line and checkboxes', async () => {
    const form = (await PDFDocument.load(letter.bytes)).getForm();
    const names = form.getFields().map((f) => f.getName());
    expect(new Set(names)).toEqual(new Set(journalFieldNames()));
    // 5 project + 5 × 20 ancestor + 10 checkboxes + 10 notes + other + 14 × 4 log + 10 × 4 contacts + 3 findings + version.
    expect(names).toHaveLength(5 + 100 + 21 + 56 + 40 + 3 + 1);
    expect(names).toEqual(
      expect.arrayContaining([
        'ancestor1.name',
        'ancestor5.birth.date',
        'ancestor3.marriage.spouse',
        'sources.census',
        'sources.dna',
        'log.3.date',
        'log.14.result',
        'contacts.10.outcome',
        'findings.nextSteps',
      ]),
    );
    expect(form.getField('sources.census')).toBeInstanceOf(PDFCheckBox);
    expect(form.getTextField('ancestor1.notes').isMultiline()).toBe(true);
    expect(form.getTextField('ancestor1.children').isMultiline()).toBe(true);
    expect(form.getTextField('ancestor1.birth.date').isMultiline()).toBe(false);
    expect(form.getTextField(VERSION_FIELD).getText()).toBe('1');
    expect(form.getTextField(VERSION_FIELD).isReadOnly()).toBe(true);
  });

  it('draws a cover and ten sections, one a page, on Letter and A4 paper', async () => {
    for (const [file, size] of [
      [letter, [612, 792]],
      [a4, [595.28, 841.89]],
    ] as const) {
      const doc = await PDFDocument.load(file.bytes);
      expect(doc.getPageCount()).toBe(1 + JOURNAL_SECTIONS);
      for (const page of doc.getPages()) {
        expect(page.getWidth()).toBeCloseTo(size[0], 1);
        expect(page.getHeight()).toBeCloseTo(size[1], 1);
      }
      expect(doc.getKeywords()).toContain(JOURNAL_MARKER);
      expect(doc.getTitle()).toBe('GNology Journal');
    }
    expect(SECTIONS).toHaveLength(JOURNAL_SECTIONS);
    const texts = await pageTexts(letter.bytes);
    expect(texts[0]).toContain('How to use this journal');
    SECTIONS.forEach((s, i) => {
      expect(texts[i + 1]).toContain(`SECTION ${s.number} OF 10`);
      expect(texts[i + 1]).toContain(s.title);
    });
    expect(texts.slice(2, 7).every((t) => /Ancestor [1-5]/.test(t))).toBe(true);
    expect(texts[7]).toContain('Census returns');
  });

  it('embeds a Unicode font and names it as the form’s default appearance', async () => {
    const doc = await PDFDocument.load(letter.bytes);
    const acroForm = doc.getForm().acroForm.dict;
    const da = String(acroForm.get(PDFName.of('DA')));
    const fontName = da.match(/\/(\S+) \d+ Tf/)?.[1];
    expect(fontName).toBeTruthy();
    const dr = acroForm.lookup(PDFName.of('DR'))!.toString();
    expect(dr).toContain(`/${fontName}`);
    expect(Buffer.from(letter.bytes).includes('Inter-Regular')).toBe(true);
  });

  it('builds the same bytes every time for the same version and paper', async () => {
    const again = await buildJournal('letter');
    expect(again.bytes.equals(letter.bytes)).toBe(true);
    expect(again.etag).toBe(letter.etag);
    expect(a4.bytes.equals(letter.bytes)).toBe(false);
  });

  it('caches one build per version and paper', async () => {
    let builds = 0;
    const cache = createJournalCache(async (paper, version) => {
      builds++;
      return { bytes: Buffer.from(`${version}-${paper}`), etag: '"x"', paper, version: version ?? '1' };
    });
    await Promise.all([cache.get('letter'), cache.get('letter'), cache.get('a4')]);
    await cache.get('letter');
    expect(builds).toBe(2);
  });

  it('reads a filled journal’s fields back, Unicode names included', async () => {
    const filled = await fillJournal(letter.bytes);
    const values = await formValues(filled);
    expect(isJournalForm(values.keys())).toBe(true);
    const journal = journalFromFields(values);
    expect(journal.version).toBe('1');
    expect(journal.ancestors.map((a) => a.name)).toEqual([
      'Łukasz Nowak',
      'Nguyễn Thị Lan',
      'Søren Kierkegaard Jensen',
      'Zoë Müller',
      'François Lefèvre',
    ]);
    const lukasz = journal.ancestors[0]!;
    expect(lukasz).toMatchObject({
      number: 1,
      relationship: 'great-great-grandfather',
      birth: { date: '12 Mar 1850', place: 'Kraków, Poland' },
      marriage: { date: '3 Jun 1875', place: 'Kraków, Poland', spouse: 'Zofia Kowalska' },
      father: 'Jan Nowak',
      mother: 'Agnieszka Wiśniewska',
      children: ['Józef Nowak, b. 1876', 'Maria Nowak (1879-1950)'],
      residences: ['1850 Kraków, Poland', '1890 Chicago, Illinois'],
    });
    expect(journal.ancestors[2]!.birth).toEqual({ date: '5 May 1813', place: 'Copenhagen, Denmark' });
    expect(journal.sourcesSearched.map((s) => s.key)).toEqual(['census', 'church', 'immigration']);
    expect(journal.sourcesSearched[0]!.notes).toBe('1900 and 1910 US census, Chicago');
    expect(journal.log).toHaveLength(2);
    expect(journal.log[0]).toEqual({
      date: '5 Jan 2026',
      repository: 'Archiwum Narodowe w Krakowie',
      source: 'Parish register, St Mary, baptisms 1850',
      result: 'Found the baptism of Łukasz, son of Jan and Agnieszka',
    });
    expect(journal.project.goal).toContain('Łukasz Nowak');
    expect(journal.findings.conflicts).toBe(FILLED['findings.conflicts']);
  });

  it('turns the journal into people with their roles, normalised dates and places', async () => {
    const journal = journalFromFields(await formValues(await fillJournal(letter.bytes)));
    const e = journalEntities(journal, defaultGazetteer());
    expect(e.documentType).toBe('journal');
    expect(e.peopleIdentified.filter((p) => p.role === 'primary_subject').map((p) => p.name)).toHaveLength(5);
    expect(e.peopleIdentified).toEqual(
      expect.arrayContaining([
        { name: 'Zofia Kowalska', role: 'spouse' },
        { name: 'Jan Nowak', role: 'parent' },
        { name: 'Agnieszka Wiśniewska', role: 'parent' },
        { name: 'Józef Nowak', role: 'child' },
        { name: 'Maria Nowak', role: 'child' },
        { name: 'Ane Sørensdatter', role: 'spouse' },
      ]),
    );
    const dates = e.dateInfo.map((d) => `${d.normalized}:${d.qualifier}`);
    expect(dates).toEqual(
      expect.arrayContaining([
        '1850-03-12:exact',
        '1875-06-03:exact',
        '1920-02-02:exact',
        '1885:about',
        '1801:before',
        '1813-05-05:exact',
      ]),
    );
    // The research log's dates are when the research was done, not family history.
    expect(dates.some((d) => d.startsWith('2026'))).toBe(false);
    const places = e.geographicalInfo.map((g) => `${g.kind}:${g.name}`);
    expect(places).toEqual(
      expect.arrayContaining([
        'town:Kraków',
        'country:Poland',
        'town:Chicago',
        'state:Illinois',
        'town:Huế',
        'town:Copenhagen',
        'country:Denmark',
        'town:Bremen',
      ]),
    );
    expect(e.geographicalInfo.find((g) => g.name === 'Kraków')?.countryCode).toBe('PL');
    expect(e.occupations).toEqual(['tailor']);
    expect(e.tags).toEqual(expect.arrayContaining(['journal', '1850s', 'Poland']));
  });

  it('renders the journal as readable sentences for search and Gene', () => {
    const journal = journalFromFields(new Map(Object.entries({ ...FILLED, [VERSION_FIELD]: '1' })));
    const text = journalText(journal);
    expect(text).toContain('Łukasz Nowak was born on 12 Mar 1850 in Kraków, Poland.');
    expect(text).toContain('Łukasz Nowak married Zofia Kowalska on 3 Jun 1875 in Kraków, Poland.');
    expect(text).toContain('Parents of Łukasz Nowak: father Jan Nowak, mother Agnieszka Wiśniewska.');
    expect(text).toContain('Research log:\n- 5 Jan 2026 | Archiwum Narodowe w Krakowie');
    expect(text).toContain('- Census returns: 1900 and 1910 US census, Chicago');
  });

  it('keeps a child’s name without the years written after it', () => {
    expect(personName('Józef Nowak, b. 1876')).toBe('Józef Nowak');
    expect(personName('Maria Nowak (1879-1950)')).toBe('Maria Nowak');
    expect(personName('Anna born 1880')).toBe('Anna');
  });

  it('recognises only the journal’s form: not other forms, not PDFs without one', async () => {
    const other = await PDFDocument.create();
    const page = other.addPage();
    for (const name of ['name', 'address', 'phone'])
      other.getForm().createTextField(name).addToPage(page, { x: 10, y: 10 });
    const otherBytes = await other.save();
    expect(isJournalForm((await formValues(otherBytes)).keys())).toBe(false);
    const dir = tmpdir();
    const plain = path.join(dir, `plain-${process.pid}.pdf`);
    const noForm = await PDFDocument.create();
    noForm.addPage();
    await writeFile(plain, await noForm.save());
    expect(await readJournalForm(plain, 1000)).toBeNull();
    const filled = path.join(dir, `filled-${process.pid}.pdf`);
    await writeFile(filled, await fillJournal(letter.bytes));
    const read = await readJournalForm(filled, 1000);
    expect(read?.journal.ancestors).toHaveLength(5);
    expect(read?.entities.documentType).toBe('journal');
    // A reader that drops the hidden version field: the journal's own field names still tell.
    const names = journalFieldNames().filter((n) => n !== VERSION_FIELD);
    expect(isJournalForm(names)).toBe(true);
    expect(isJournalForm(['ancestor1.name', 'log.1.date'])).toBe(false);
  });

  it('reads an empty journal as a journal with no ancestors', async () => {
    const journal = journalFromFields(await formValues(letter.bytes));
    expect(journal.ancestors).toEqual([]);
    expect(journalText(journal)).toContain('has not been filled in yet');
  });
});
