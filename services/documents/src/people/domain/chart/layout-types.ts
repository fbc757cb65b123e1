import { type ChartKind, type ChartPerson, lifeSpan } from './graph';
import { cut, fitName, type Measure } from './text-fit';

/* What a layout gives the SVG and PDF writers: shapes in chart units (1 unit = 1 CSS px = 0.75 pt at scale 1). */

export interface LabelLine {
  text: string;
  size: number;
  bold: boolean;
  /** The baseline's offset from the label's anchor, along the label's own vertical. */
  dy: number;
}

/** Lines centred on (x, y), turned `rotate` degrees clockwise (SVG's sense). */
export interface Label {
  x: number;
  y: number;
  rotate: number;
  lines: LabelLine[];
  /** Some line was shortened to fit: the full text goes in a <title> (and the link's name). */
  shortened: boolean;
}

export interface ChartBox {
  /** Unique within the chart (one person may be drawn twice). */
  key: string;
  person: ChartPerson;
  x: number;
  y: number;
  w: number;
  h: number;
  /** 0 for the chart's person, 1 for parents (pedigree) or children (descendants)... */
  generation: number;
  /** Drawn already elsewhere in this chart (pedigree collapse, cousin marriage, a loop): not followed further. */
  repeated: boolean;
  /** A descendant's partner, drawn beside them but not followed. */
  spouse: boolean;
  label: Label;
}

/** One sector of the fan: angles in radians, counter-clockwise from the right (π is the left end). */
export interface ChartWedge {
  key: string;
  /** null: a parent who is not recorded (drawn as an empty outline). */
  person: ChartPerson | null;
  generation: number;
  repeated: boolean;
  r0: number;
  r1: number;
  a0: number;
  a1: number;
  label: Label | null;
}

export interface ChartLine {
  points: readonly (readonly [number, number])[];
}

export interface ChartLayout {
  kind: ChartKind;
  generations: number;
  /** "Pedigree of Thomas Whitfield (4 generations)". */
  title: string;
  width: number;
  height: number;
  /** The fan's centre (the chart's person sits on it); (0, 0) for the other kinds. */
  cx: number;
  cy: number;
  boxes: ChartBox[];
  wedges: ChartWedge[];
  lines: ChartLine[];
  /** A line under the chart saying what a dashed shape is, when someone is drawn twice. */
  note?: Label;
}

export const KIND_TITLES: Record<ChartKind, string> = {
  pedigree: 'Pedigree',
  descendants: 'Descendants',
  fan: 'Fan chart',
};

export function chartTitle(kind: ChartKind, root: ChartPerson, generations: number): string {
  return `${KIND_TITLES[kind]} of ${root.name} (${generations} generations)`;
}

/** Name, life span and place in one phrase: a box's <title> and its link's accessible name. */
export function describePerson(p: ChartPerson): string {
  return [p.name, lifeSpan(p), p.place].filter(Boolean).join(', ');
}

export const BOX = { w: 200, h: 64, pad: 10, name: 13, detail: 11 } as const;

/** A box's three lines (name, years, place), each fitted to the box's width. */
export function boxLabel(p: ChartPerson, x: number, y: number, measure: Measure): Label {
  const width = BOX.w - 2 * BOX.pad;
  const name = fitName(p.name, width, BOX.name, true, measure);
  const years = lifeSpan(p);
  const place = p.place ? cut(p.place, width, BOX.detail, false, measure) : null;
  const lines: LabelLine[] = [{ text: name.text, size: BOX.name, bold: true, dy: -9 }];
  if (years) lines.push({ text: years, size: BOX.detail, bold: false, dy: 7 });
  if (place) lines.push({ text: place.text, size: BOX.detail, bold: false, dy: years ? 21 : 7 });
  if (lines.length === 2) for (const l of lines) l.dy += 5;
  if (lines.length === 1) lines[0]!.dy = 4;
  return { x: x + BOX.w / 2, y: y + BOX.h / 2, rotate: 0, lines, shortened: name.shortened || !!place?.shortened };
}

/** A person's box at (x, y), labelled. */
export function personBox(
  person: ChartPerson,
  at: { key: string; x: number; y: number; generation: number },
  flags: { repeated: boolean; spouse: boolean },
  measure: Measure,
): ChartBox {
  return { ...at, person, w: BOX.w, h: BOX.h, ...flags, label: boxLabel(person, at.x, at.y, measure) };
}
