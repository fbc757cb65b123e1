import { type PDFPage, rgb } from 'pdf-lib';
import { PAGE, STYLE_LAYOUTS } from '../../domain/layout';
import { metadataLines } from '../../domain/photo-metadata';
import { belowPhoto, drawCentred, flowText, metadataSentence, photoCountLabel, type StyleDesign } from '../theme';

const CREAM = rgb(0.984, 0.969, 0.933);
const INK = rgb(0.18, 0.15, 0.1);
const MUTED = rgb(0.48, 0.42, 0.31);
const RULE = rgb(0.55, 0.48, 0.36);
const W = PAGE.width;
const H = PAGE.height;

/** Classic: serif type on cream paper inside a thin double rule, one photo a page, centred. */
export const classic: StyleDesign = {
  style: 'classic',
  fonts: ['playfairRegular', 'loraRegular', 'loraItalic'],
  layout: STYLE_LAYOUTS.classic,
  fill: false,
  treatment: 'natural',

  cover(page, f, info) {
    paper(page);
    const cx = W / 2;
    drawCentred(page, 'A FAMILY ALBUM', cx, H * 0.7, { font: f.loraRegular, size: 9, color: MUTED, tracking: 3 });
    const after = flowText(
      page,
      { x: 90, y: H * 0.42, width: W - 180, height: H * 0.7 - 30 - H * 0.42 },
      [{ text: info.title, font: f.playfairRegular, size: 34, color: INK, leading: 1.2 }],
      'center',
    );
    const ruleY = after - 22;
    page.drawLine({ start: { x: cx - 60, y: ruleY }, end: { x: cx - 8, y: ruleY }, thickness: 0.6, color: RULE });
    page.drawLine({ start: { x: cx + 8, y: ruleY }, end: { x: cx + 60, y: ruleY }, thickness: 0.6, color: RULE });
    page.drawSvgPath('M 0 -3.2 L 3.2 0 L 0 3.2 L -3.2 0 Z', { x: cx, y: ruleY, color: RULE });
    flowText(
      page,
      { x: 110, y: 150, width: W - 220, height: ruleY - 26 - 150 },
      [{ text: info.description, font: f.loraItalic, size: 12, color: INK, leading: 1.5 }],
      'center',
    );
    drawCentred(page, `${info.dateLabel}  ·  ${photoCountLabel(info.photoCount)}`, cx, 90, {
      font: f.loraRegular,
      size: 10,
      color: MUTED,
      tracking: 0.6,
    });
  },

  page(page, f, n) {
    paper(page);
    drawCentred(page, `— ${n} —`, W / 2, 46, { font: f.loraRegular, size: 9, color: MUTED });
  },

  photo(page, image, rect) {
    page.drawImage(image, rect);
    page.drawRectangle({
      x: rect.x - 5,
      y: rect.y - 5,
      width: rect.width + 10,
      height: rect.height + 10,
      borderColor: RULE,
      borderWidth: 0.5,
    });
  },

  words(page, f, slotBox, text, includeMetadata, photo) {
    const box = belowPhoto(slotBox, photo, 24);
    const meta = includeMetadata ? metadataSentence(metadataLines(text)) : '';
    flowText(
      page,
      { x: box.x + 30, y: box.y, width: box.width - 60, height: box.height },
      [
        { text: text.caption, font: f.playfairRegular, size: 17, color: INK, maxLines: 2, leading: 1.25 },
        { text: meta, font: f.loraItalic, size: 9.5, color: MUTED, before: 4, maxLines: 3 },
        { text: text.description, font: f.loraRegular, size: 10.5, color: INK, before: 8, leading: 1.45 },
      ],
      'center',
    );
  },
};

/** Cream paper and the double rule frame. */
function paper(page: PDFPage) {
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: CREAM });
  page.drawRectangle({ x: 30, y: 30, width: W - 60, height: H - 60, borderColor: RULE, borderWidth: 0.9 });
  page.drawRectangle({ x: 35, y: 35, width: W - 70, height: H - 70, borderColor: RULE, borderWidth: 0.35 });
}
