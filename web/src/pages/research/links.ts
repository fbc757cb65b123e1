/**
 * Which links in Gene's answers stay links (issue 11, point 8). A document the user uploaded can
 * carry text that tries to make Gene recommend an address; an answer may only link to the
 * product itself and to well-known genealogy record sites. Any other link is shown as its text.
 * Only sites whose pages their owners publish: archive.org is left out (issue 29, point 9), as
 * anyone can upload HTML that it then serves from its own host.
 */
export const TRUSTED_LINK_HOSTS = [
  'familysearch.org',
  'ancestry.com',
  'ancestry.co.uk',
  'ancestry.ca',
  'ancestry.com.au',
  'findmypast.co.uk',
  'findmypast.com',
  'myheritage.com',
  'findagrave.com',
  'billiongraves.com',
  'wikitree.com',
  'fold3.com',
  'newspapers.com',
  'freebmd.org.uk',
  'freecen.org.uk',
  'freereg.org.uk',
  'nationalarchives.gov.uk',
  'scotlandspeople.gov.uk',
  'nrscotland.gov.uk',
  'archives.gov',
  'loc.gov',
  'bac-lac.gc.ca',
  'cwgc.org',
  'libertyellisfoundation.org',
  'nli.ie',
  'irishgenealogy.ie',
  'nationalarchives.ie',
  'wikipedia.org',
] as const;

/** True for a link an answer may keep: same-origin (relative or the product's own origin) or https on a trusted host. */
export function isTrustedLink(href: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(origin).origin) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return TRUSTED_LINK_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}
