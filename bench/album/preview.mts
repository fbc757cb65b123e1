// Renders a short sample album (seven synthetic photos, Unicode names, a long description) in each
// style, to look at: npx tsx bench/album/preview.mts /tmp/albums [style ...], then pdftoppm the PDFs.
import { writeFileSync, mkdirSync } from 'node:fs';
import { renderAlbumPdf } from '../../services/album/src/pdf/render-album';
import { syntheticPhoto } from '../../services/album/test/fixtures/photos';
const dims = [
  [1600, 1200],
  [1200, 1600],
  [1800, 1000],
  [1000, 1000],
  [1600, 1200],
  [1200, 1600],
  [1500, 1000],
];
const names = [
  {
    caption: 'Łukasz and Zoë at the lake',
    people: ['Łukasz Kowalski', 'Zoë Brontë'],
    date: 'Summer 1952',
    location: 'Lake Bled, Slovenia',
    description:
      'The first summer after the war that the whole family could travel together. Grandmother packed bread, cheese and plums, and Łukasz insisted on rowing all the way across.',
  },
  {
    caption: 'Nguyễn Văn An',
    people: ['Nguyễn Văn An'],
    date: '1968',
    location: 'Huế',
    description: 'Portrait taken at the studio on Lê Lợi street.',
  },
  {
    caption: 'Søren’s wedding',
    people: ['Søren Kierkegård', 'Åsa Lindqvist'],
    date: '12 June 1975',
    location: 'Århus, Denmark',
    description: '',
  },
  { caption: '', people: [], description: 'A very long description that goes on and on. '.repeat(30) },
  { caption: 'Picnic', people: [], description: 'Sunday picnic.' },
  { caption: 'Grandpa José', people: ['José Peña'], date: '1931', location: 'Sevilla', description: 'In his uniform.' },
  { caption: 'The old house', people: [], date: 'c. 1900', description: 'Before the fire.' },
];
const photos = await Promise.all(dims.map(([w, h], i) => syntheticPhoto({ width: w!, height: h!, seed: i + 3 })));
const out = process.argv[2] ?? '/tmp/albums';
mkdirSync(out, { recursive: true });
const only = process.argv.slice(3);
for (const style of ['classic', 'modern', 'vintage', 'minimal'] as const) {
  if (only.length && !only.includes(style)) continue;
  const t = Date.now();
  const { bytes, pageCount } = await renderAlbumPdf({
    title: 'The Kowalski–Nguyễn Family, 1900–1975',
    description: 'Photographs from three generations, gathered by Zoë for Søren’s 80th birthday.',
    style,
    includeMetadata: true,
    createdAt: new Date('2026-11-23T10:00:00Z'),
    photos: photos.map((buf, i) => ({
      name: `p${i}.jpg`,
      open: async () => buf,
      text: {
        caption: names[i]!.caption || `IMG_00${i}`,
        description: names[i]!.description,
        people: names[i]!.people,
        date: names[i]!.date ?? null,
        place: names[i]!.location ?? null,
      },
    })),
  });
  writeFileSync(`${out}/${style}.pdf`, bytes);
  console.log(style, pageCount, bytes.length, Date.now() - t, 'ms');
}
