import { describe, expect, it } from 'vitest';
import { peopleIn as people, readText as read } from './helpers/read-record';

/*
 * Issue 28: who a poor-law order or an inquisition is about, when the pauper comes with a family or the clerk's
 * hand is loose. Texts written here in the style of the London Lives orders the bench measures.
 */

describe('paupers with their families', () => {
  it('"her Child Named Samuel": the mother removed is the subject, the child named hers', () => {
    const found = people(
      'By an Order under the Hands and Seals of John Cox and Robert Hall Esqrs. bearing date the 7th. day of Augt. 1780 ' +
        'Hannah Webb Wife of Abram Webb and her Child Named Samuel was removed from the Parish of Saint Anne.',
    );
    expect(found[0]).toBe('Hannah Webb|primary_subject');
    expect(found).toContain('Abram Webb|spouse');
    expect(found).toContain('Samuel Webb|child');
  });

  it('a baptism still makes the child it names its subject', () => {
    const found = people('Baptized the 3d of May 1781 a Son named Samuel of Abram Webb and Hannah his Wife.');
    expect(found[0]).toBe('Samuel Webb|primary_subject');
  });

  it('"Mary Webb 2 Childrn. was removed" and "togr. with …": the pauper named before is the subject', () => {
    const children = people(
      'By an Order under Etc of John Cox & Robert Hall Esqrs. 2 Etc Dated 5th. Septr. 1788 Mary Webb 2 Childrn. was removed to St. Giles',
    );
    expect(children[0]).toBe('Mary Webb|primary_subject');
    const together = people(
      'By an Order under Etc of John Cox & Robert Hall Esqrs. 2 Etc Dated 23d. June 1786 Cath: Webb togr. with ' +
        'Eleanor Hart her Daur were removed to St. Botolph Aldgate',
    );
    expect(together[0]).toBe('Cath: Webb|primary_subject');
  });

  it('a daughter "named Eleanor Hart" whom the order also writes in full is not given her mother’s surname', () => {
    const found = people(
      'Dated 23d. June 1786 Cath: Webb togr. with Eleanor Hart her Daur were removed to St. Botolph Aldgate ' +
        'Cath: Webb to gt. with her Daur named Eleanor Hart',
    );
    expect(found).not.toContain('Eleanor Hart Webb|child');
    expect(found.filter((p) => p.startsWith('Eleanor Hart'))).toHaveLength(1);
  });

  it('"& I Barnfather Esqrs.": an initial I after a name is no testator speaking', () => {
    const found = people(
      'By an Order under Etc of G S Bradshaw & I Barnfather Esqrs. 2 Etc Dated 5th. Septr. 1788 Mary Webb was removed to St. Giles',
    );
    expect(found[0]).toBe('Mary Webb|primary_subject');
    expect(
      read('In the Name of God Amen. I John Webb of the Parish of Saint Anne being sick').peopleIdentified[0],
    ).toMatchObject({
      name: 'John Webb',
      role: 'primary_subject',
    });
  });
});

describe('the clerk’s short form of a justice’s order', () => {
  it('"under Etc of … Thos. Gordon Esqr. 2 Etc": the justices are never the order’s subject', () => {
    const found = read(
      'By an Order under Etc of Sampn Wright & Thos. Gordon Esqr. 2 Etc (1 of the Qm.) Dated 27th. Augd. 1787 Theodocia St. George was removed to St. Andrew Holborn',
    ).peopleIdentified;
    expect(found.filter((p) => p.role === 'primary_subject').map((p) => p.name)).not.toContain('Thos. Gordon');
  });
});

describe('inquisitions', () => {
  it('"on View of the Body of, Thomas Adams": a stray comma keeps the dead man the subject, not a juror', () => {
    const found = people(
      'An Inquisition taken at the Parish of Saint Margaret the First day of December 1770 before Thomas Prickard, Gentleman, ' +
        'Coroner, on View of the Body of, Thomas Adams a Prisoner then and there lying dead, upon the Oath of Samuel Harris, ' +
        'John Gritton, George Comyns',
    );
    expect(found[0]).toBe('Thomas Adams|primary_subject');
  });
});
