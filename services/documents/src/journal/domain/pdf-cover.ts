import type { PDFPage } from 'pdf-lib';
import { HOW_TO_USE, JOURNAL_TITLE, JOURNAL_SUBTITLE, SECTIONS } from './layout';
import { type Ctx, INK, MARGIN_BOTTOM, MARGIN_TOP, MARGIN_X, paragraph, RULE, SOFT, TINT, wrap } from './pdf-draw';

/* The journal's cover (title, how to use it, contents, a note) and every page's footer. */

export function drawCover(ctx: Ctx, page: PDFPage) {
  const left = MARGIN_X;
  const contentWidth = ctx.width - 2 * MARGIN_X;
  let y = ctx.height - MARGIN_TOP - 30;
  page.drawText('GNOLOGY', { x: left, y, size: 9, font: ctx.text, color: SOFT });
  y -= 44;
  page.drawText(JOURNAL_TITLE, { x: left, y, size: 34, font: ctx.heading, color: INK });
  y -= 24;
  page.drawText(JOURNAL_SUBTITLE, { x: left, y, size: 13, font: ctx.text, color: SOFT });
  y -= 18;
  page.drawLine({ start: { x: left, y }, end: { x: ctx.width - MARGIN_X, y }, thickness: 1.2, color: INK });

  y -= 34;
  page.drawText('How to use this journal', { x: left, y, size: 15, font: ctx.heading, color: INK });
  y -= 20;
  HOW_TO_USE.forEach((step, i) => {
    page.drawText(`${i + 1}`, { x: left, y, size: 10, font: ctx.heading, color: INK });
    y =
      paragraph(page, ctx.text, step, {
        x: left + 18,
        y,
        size: 9.5,
        width: contentWidth - 18,
        leading: 13.5,
        color: INK,
      }) - 6;
  });

  y -= 16;
  page.drawText('Contents', { x: left, y, size: 15, font: ctx.heading, color: INK });
  y -= 20;
  for (const section of SECTIONS) {
    const label = `${section.number}.  ${section.title}`;
    const pageNo = String(section.number + 1);
    page.drawText(label, { x: left, y, size: 10, font: ctx.text, color: INK });
    const end = ctx.width - MARGIN_X;
    const numberWidth = ctx.text.widthOfTextAtSize(pageNo, 10);
    page.drawText(pageNo, { x: end - numberWidth, y, size: 10, font: ctx.text, color: INK });
    const dotsFrom = left + ctx.text.widthOfTextAtSize(label, 10) + 6;
    page.drawLine({
      start: { x: dotsFrom, y: y + 2 },
      end: { x: end - numberWidth - 6, y: y + 2 },
      thickness: 0.5,
      color: RULE,
      dashArray: [1, 3],
    });
    y -= 17;
  }

  y -= 18;
  const note =
    'Fill it in on screen in any PDF reader and save it, or print it and write by hand. Keep the saved file as it is: Gene reads the typed fields when you upload it. Dates: day, month, year (12 Mar 1850); abt, bef or aft for estimates.';
  const boxTop = y + 12;
  const lines = wrap(ctx.text, note, 9, contentWidth - 24);
  const boxHeight = lines.length * 13 + 16;
  page.drawRectangle({
    x: left,
    y: boxTop - boxHeight,
    width: contentWidth,
    height: boxHeight,
    color: TINT,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  paragraph(page, ctx.text, note, {
    x: left + 12,
    y: boxTop - 18,
    size: 9,
    width: contentWidth - 24,
    leading: 13,
    color: INK,
  });
}

export function drawFooter(ctx: Ctx, page: PDFPage, pageNo: number, total: number) {
  const y = MARGIN_BOTTOM - 22;
  page.drawLine({
    start: { x: MARGIN_X, y: y + 12 },
    end: { x: ctx.width - MARGIN_X, y: y + 12 },
    thickness: 0.5,
    color: RULE,
  });
  const section = SECTIONS[pageNo - 2];
  const left = section
    ? `${JOURNAL_TITLE}  \u00b7  Section ${section.number}: ${section.short}`
    : `${JOURNAL_TITLE}  \u00b7  version ${ctx.version}  \u00b7  ${ctx.paper === 'a4' ? 'A4' : 'US Letter'}`;
  page.drawText(left, { x: MARGIN_X, y, size: 7.5, font: ctx.text, color: SOFT });
  const right = `Page ${pageNo} of ${total}`;
  page.drawText(right, {
    x: ctx.width - MARGIN_X - ctx.text.widthOfTextAtSize(right, 7.5),
    y,
    size: 7.5,
    font: ctx.text,
    color: SOFT,
  });
}
