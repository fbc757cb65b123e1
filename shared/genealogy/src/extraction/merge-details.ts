import type { PersonDetail, PersonTag } from '@gnology/contracts';

/*
 * A model's reading of a record beside the rules' (issue 28): the model gives roles and record roles,
 * the rules the facts their wording ties to each person (born, died, age, occupation…). The model's
 * answer wins where both speak; the rules' facts are kept where the model says nothing, so a model
 * configured for extraction never loses a death or a birth the rules read.
 */

const FACTS = ['age', 'born', 'baptized', 'died', 'occupation', 'address'] as const;
const key = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

export function mergePersonDetails(
  people: readonly PersonTag[],
  model: readonly PersonDetail[] | undefined,
  rules: readonly PersonDetail[] | undefined,
): PersonDetail[] {
  const ruled = new Map((rules ?? []).map((d) => [key(d.name), d]));
  const roleOf = new Map(people.map((p) => [key(p.name), p.role]));
  const out: PersonDetail[] = [];
  const seen = new Set<string>();
  const add = (base: PersonDetail, from: PersonDetail | undefined) => {
    const k = key(base.name);
    if (seen.has(k)) return;
    seen.add(k);
    const merged: PersonDetail = { ...base };
    for (const f of FACTS)
      if (merged[f] === undefined && from?.[f] !== undefined) Object.assign(merged, { [f]: from[f] });
    // "Only named" is the rules' reading of a person they tie to no one: it stands only where the model does too.
    if (from?.namedOnly && !merged.recordRole && roleOf.get(k) === 'other_relative') merged.namedOnly = true;
    else delete merged.namedOnly;
    out.push(merged);
  };
  for (const d of model ?? []) add(d, ruled.get(key(d.name)));
  // People the model names without details: the rules' details for them, if the rules read the same name.
  for (const p of people) {
    const r = ruled.get(key(p.name));
    if (r) add({ name: p.name }, r);
  }
  return out.filter((d) => Object.keys(d).length > 1);
}
