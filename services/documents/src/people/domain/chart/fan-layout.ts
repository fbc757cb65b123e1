import { type ChartGraph, type ChartPerson, lifeSpan, orderParents } from './graph';
import { type ChartLayout, type ChartWedge, chartTitle, type Label, type LabelLine } from './layout-types';
import { cut, fitName, type Measure } from './text-fit';

const MARGIN = 24;
/** The chart's person: a half disc at the centre. */
const R0 = 84;
/** Ring widths: the first three rings write along the arc, the outer ones along the radius. */
const ringWidth = (g: number) => (g <= 3 ? 96 : 124);

/**
 * A semicircle of ancestors: the person at the centre, parents in the first ring (father's line
 * on the left), each generation a ring split in two per parent, 2..8 generations. An ancestor's
 * wedge stays empty (an outline) when a recorded child's parent is not recorded. Labels fit their
 * wedge: along the arc while the wedge is wider than deep, along the radius further out, in as
 * many lines as fit; a name that does not fit is shortened (the full one goes in the <title>).
 */
export function fanLayout(graph: ChartGraph, rootId: string, generations: number, measure: Measure): ChartLayout {
  const radius = [R0];
  for (let g = 1; g < generations; g++) radius.push(radius[g - 1]! + ringWidth(g));
  const outer = radius.at(-1)!;
  const cx = MARGIN + outer;
  const cy = MARGIN + outer;
  const wedges: ChartWedge[] = [];
  const seen = new Set<string>();

  // The person at the centre: a half disc, labelled level.
  const root = graph.people.get(rootId)!;
  seen.add(rootId);
  wedges.push({
    key: 'f1',
    person: root,
    generation: 0,
    repeated: false,
    r0: 0,
    r1: R0,
    a0: Math.PI,
    a1: 0,
    label: levelLabel(root, cx, cy - R0 * 0.42, R0 * 1.7, measure),
  });

  const visit = (id: string, g: number, slot: number) => {
    if (g + 1 >= generations) return;
    const parents = orderParents(graph.parents.get(id) ?? [], graph.people).filter((p) => graph.people.has(p));
    // Two parents: father's slot then mother's; one: by sex (an unknown sex takes the father's side).
    const slots =
      parents.length === 2
        ? [2 * slot, 2 * slot + 1]
        : parents.map((p) => (graph.people.get(p)!.sex === 'F' ? 2 * slot + 1 : 2 * slot));
    for (const s of [2 * slot, 2 * slot + 1]) {
      const i = slots.indexOf(s);
      const pid = i === -1 ? null : parents[i]!;
      const person = pid ? graph.people.get(pid)! : null;
      const repeated = pid !== null && seen.has(pid);
      if (pid) seen.add(pid);
      const gen = g + 1;
      const span = Math.PI / 2 ** gen;
      const index = s - 2 ** gen;
      const a0 = Math.PI - index * span;
      const wedge: ChartWedge = {
        key: `f${s}`,
        person,
        generation: gen,
        repeated,
        r0: radius[gen - 1]!,
        r1: radius[gen]!,
        a0,
        a1: a0 - span,
        label: null,
      };
      if (person) wedge.label = wedgeLabel(person, wedge, cx, cy, measure);
      wedges.push(wedge);
      if (pid && !repeated) visit(pid, gen, s);
    }
  };
  visit(rootId, 0, 1);

  return {
    kind: 'fan',
    generations,
    title: chartTitle('fan', root, generations),
    width: 2 * (MARGIN + outer),
    height: cy + MARGIN + 8,
    cx,
    cy,
    boxes: [],
    wedges,
    lines: [],
  };
}

function levelLabel(p: ChartPerson, x: number, y: number, width: number, measure: Measure): Label {
  const name = fitName(p.name, width, 14, true, measure);
  const years = lifeSpan(p);
  const lines: LabelLine[] = [{ text: name.text, size: 14, bold: true, dy: years ? -4 : 4 }];
  if (years) lines.push({ text: years, size: 12, bold: false, dy: 13 });
  return { x, y, rotate: 0, lines, shortened: name.shortened };
}

/** Radians to SVG degrees, turning clockwise. */
const degrees = (rad: number) => (rad * 180) / Math.PI;

function wedgeLabel(p: ChartPerson, w: ChartWedge, cx: number, cy: number, measure: Measure): Label {
  const mid = (w.a0 + w.a1) / 2;
  const rm = (w.r0 + w.r1) / 2;
  const x = cx + rm * Math.cos(mid);
  const y = cy - rm * Math.sin(mid);
  const depth = w.r1 - w.r0;
  // Text is straight: a line across the wedge at distance d from the centre may be 2·d·tan(half
  // the angle) long, and its ends must stay inside the outer arc. Lines sit within 0.3 of the
  // ring's depth either side of its middle.
  const half = Math.min((w.a0 - w.a1) / 2, 1.2);
  const inner = rm - depth * 0.3;
  const outerEnd = rm + depth * 0.3;
  const tangential = Math.min(2 * inner * Math.tan(half), 2 * Math.sqrt(Math.max(0, w.r1 ** 2 - outerEnd ** 2))) * 0.9;
  const alongArc = tangential >= depth;
  const across = alongArc ? tangential : 2 * w.r0 * Math.tan(half) * 0.9;
  // Along the arc: the baseline is the tangent, read left to right; along the radius: read outwards
  // on the right half, inwards on the left, so nothing is upside down.
  const rotate = alongArc ? 90 - degrees(mid) : mid > Math.PI / 2 ? 180 - degrees(mid) : -degrees(mid);
  const width = alongArc ? across : depth * 0.9;
  const room = alongArc ? depth * 0.85 : across;
  const wanted = [p.name, lifeSpan(p), alongArc ? (p.place ?? '') : ''].filter(Boolean);
  // The largest size (at most 12) at which the first line fits, then as many lines as the room holds.
  const size = Math.max(5, Math.min(alongArc ? 13 - w.generation : 10, room / 1.3));
  const count = Math.max(1, Math.min(wanted.length, Math.floor(room / (size * 1.25))));
  const texts = wanted.slice(0, count);
  let shortened = texts.length < wanted.length;
  const lines: LabelLine[] = texts.map((t, i) => {
    const fitted = i === 0 ? fitName(t, width, size, true, measure) : cut(t, width, size * 0.9, false, measure);
    shortened ||= fitted.shortened;
    return { text: fitted.text, size: i === 0 ? size : size * 0.9, bold: i === 0, dy: 0 };
  });
  const lineHeight = size * 1.2;
  lines.forEach((l, i) => {
    l.dy = (i - (lines.length - 1) / 2) * lineHeight + size * 0.35;
  });
  return { x, y, rotate, lines, shortened };
}
