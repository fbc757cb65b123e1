import { type PDFPage, popGraphicsState, pushGraphicsState, rgb, rotateDegrees, translate } from 'pdf-lib';
import { PAGE, STYLE_LAYOUTS } from '../../domain/layout';
import { metadataLines } from '../../domain/photo-metadata';
import { belowPhoto, drawCentred, flowText, metadataSentence, photoCountLabel, type StyleDesign } from '../theme';

const PAPER = rgb(0.918, 0.863, 0.757);
const PAPER_EDGE = rgb(0.86, 0.78, 0.64);
const BROWN = rgb(0.29, 0.2, 0.125);
const SOFT_BROWN = rgb(0.43, 0.32, 0.21);
const PRINT = rgb(0.985, 0.972, 0.94);
const CORNER = rgb(0.2, 0.14, 0.09);
const W = PAGE.width;
const H = PAGE.height;

// A corner flourish in SVG path units (y down), drawn at the top-left corner and mirrored for the others.
const FLOURISH =
  'M 0 0 L 46 0 M 0 0 L 0 46 M 6 6 L 30 6 M 6 6 L 6 30 M 12 12 C 24 12 30 18 30 30 C 30 22 22 18 16 20 C 20 16 22 10 12 12 Z M 40 0 C 44 4 48 4 52 0 M 0 40 C 4 44 4 48 0 52';

/** Vintage: aged sepia paper with ornamental corners, photos as toned prints with white borders and photo corners, serif italics. */
export const vintage: StyleDesign = {
  style: 'vintage',
  fonts: ['playfairItalic', 'loraItalic', 'loraRegular'],
  layout: STYLE_LAYOUTS.vintage,
  fill: false,
  treatment: 'sepia',

  cover(page, f, info) {
    paper(page);
    const cx = W / 2;
    drawCentred(page, '~ Our Family ~', cx, H * 0.72, { font: f.playfairItalic, size: 15, color: SOFT_BROWN });
    const after = flowText(
      page,
      { x: 90, y: H * 0.45, width: W - 180, height: H * 0.72 - 28 - H * 0.45 },
      [{ text: info.title, font: f.playfairItalic, size: 36, color: BROWN, leading: 1.2 }],
      'center',
    );
    divider(page, cx, after - 24);
    flowText(
      page,
      { x: 110, y: 160, width: W - 220, height: after - 50 - 160 },
      [{ text: info.description, font: f.loraItalic, size: 12.5, color: BROWN, leading: 1.55 }],
      'center',
    );
    drawCentred(page, `Compiled ${info.dateLabel}`, cx, 104, { font: f.loraItalic, size: 10.5, color: SOFT_BROWN });
    drawCentred(page, photoCountLabel(info.photoCount), cx, 88, { font: f.loraItalic, size: 10.5, color: SOFT_BROWN });
  },

  page(page, f, n) {
    paper(page);
    drawCentred(page, `~ ${n} ~`, W / 2, 50, { font: f.playfairItalic, size: 11, color: SOFT_BROWN });
  },

  photo(page, image, rect, _box, index) {
    // Prints are mounted by hand: each sits a little askew, alternately left and right.
    const cx = rect.x + rect.width / 2;
    const cy = rect.y + rect.height / 2;
    page.pushOperators(
      pushGraphicsState(),
      translate(cx, cy),
      rotateDegrees(index % 2 === 0 ? -1.2 : 1.4),
      translate(-cx, -cy),
    );
    const border = 10;
    const print = {
      x: rect.x - border,
      y: rect.y - border,
      width: rect.width + 2 * border,
      height: rect.height + 2 * border,
    };
    page.drawRectangle({ ...print, x: print.x + 3, y: print.y - 4, color: BROWN, opacity: 0.22 });
    page.drawRectangle({ ...print, color: PRINT, borderColor: PAPER_EDGE, borderWidth: 0.4 });
    page.drawImage(image, rect);
    // Black paper photo corners holding the print, as in an old album.
    const c = 22;
    const corners: [number, number, string][] = [
      [print.x - 4, print.y + print.height + 4, `M 0 0 L ${c} 0 L 0 ${c} Z`],
      [print.x + print.width + 4, print.y + print.height + 4, `M 0 0 L ${-c} 0 L 0 ${c} Z`],
      [print.x - 4, print.y - 4, `M 0 0 L ${c} 0 L 0 ${-c} Z`],
      [print.x + print.width + 4, print.y - 4, `M 0 0 L ${-c} 0 L 0 ${-c} Z`],
    ];
    for (const [x, y, path] of corners) page.drawSvgPath(path, { x, y, color: CORNER, opacity: 0.92 });
    page.pushOperators(popGraphicsState());
  },

  words(page, f, slotBox, text, includeMetadata, photo) {
    const box = belowPhoto(slotBox, photo, 34);
    const meta = includeMetadata ? metadataSentence(metadataLines(text)) : '';
    flowText(
      page,
      box,
      [
        { text: text.caption, font: f.playfairItalic, size: 18, color: BROWN, maxLines: 2, leading: 1.25 },
        { text: meta, font: f.loraItalic, size: 9.5, color: SOFT_BROWN, before: 4, maxLines: 3 },
        { text: text.description, font: f.loraItalic, size: 11, color: BROWN, before: 8, leading: 1.5 },
      ],
      'center',
    );
  },
};

function paper(page: PDFPage) {
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: PAPER_EDGE });
  page.drawRectangle({ x: 12, y: 12, width: W - 24, height: H - 24, color: PAPER });
  page.drawRectangle({ x: 32, y: 32, width: W - 64, height: H - 64, borderColor: SOFT_BROWN, borderWidth: 0.6 });
  const inset = 40;
  const opts = { color: undefined, borderColor: SOFT_BROWN, borderWidth: 0.9 };
  page.drawSvgPath(FLOURISH, { x: inset, y: H - inset, ...opts, scale: 1 });
  page.drawSvgPath(FLOURISH, {
    x: W - inset,
    y: H - inset,
    ...opts,
    scale: 1,
    rotate: { type: 'degrees', angle: -90 } as never,
  });
  page.drawSvgPath(FLOURISH, {
    x: W - inset,
    y: inset,
    ...opts,
    scale: 1,
    rotate: { type: 'degrees', angle: 180 } as never,
  });
  page.drawSvgPath(FLOURISH, {
    x: inset,
    y: inset,
    ...opts,
    scale: 1,
    rotate: { type: 'degrees', angle: 90 } as never,
  });
}

function divider(page: PDFPage, cx: number, y: number) {
  page.drawLine({ start: { x: cx - 80, y }, end: { x: cx - 12, y }, thickness: 0.7, color: SOFT_BROWN });
  page.drawLine({ start: { x: cx + 12, y }, end: { x: cx + 80, y }, thickness: 0.7, color: SOFT_BROWN });
  page.drawCircle({ x: cx, y, size: 3, borderColor: SOFT_BROWN, borderWidth: 0.8 });
  page.drawCircle({ x: cx - 12, y, size: 1.2, color: SOFT_BROWN });
  page.drawCircle({ x: cx + 12, y, size: 1.2, color: SOFT_BROWN });
}
