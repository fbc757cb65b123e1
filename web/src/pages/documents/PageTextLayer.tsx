import type { PageWordBox } from '@gnology/contracts';
import { type CSSProperties, Fragment } from 'react';
import type { Rect } from './highlight';

/** The layer's font, measured once per word to stretch it over its box (as pdf.js's text layer does). */
const FONT = 'serif';
let measurer: CanvasRenderingContext2D | null | undefined;

/** The width of `text` in em of the layer's font, or null where there is no canvas to measure with. */
function emWidth(text: string): number | null {
  if (measurer === undefined) {
    try {
      measurer = document.createElement('canvas').getContext('2d');
      if (measurer) measurer.font = `100px ${FONT}`;
    } catch {
      measurer = null;
    }
  }
  if (!measurer) return null;
  const width = measurer.measureText(text).width / 100;
  return width > 0 ? width : null;
}

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
const place = (r: Rect): CSSProperties => ({ left: pct(r.x), top: pct(r.y), width: pct(r.w), height: pct(r.h) });

/**
 * A page's OCR'd words over its image (issue 14, word positions): one transparent span per word,
 * placed and sized to its box, so the text can be selected and copied over the scan as in a PDF
 * viewer, and read by a screen reader. Words of a search match are <mark>s, and each match's
 * boxes are drawn under them. Laid over the image by ZoomableImage, it moves with zoom and pan.
 * `aspect` is the image's width over its height (to stretch each word to its box's width).
 */
export function PageTextLayer({
  words,
  hits,
  marks,
  aspect,
}: {
  words: readonly PageWordBox[];
  hits: ReadonlySet<number>;
  marks: readonly Rect[];
  aspect: number;
}) {
  return (
    <div className="page-text">
      {marks.map((r) => (
        <div key={`${r.x} ${r.y} ${r.w} ${r.h}`} className="page-text__mark" style={place(r)} />
      ))}
      {words.map((w, i) => {
        const Tag = hits.has(i) ? 'mark' : 'span';
        const em = emWidth(w.text);
        // The word's box is w.h of the page's height high and w.w of its width wide; its text is set
        // one box-height high and stretched across: (w.w * width) / (em * w.h * height).
        const stretch = em ? (w.w * aspect) / (em * w.h) : 1;
        const next = words[i + 1];
        const newLine = next && (next.y > w.y + w.h / 2 || next.x < w.x);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's words never reorder; the same text may repeat
          <Fragment key={i}>
            <Tag
              className="page-text__word"
              data-selectable-text=""
              style={
                {
                  ...place(w),
                  '--word-h': w.h,
                  '--word-stretch': Number.isFinite(stretch) ? stretch : 1,
                } as CSSProperties
              }
            >
              {w.text}
            </Tag>
            {/* A rendered space (white-space: pre) or line break, so copied text keeps its words apart. */}
            {newLine ? <br /> : <span className="page-text__gap"> </span>}
          </Fragment>
        );
      })}
    </div>
  );
}
