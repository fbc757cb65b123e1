import type { ChartLayout, ChartWedge, Label } from './layout';
import { describePerson } from './layout-types';

/* The chart as an SVG document: printable (white ground, ink lines), every text escaped. */

export const CHART_FONT = "Inter, 'Helvetica Neue', Arial, sans-serif";
const INK = '#1c2a3a';
const MUTED = '#4a5868';
const LINE = '#8c7f66';
const FILL = { M: '#e8f0f8', F: '#fbeef0', U: '#f1ebdd' } as const;
const FILL_SPOUSE = '#ffffff';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

const n = (v: number) => (Math.round(v * 10) / 10).toString();

export interface SvgOptions {
  /** Where a person's box links to (the web page's person route); no links when absent. */
  href?: (personId: string) => string;
}

/**
 * One person, one link: `<a>` named by its <title> (name, years and place: the accessible name
 * and the tooltip; not aria-label, which would have to repeat the drawn text word for word),
 * holding the shape and its text. The SVG is a labelled group (`role="group"` named by
 * its <title>), so a screen reader reaches each person's link inside it.
 */
export function renderSvg(layout: ChartLayout, opts: SvgOptions = {}): string {
  const out: string[] = [];
  const title = escapeXml(layout.title);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(layout.width)} ${n(layout.height)}" width="${n(layout.width)}" height="${n(layout.height)}" role="group" aria-labelledby="chart-title" class="family-chart" data-kind="${layout.kind}" data-generations="${layout.generations}" font-family="${escapeXml(CHART_FONT)}">`,
    `<title id="chart-title">${title}</title>`,
    `<rect x="0" y="0" width="${n(layout.width)}" height="${n(layout.height)}" fill="#ffffff"/>`,
  );
  if (layout.lines.length) {
    out.push(`<g fill="none" stroke="${LINE}" stroke-width="1.5" aria-hidden="true">`);
    for (const l of layout.lines)
      out.push(`<polyline points="${l.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}"/>`);
    out.push('</g>');
  }
  for (const w of layout.wedges) {
    if (!w.person) {
      out.push(
        `<path d="${wedgePath(w, layout.cx, layout.cy)}" fill="none" stroke="${LINE}" stroke-width="1" stroke-dasharray="4 3" aria-hidden="true"/>`,
      );
      continue;
    }
    const shape = `<path d="${wedgePath(w, layout.cx, layout.cy)}" fill="${FILL[w.person.sex]}" stroke="${INK}" stroke-width="1"${w.repeated ? ' stroke-dasharray="5 3"' : ''}/>`;
    out.push(person(w.person.id, w.key, w.generation, describePerson(w.person), w.repeated, shape, w.label, opts));
  }
  for (const b of layout.boxes) {
    const fill = b.spouse ? FILL_SPOUSE : FILL[b.person.sex];
    const shape = `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" rx="6" fill="${fill}" stroke="${b.generation === 0 && !b.spouse ? INK : LINE}" stroke-width="${b.generation === 0 && !b.spouse ? 2 : 1.2}"${b.repeated ? ' stroke-dasharray="6 4"' : ''}/>`;
    out.push(person(b.person.id, b.key, b.generation, describePerson(b.person), b.repeated, shape, b.label, opts));
  }
  if (layout.note) out.push(text(layout.note).replace(' aria-hidden="true"', ''));
  out.push('</svg>');
  return out.join('\n');
}

function person(
  id: string,
  key: string,
  generation: number,
  described: string,
  repeated: boolean,
  shape: string,
  label: Label | null,
  opts: SvgOptions,
): string {
  const name = escapeXml(repeated ? `${described} (shown again)` : described);
  const body = `<title>${name}</title>${shape}${label ? text(label) : ''}`;
  const attrs = `class="chart-person" data-key="${escapeXml(key)}" data-person="${escapeXml(id)}" data-generation="${generation}"`;
  if (!opts.href) return `<g ${attrs}>${body}</g>`;
  return `<a ${attrs} href="${escapeXml(opts.href(id))}">${body}</a>`;
}

function text(label: Label): string {
  const turn = label.rotate ? ` transform="rotate(${n(label.rotate)} ${n(label.x)} ${n(label.y)})"` : '';
  const lines = label.lines
    .filter((l) => l.text)
    .map(
      (l) =>
        `<text x="${n(label.x)}" y="${n(label.y + l.dy)}" font-size="${n(l.size)}"${l.bold ? ' font-weight="600"' : ''} fill="${l.bold ? INK : MUTED}" text-anchor="middle">${escapeXml(l.text)}</text>`,
    );
  return `<g${turn} aria-hidden="true">${lines.join('')}</g>`;
}

/** A ring sector (or the centre's half disc) as an SVG path; y grows downwards. */
export function wedgePath(w: Pick<ChartWedge, 'r0' | 'r1' | 'a0' | 'a1'>, cx: number, cy: number): string {
  const at = (r: number, a: number) => `${n(cx + r * Math.cos(a))} ${n(cy - r * Math.sin(a))}`;
  const large = w.a0 - w.a1 > Math.PI ? 1 : 0;
  if (w.r0 === 0) return `M ${at(w.r1, w.a0)} A ${n(w.r1)} ${n(w.r1)} 0 ${large} 1 ${at(w.r1, w.a1)} Z`;
  return [
    `M ${at(w.r0, w.a0)}`,
    `L ${at(w.r1, w.a0)}`,
    `A ${n(w.r1)} ${n(w.r1)} 0 ${large} 1 ${at(w.r1, w.a1)}`,
    `L ${at(w.r0, w.a1)}`,
    `A ${n(w.r0)} ${n(w.r0)} 0 ${large} 0 ${at(w.r0, w.a0)}`,
    'Z',
  ].join(' ');
}
