import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderAlbumPdf } from '../src/pdf/render-album';
import { syntheticPhoto } from './fixtures/photos';

/** A4 in PDF points. */
const A4 = { long: 841.89, short: 595.28 };

async function pageSizes(style: 'minimal' | 'classic', photoCount: number) {
  const photo = await syntheticPhoto({ width: 640, height: 480, seed: 3 });
  const { bytes } = await renderAlbumPdf({
    title: 'Whitfields of Leeds',
    description: 'Summers at the coast.',
    style,
    includeMetadata: true,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    photos: Array.from({ length: photoCount }, (_, i) => ({
      name: `p${i}.jpg`,
      text: {
        caption: `Photo ${i + 1}`,
        description: 'On the pier.',
        people: ['Thomas'],
        date: '1921',
        place: 'Leeds',
      },
      open: async () => photo,
    })),
  });
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((p) => p.getSize());
}

/** Issue 30: "Minimal" is described as white landscape pages; its PDF was portrait A4. */
describe('album page sizes', () => {
  it('renders every page of a Minimal album, cover included, as landscape A4', async () => {
    const sizes = await pageSizes('minimal', 5);
    expect(sizes).toHaveLength(3);
    for (const size of sizes) {
      expect(size.width).toBeCloseTo(A4.long, 1);
      expect(size.height).toBeCloseTo(A4.short, 1);
    }
  });

  it('keeps the other styles on portrait A4', async () => {
    const sizes = await pageSizes('classic', 1);
    expect(sizes).toHaveLength(2);
    for (const size of sizes) {
      expect(size.width).toBeCloseTo(A4.short, 1);
      expect(size.height).toBeCloseTo(A4.long, 1);
    }
  });
});
