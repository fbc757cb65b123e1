// How a model's person mentions are put beside the rules' reading so that the one scorer (score.ts) compares
// the rules, the model alone, their union and their intersection. Bench only (issue 28, decision 0225).
import type { DocumentEntities } from '@gnology/contracts';
import { fold, sameName, TITLE_WORDS } from '../match';

export type Variant = 'rules' | 'model' | 'union' | 'union-full' | 'intersection';
export const VARIANTS: readonly Variant[] = ['rules', 'model', 'union', 'union-full', 'intersection'];

/** A person the model adds: named only, so the scorer counts no relation for them. */
const named = (rules: DocumentEntities, names: readonly string[]): DocumentEntities => ({
  ...rules,
  peopleIdentified: [...rules.peopleIdentified, ...names.map((name) => ({ name, role: 'other_relative' as const }))],
  personDetails: [...(rules.personDetails ?? []), ...names.map((name) => ({ name, namedOnly: true as const }))],
});

const nameWords = (s: string) =>
  fold(s)
    .split(' ')
    .filter((t) => t.length > 1 && !TITLE_WORDS.has(t));

/** The model sees this rule person when one of its mentions shares a name word with it ("Mr. Read" in "John Read"). */
const seenByModel = (name: string, model: readonly string[]) => {
  const words = nameWords(name);
  return model.some((m) => nameWords(m).some((w) => words.includes(w)));
};

/**
 * - `model`: the model's mentions alone, on an otherwise empty reading (only the people figures mean anything);
 * - `union`: the rules' reading plus each model mention no rule person already has the same name as;
 * - `union-full`: the same, with only the model's mentions of two name words or more (a given name and a surname:
 *   a single capitalised word is where a model misreads OCR and headings most);
 * - `intersection`: the rules' reading less the people no model mention shares a name word with (the model as a veto).
 */
export function combine(rules: DocumentEntities, model: readonly string[], variant: Variant): DocumentEntities {
  switch (variant) {
    case 'rules':
      return rules;
    case 'model':
      return named(
        { ...rules, peopleIdentified: [], personDetails: [], dateInfo: [], geographicalInfo: [], occupations: [] },
        model,
      );
    case 'union':
    case 'union-full':
      return named(
        rules,
        model.filter(
          (m) =>
            (variant === 'union' || nameWords(m).length >= 2) &&
            !rules.peopleIdentified.some((p) => sameName(m, p.name)),
        ),
      );
    case 'intersection': {
      const kept = rules.peopleIdentified.filter((p) => seenByModel(p.name, model));
      const names = new Set(kept.map((p) => p.name));
      return {
        ...rules,
        peopleIdentified: kept,
        personDetails: rules.personDetails?.filter((d) => names.has(d.name)),
      };
    }
  }
}
