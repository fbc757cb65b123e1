import { rgb } from 'pdf-lib';
import { LANDSCAPE_PAGE, STYLE_LAYOUTS } from '../../domain/layout';
import { metadataLines } from '../../domain/photo-metadata';
import { drawLine, flowText, lineWidth, metadataSentence, photoCountLabel, type StyleDesign } from '../theme';

const INK = rgb(0.13, 0.13, 0.13);
const GREY = rgb(0.45, 0.45, 0.45);
const LIGHT = rgb(0.62, 0.62, 0.62);
const W = LANDSCAPE_PAGE.width;
const H = LANDSCAPE_PAGE.height;
const MARGIN = 64;

/** Minimal: white landscape pages, small sans captions, four photos a page in a quiet grid, no ornament. */
export const minimal: StyleDesign = {
  style: 'minimal',
  fonts: ['interLight', 'interRegular', 'interSemiBold'],
  layout: STYLE_LAYOUTS.minimal,
  fill: false,
  treatment: 'natural',

  cover(page, f, info) {
    const after = flowText(page, { x: MARGIN, y: H * 0.45, width: W - 2 * MARGIN - 40, height: H * 0.66 - H * 0.45 }, [
      { text: info.title, font: f.interLight, size: 30, color: INK, leading: 1.2 },
    ]);
    page.drawLine({
      start: { x: MARGIN, y: after - 20 },
      end: { x: MARGIN + 36, y: after - 20 },
      thickness: 0.75,
      color: INK,
    });
    flowText(page, { x: MARGIN, y: 160, width: W * 0.6, height: after - 44 - 160 }, [
      { text: info.description, font: f.interLight, size: 10.5, color: GREY, leading: 1.6 },
    ]);
    drawLine(page, `${photoCountLabel(info.photoCount)} — ${info.dateLabel}`, {
      x: MARGIN,
      y: 64,
      font: f.interRegular,
      size: 7.5,
      color: LIGHT,
      tracking: 0.3,
    });
  },

  page(page, f, n) {
    const label = String(n);
    drawLine(page, label, {
      x: W - MARGIN - lineWidth(label, f.interLight, 8),
      y: 48,
      font: f.interLight,
      size: 8,
      color: LIGHT,
    });
  },

  photo(page, image, rect, box) {
    // Photos sit on the caption line: bottom-aligned, left-aligned to the column.
    page.drawImage(image, { ...rect, x: box.x, y: box.y });
  },

  words(page, f, box, text, includeMetadata) {
    const meta = includeMetadata ? metadataSentence(metadataLines(text), ' · ') : '';
    flowText(page, box, [
      { text: text.caption, font: f.interSemiBold, size: 8.5, color: INK, maxLines: 1, leading: 1.3 },
      { text: meta, font: f.interRegular, size: 6.8, color: LIGHT, before: 1, maxLines: 2, leading: 1.4 },
      { text: text.description, font: f.interLight, size: 7.5, color: GREY, before: 2, maxLines: 4, leading: 1.45 },
    ]);
  },
};
