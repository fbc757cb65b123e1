import type { BookContext } from './model';

/** The tutorial's creation process (docs/contract.md#screens, the tutorial): the parts "continue" walks through. */
export const DEFAULT_OUTLINE = [
  'Table of contents and introduction',
  'Chapters 1-3',
  'Chapters 4-6',
  'Chapters 7-9',
  'Conclusion and appendices',
  'Photo integration',
];

export const TAIL_CHARS = 2_500;
export const PLAN_INDEX = -1;

export interface ProjectState {
  title: string;
  outline: string[];
  sections: { title: string; summary: string }[];
  currentSection: number;
  /** The part at currentSection was cut off (answer limit or stopped) and must be resumed. */
  resume: boolean;
  tail: string;
}

/** The context of the next "continue": which part, and whether it resumes a cut-off text. */
export function nextBookContext(p: ProjectState): BookContext | null {
  if (p.currentSection >= p.outline.length) return null;
  return {
    title: p.title,
    outline: p.outline,
    summaries: p.sections,
    section: { index: p.currentSection, title: p.outline[p.currentSection]!, resume: p.resume },
    tail: p.tail,
  };
}

/** The context of the first book request: the plan (three titles and the creation process). */
export function planContext(title: string): BookContext {
  return {
    title,
    outline: DEFAULT_OUTLINE,
    summaries: [],
    section: { index: PLAN_INDEX, title: 'Plan', resume: false },
    tail: '',
  };
}

/**
 * The project after a generation: a finished part moves on to the next; a cut-off one stays
 * and will be resumed from its tail. Each part keeps a short summary of what it says.
 */
export function advanceProject(p: ProjectState, ctx: BookContext, text: string, finished: boolean): ProjectState {
  const tail =
    text.length >= TAIL_CHARS
      ? text.slice(-TAIL_CHARS)
      : `${ctx.section.resume ? p.tail : ''}${text}`.slice(-TAIL_CHARS);
  if (ctx.section.index === PLAN_INDEX) {
    return { ...p, title: titleFromPlan(text) ?? p.title, currentSection: 0, resume: false, tail: '' };
  }
  const sections = [...p.sections];
  const existing = sections.findIndex((s) => s.title === ctx.section.title);
  const summary = summarise(text);
  if (existing >= 0)
    sections[existing] = {
      title: ctx.section.title,
      summary: `${sections[existing]!.summary} ${summary}`.trim().slice(0, 900),
    };
  else sections.push({ title: ctx.section.title, summary });
  return {
    ...p,
    sections,
    currentSection: finished ? ctx.section.index + 1 : ctx.section.index,
    resume: !finished,
    tail,
  };
}

/** An extractive summary: the first sentence of the first paragraphs, Markdown removed. */
export function summarise(text: string, maxChars = 600): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .replace(/^#+\s*/gm, '')
        .replace(/[*_>`|]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p.length > 30);
  // The opening of each paragraph: whole sentences until there are at least 60 characters.
  const firsts = paragraphs.map((p) => {
    const sentences = p.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g) ?? [p];
    let opening = '';
    for (const sentence of sentences) {
      opening = `${opening} ${sentence.trim()}`.trim();
      if (opening.length >= 60) break;
    }
    return opening;
  });
  let out = '';
  for (const s of firsts) {
    if (out.length + s.length + 1 > maxChars) break;
    out = out ? `${out} ${s}` : s;
  }
  return out || text.replace(/\s+/g, ' ').trim().slice(0, maxChars);
}

/** The first title option of a plan ("1. *The Weber Story*" or "1. The Weber Story"). */
export function titleFromPlan(text: string): string | null {
  const m = text.match(/^\s*1[.)]\s+\**\*?["“]?([^*"”\n]{3,100})/m);
  return m ? m[1]!.trim() : null;
}
