import type { PersonRole, PersonSex, RecordRole, Relation } from '@gnology/contracts';

/** A person's part in one record, enough to relate them to the others named there. */
export interface RecordPart {
  role: PersonRole;
  recordRole: RecordRole | null;
  sex: PersonSex;
  /** Surname keys (names.ts): a father and his child, and two parents of one child, share one in the records read here. */
  surnameKeys?: readonly string[];
}

/** Whose parent a record role names: the groom's, the bride's, or the record's subject's. */
const PARENT_OF: Partial<Record<RecordRole, 'groom' | 'bride' | 'subject'>> = {
  father_of_groom: 'groom',
  mother_of_groom: 'groom',
  father_of_bride: 'bride',
  mother_of_bride: 'bride',
  father: 'subject',
  mother: 'subject',
};

type Slot =
  | 'subject'
  | 'groom'
  | 'bride'
  | 'spouse'
  | 'child'
  | 'sibling'
  | { parentOf: 'groom' | 'bride' | 'subject' }
  | null;

/** Where a person stands in the record's family: the record's role first, else their relation to the primary subject. */
function slotOf(p: RecordPart): Slot {
  const r = p.recordRole;
  if (r === 'groom' || (r === 'husband' && p.role === 'primary_subject')) return 'groom';
  if (r === 'bride') return 'bride';
  if (r && PARENT_OF[r]) return { parentOf: PARENT_OF[r]! };
  // "deceased" says what befell them, not where they stand: a letter's dead father is still the writer's parent.
  if (r === 'deceased' && p.role !== 'primary_subject' && p.role !== 'other_relative') return roleSlot(p.role);
  if (r === 'head' || r === 'deceased' || r === 'testator') return 'subject';
  if (r === 'wife' || r === 'husband') return 'spouse';
  if (r === 'son' || r === 'daughter') return 'child';
  if (
    r === 'witness' ||
    r === 'officiant' ||
    r === 'informant' ||
    r === 'sponsor' ||
    r === 'servant' ||
    r === 'boarder' ||
    r === 'executor'
  )
    return null;
  return roleSlot(p.role);
}

/** The slot a relation to the primary subject gives, when no record role says better. */
function roleSlot(role: PersonRole): Slot {
  switch (role) {
    case 'primary_subject':
      return 'subject';
    case 'spouse':
      return 'spouse';
    case 'child':
      return 'child';
    case 'parent':
      return { parentOf: 'subject' };
    case 'sibling':
      return 'sibling';
    default:
      return null;
  }
}

/** In a marriage record the groom (or bride) is the subject their parents belong to. */
function isSubject(slot: Slot, of: 'groom' | 'bride' | 'subject'): boolean {
  if (of === 'subject') return slot === 'subject' || slot === 'groom';
  return slot === of || (of === 'groom' && slot === 'subject');
}

/**
 * What `b` is to `a` when one record names both (null when the record does not say): the bride is
 * the groom's spouse, the father of the bride her parent, a census son the head's child, two
 * parents of one subject each other's spouses. Witnesses and informants relate to no one.
 */
export function relationBetween(a: RecordPart, b: RecordPart): Relation | null {
  const relation = byRoles(a, b);
  // Extraction may take the bride's parents for the groom's: a father without the child's surname is not trusted.
  if (relation === 'parent' && b.sex === 'M' && !shareSurname(a, b)) return null;
  if (relation === 'child' && a.sex === 'M' && !shareSurname(a, b)) return null;
  return relation;
}

function shareSurname(a: RecordPart, b: RecordPart): boolean {
  if (!a.surnameKeys?.length || !b.surnameKeys?.length) return true;
  return a.surnameKeys.some((k) => b.surnameKeys!.includes(k));
}

function byRoles(a: RecordPart, b: RecordPart): Relation | null {
  const sa = slotOf(a);
  const sb = slotOf(b);
  if (sa === null || sb === null) return null;
  const subjectLike = (s: Slot) => s === 'subject' || s === 'groom' || s === 'bride';
  if (typeof sb === 'object' && typeof sa !== 'object' && isSubject(sa, sb.parentOf)) return 'parent';
  if (typeof sa === 'object' && typeof sb !== 'object' && isSubject(sb, sa.parentOf)) return 'child';
  if (typeof sa === 'object' && typeof sb === 'object')
    return sa.parentOf === sb.parentOf && a.sex !== b.sex && shareSurname(a, b) ? 'spouse' : null;
  if (typeof sa === 'object' || typeof sb === 'object') return null;
  if ((sa === 'groom' && sb === 'bride') || (sa === 'bride' && sb === 'groom')) return 'spouse';
  if ((sa === 'subject' && sb === 'spouse') || (sa === 'spouse' && sb === 'subject')) return 'spouse';
  if ((sa === 'subject' || sa === 'spouse') && sb === 'child') return 'child';
  if (sa === 'child' && (sb === 'subject' || sb === 'spouse')) return 'parent';
  if (
    (subjectLike(sa) && sb === 'sibling') ||
    (sa === 'sibling' && subjectLike(sb)) ||
    (sa === 'child' && sb === 'child') ||
    (sa === 'sibling' && sb === 'sibling')
  )
    return 'sibling';
  return null;
}
