import { rgb } from 'pdf-lib';
import { PAGE, STYLE_LAYOUTS } from '../../domain/layout';
import { metadataLines } from '../../domain/photo-metadata';
import { wrapText } from '../../domain/text-wrap';
import { drawLine, flowText, lineWidth, photoCountLabel, type StyleDesign } from '../theme';

const INK = rgb(0.07, 0.08, 0.1);
const BODY = rgb(0.27, 0.29, 0.32);
const ACCENT = rgb(0.894, 0.341, 0.18);
const PANEL = rgb(0.93, 0.94, 0.95);
const DARK = rgb(0.12, 0.16, 0.2);
const W = PAGE.width;
const H = PAGE.height;

/** Modern: sans type on white, two wide photos a page edge to edge, a bold accent bar. */
export const modern: StyleDesign = {
  style: 'modern',
  fonts: ['interExtraBold', 'interSemiBold', 'interRegular'],
  layout: STYLE_LAYOUTS.modern,
  fill: true,
  treatment: 'natural',

  cover(page, f, info) {
    const blockBottom = H * 0.42;
    page.drawRectangle({ x: 0, y: blockBottom, width: W, height: H - blockBottom, color: DARK });
    page.drawRectangle({ x: 44, y: blockBottom - 6, width: 120, height: 12, color: ACCENT });
    drawLine(page, 'FAMILY ALBUM', {
      x: 44,
      y: H - 80,
      font: f.interSemiBold,
      size: 9,
      color: rgb(1, 1, 1),
      tracking: 2.5,
    });
    // The title sits on the block's lower edge and grows upwards.
    const titleBox = { x: 44, y: blockBottom + 36, width: W - 88, height: H - blockBottom - 160 };
    const lines = wrapText(info.title, titleBox.width, (t) => f.interExtraBold.widthOfTextAtSize(t, 40), 4);
    let y = titleBox.y + (lines.length - 1) * 44;
    for (const line of lines) {
      drawLine(page, line, { x: 44, y, font: f.interExtraBold, size: 40, color: rgb(1, 1, 1) });
      y -= 44;
    }
    flowText(page, { x: 44, y: 140, width: W - 120, height: blockBottom - 50 - 140 }, [
      { text: info.description, font: f.interRegular, size: 12, color: BODY, leading: 1.55 },
    ]);
    drawLine(page, `${photoCountLabel(info.photoCount).toUpperCase()}  ·  ${info.dateLabel.toUpperCase()}`, {
      x: 44,
      y: 64,
      font: f.interSemiBold,
      size: 8.5,
      color: INK,
      tracking: 1.6,
    });
  },

  page(page, f, n) {
    const label = String(n).padStart(2, '0');
    const width = lineWidth(label, f.interExtraBold, 10);
    page.drawRectangle({ x: W - 44 - width - 12, y: 18, width: width + 12, height: 20, color: ACCENT });
    drawLine(page, label, { x: W - 44 - width - 6, y: 24, font: f.interExtraBold, size: 10, color: rgb(1, 1, 1) });
  },

  photo(page, image, rect, box) {
    // A photo that would lose too much to a crop sits whole on a quiet panel the size of the box.
    if (rect.width < box.width - 0.5 || rect.height < box.height - 0.5) page.drawRectangle({ ...box, color: PANEL });
    page.drawImage(image, rect);
  },

  words(page, f, box, text, includeMetadata) {
    page.drawRectangle({ x: box.x, y: box.y + box.height + 10, width: 40, height: 7, color: ACCENT });
    const meta = includeMetadata
      ? metadataLines(text)
          .map((l) => `${l.label}  ${l.value}`.toUpperCase())
          .join('\n')
      : '';
    flowText(page, box, [
      { text: text.caption, font: f.interExtraBold, size: 17, color: INK, maxLines: 4, leading: 1.2 },
      {
        text: meta,
        font: f.interSemiBold,
        size: 7.5,
        color: ACCENT,
        before: 8,
        maxLines: 6,
        tracking: 0.8,
        leading: 1.6,
      },
      { text: text.description, font: f.interRegular, size: 9.5, color: BODY, before: 10, leading: 1.5 },
    ]);
  },
};
