import type { AlbumStyle } from '@gnology/contracts';

/** A rectangle in PDF points, origin at the page's bottom left (pdf-lib's coordinates). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where one photo and its words go on a page. */
export interface Slot {
  photo: Rect;
  text: Rect;
}

/** A page's paper size and photo positions for one style. */
export interface PageLayout {
  /** The paper, in PDF points: every page of the album, the cover included. */
  page: { width: number; height: number };
  slots: Slot[];
}

/** A4 portrait: the paper of classic, modern and vintage (the print shops' common size outside North America). */
export const PAGE = { width: 595.28, height: 841.89 } as const;

/** A4 landscape: minimal's paper ("white landscape pages", the style picker's promise; issue 30). */
export const LANDSCAPE_PAGE = { width: PAGE.height, height: PAGE.width } as const;

/** Print resolution of embedded photos. */
export const PRINT_DPI = 300;

const W = PAGE.width;
const H = PAGE.height;

/**
 * The page grid of each style. Classic and vintage give a photo the page; modern stacks two wide
 * photos edge to edge; minimal sets four in a quiet grid with wide margins on a landscape page.
 */
export const STYLE_LAYOUTS: Record<AlbumStyle, PageLayout> = {
  classic: {
    page: PAGE,
    slots: [
      { photo: { x: 84, y: 318, width: W - 168, height: 440 }, text: { x: 84, y: 80, width: W - 168, height: 660 } },
    ],
  },
  vintage: {
    page: PAGE,
    slots: [
      { photo: { x: 104, y: 340, width: W - 208, height: 400 }, text: { x: 90, y: 84, width: W - 180, height: 640 } },
    ],
  },
  // Magazine spreads: each photo bleeds off one side of the page, its words in the column beside it.
  modern: {
    page: PAGE,
    slots: [
      {
        photo: { x: 0, y: H - 40 - 360, width: 350, height: 360 },
        text: { x: 350 + 30, y: H - 40 - 360, width: W - 350 - 30 - 44, height: 360 - 24 },
      },
      {
        photo: { x: W - 350, y: 64, width: 350, height: 360 },
        text: { x: 44, y: 64, width: W - 350 - 30 - 44, height: 360 - 24 },
      },
    ],
  },
  minimal: {
    page: LANDSCAPE_PAGE,
    slots: gridSlots(LANDSCAPE_PAGE, {
      columns: 2,
      rows: 2,
      margin: 64,
      top: 56,
      bottom: 72,
      gapX: 40,
      gapY: 26,
      textHeight: 58,
    }),
  },
};

function gridSlots(
  page: { width: number; height: number },
  g: {
    columns: number;
    rows: number;
    margin: number;
    top: number;
    bottom: number;
    gapX: number;
    gapY: number;
    textHeight: number;
  },
): Slot[] {
  const cellW = (page.width - 2 * g.margin - (g.columns - 1) * g.gapX) / g.columns;
  const cellH = (page.height - g.top - g.bottom - (g.rows - 1) * g.gapY) / g.rows;
  const slots: Slot[] = [];
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.columns; c++) {
      const x = g.margin + c * (cellW + g.gapX);
      const top = page.height - g.top - r * (cellH + g.gapY);
      slots.push({
        photo: { x, y: top - (cellH - g.textHeight), width: cellW, height: cellH - g.textHeight },
        text: { x, y: top - cellH, width: cellW, height: g.textHeight - 8 },
      });
    }
  }
  return slots;
}

/** Splits the album's photos (by index) into pages of the style's slot count. */
export function paginate(photoCount: number, perPage: number): number[][] {
  const pages: number[][] = [];
  for (let i = 0; i < photoCount; i += perPage)
    pages.push(Array.from({ length: Math.min(perPage, photoCount - i) }, (_, k) => i + k));
  return pages;
}

/** The largest rectangle of the image's proportions inside `box`, centred (nothing cropped). */
export function fitContain(imageWidth: number, imageHeight: number, box: Rect): Rect {
  const scale = Math.min(box.width / imageWidth, box.height / imageHeight);
  const width = imageWidth * scale;
  const height = imageHeight * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/**
 * Whether a photo fills its box (cropped to it) or sits inside it whole: filled only when little
 * would be cut (a portrait photo in a wide box would lose heads).
 */
export function shouldFill(imageWidth: number, imageHeight: number, box: Rect, maxCut = 0.3): boolean {
  const imageRatio = imageWidth / imageHeight;
  const boxRatio = box.width / box.height;
  const kept = imageRatio > boxRatio ? boxRatio / imageRatio : imageRatio / boxRatio;
  return 1 - kept <= maxCut;
}

/**
 * Pixel size to resize a photo to for a printed rectangle: PRINT_DPI at its printed size, never
 * more pixels than the original has (upscaling adds bytes, not detail).
 */
export function printPixels(
  printed: Pick<Rect, 'width' | 'height'>,
  original: { width: number; height: number },
  dpi = PRINT_DPI,
): { width: number; height: number } {
  const width = Math.round((printed.width / 72) * dpi);
  const height = Math.round((printed.height / 72) * dpi);
  const scale = Math.min(1, original.width / width, original.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
