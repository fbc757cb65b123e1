import type { BookMaterial, BookPerson } from './book-material';
import type { Block, Run } from './manuscript';
import type { RegisterNotes } from './register-notes';
import { capitalize, countWord, lifeYears, mergeRuns, personRun, plural, possessive, text } from './register-words';

/* The register's introduction (what the book covers) and conclusion (what the records leave open). */

const para = (runs: Run[]): Block => ({ kind: 'paragraph', runs: mergeRuns(runs) });

function reach(k: number, up: boolean): string {
  if (k === 1) return up ? 'parents' : 'children';
  if (k === 2) return up ? 'grandparents' : 'grandchildren';
  const greats = k - 2;
  return `${greats === 1 ? 'great-' : `${greats}× great-`}${up ? 'grandparents' : 'grandchildren'}`;
}

export function introductionBlocks(
  material: BookMaterial,
  opts: { title: string; generations: number },
  numbers: ReadonlyMap<string, number>,
  chapterCount: number,
): Block[] {
  const root = material.people.find((p) => p.id === material.rootId)!;
  const up = Math.max(0, ...material.people.filter((p) => numbers.has(p.id)).map((p) => p.generation));
  const down = Math.max(0, ...material.people.filter((p) => numbers.has(p.id)).map((p) => -p.generation));
  const years = lifeYears(root);
  const scope: string[] = [];
  if (up > 0) scope.push(`${possessive(root)} ancestors back to ${possessive(root)} ${reach(up, true)}`);
  if (down > 0) scope.push(`${possessive(root)} descendants down to ${possessive(root)} ${reach(down, false)}`);
  const blocks: Block[] = [
    para([
      text('This book, '),
      { text: opts.title, italic: true },
      text(', follows the family of '),
      personRun(root),
      text(years ? ` (${years})` : ''),
      text(scope.length > 0 ? `: ${scope.join(', and ')}.` : '.'),
    ]),
  ];
  const line = material.people.filter((p) => numbers.has(p.id)).length;
  const married = material.people.length - line;
  const generations = up + down + 1;
  const asked =
    up + 1 < opts.generations
      ? ` ${capitalize(plural(opts.generations, 'generation'))} were asked for; the records go back ${countWord(up + 1)}.`
      : '';
  blocks.push(
    para([
      text(
        `It names ${plural(material.people.length, 'person', 'people')}: ${plural(line, 'person', 'people')} of the direct line` +
          (married > 0 ? ` and ${plural(married, 'husband or wife', 'husbands and wives')} who married into it` : '') +
          `, over ${plural(generations, 'generation')} in ${plural(chapterCount, 'chapter')}.${asked}` +
          ` What it says rests on ${plural(material.sources.length, 'record')}, each cited in the notes at the end of the book.`,
      ),
    ]),
  );
  const firstDescendant = Math.min(
    ...material.people.filter((p) => p.generation < 0 && numbers.has(p.id)).map((p) => numbers.get(p.id)!),
  );
  const ancestors = material.people.filter((p) => numbers.has(p.id) && p.generation > 0).length;
  const descendants = material.people.filter((p) => numbers.has(p.id) && p.generation < 0).length;
  blocks.push(
    para([
      text(
        ancestors > 0
          ? `The people of the direct line are numbered as in an ahnentafel: ${root.name} is number 1, the father of number n is number 2n and the mother 2n + 1.`
          : `${root.name} is number 1.`,
      ),
      text(
        descendants > 0
          ? ` Descendants are numbered on from ${firstDescendant}, past every number an ancestor could take, generation by generation, each family’s children in order of birth.`
          : '',
      ),
      text(' Husbands and wives who married into the family are written within their partner’s entry.'),
    ]),
  );
  blocks.push(
    para([
      text(
        'Every statement of fact carries a note naming the record it comes from. Where records disagree, the text says so and a note gives what each record says. Where the records are silent the book is too: the conclusion lists what they leave open.',
      ),
    ]),
  );
  if (material.photos.length > 0) {
    blocks.push(
      para([
        text(
          `${capitalize(plural(material.photos.length, 'photograph'))} from the family’s collection ${material.photos.length === 1 ? 'appears' : 'appear'} beside the first person pictured, captioned with everyone named in ${material.photos.length === 1 ? 'it' : 'them'}.`,
        ),
      ]),
    );
  }
  if (material.chart) {
    blocks.push({
      kind: 'chart',
      title: material.chart.title,
      svg: material.chart.svg,
      ...(material.chart.pdf ? { pdf: material.chart.pdf } : {}),
    });
  }
  return blocks;
}

const has = (p: BookPerson, kinds: string[]) => p.events.some((e) => kinds.includes(e.kind));

/** The conflicts (their "how we know" notes again) and the facts the records do not give. */
export function conclusionBlocks(
  material: BookMaterial,
  opts: { generations: number },
  numbers: ReadonlyMap<string, number>,
  notes: RegisterNotes,
): Block[] {
  const line = material.people.filter((p) => numbers.has(p.id)).sort((a, b) => numbers.get(a.id)! - numbers.get(b.id)!);
  const byId = new Map(material.people.map((p) => [p.id, p]));
  const blocks: Block[] = [];
  const conflicts = material.people.filter((p) => p.conflicts.length > 0);
  if (conflicts.length > 0) {
    blocks.push(para([text('Where the records disagree:')]));
    for (const p of conflicts) {
      for (const c of p.conflicts) {
        blocks.push(
          para([
            personRun(p),
            text(`: ${c.message.trim().replace(/\.$/, '')}`),
            { text: '.', note: notes.howWeKnow(c.message, c.sources) },
          ]),
        );
      }
    }
  }
  const missing: Run[][] = [];
  for (const p of line) {
    const n = numbers.get(p.id)!;
    const gaps: string[] = [];
    const its = possessive(p);
    if (!has(p, ['birth', 'baptism'])) gaps.push(`${its} birth or baptism`);
    if (!has(p, ['death', 'burial'])) gaps.push(`${its} death or burial`);
    // The top generation asked for has no parents in the book by design; below it, a missing parent is a question.
    if (p.generation >= 0 && p.generation < opts.generations - 1) {
      const parents = p.parents.map((l) => byId.get(l.personId)).filter((x): x is BookPerson => !!x);
      const father =
        numbers.has(p.id) && [...numbers].some(([id, k]) => k === 2 * n && parents.some((x) => x.id === id));
      const mother = [...numbers].some(([id, k]) => k === 2 * n + 1 && parents.some((x) => x.id === id));
      if (!father && !mother) gaps.push(`${its} parents`);
      else if (!father) gaps.push(`${its} father`);
      else if (!mother) gaps.push(`${its} mother`);
    }
    if (gaps.length > 0)
      missing.push([text(`${n}. `), personRun(p), text(`: no record here gives ${joinWords(gaps)}.`)]);
  }
  if (missing.length > 0) {
    blocks.push(para([text('What the records do not say, person by person on the direct line:')]));
    for (const m of missing) blocks.push(para(m));
  }
  if (blocks.length === 0) {
    blocks.push(
      para([
        text(
          'The records in this book do not disagree, and each person of the direct line has a recorded birth and death.',
        ),
      ]),
    );
  } else {
    blocks.unshift(
      para([
        text(
          `These are the questions the records leave open: ${plural(
            conflicts.reduce((k, p) => k + p.conflicts.length, 0),
            'disagreement',
          )} between records and ${plural(missing.length, 'person', 'people')} of the direct line with facts still to find.`,
        ),
      ]),
    );
  }
  return blocks;
}

function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${items.length > 2 ? ',' : ''} or ${items[items.length - 1]}`;
}
