import { describe, expect, it } from 'vitest';
import { isTrustedLink } from './links';

const origin = 'https://app.gnology.example';

describe('links Gene may keep in an answer', () => {
  it('keeps the product and well-known record sites', () => {
    expect(isTrustedLink('/documents#65f0a1b2c3d4e5f6a7b8c9d0', origin)).toBe(true);
    expect(isTrustedLink('https://app.gnology.example/resources', origin)).toBe(true);
    expect(isTrustedLink('https://www.familysearch.org/search/record/results?q=cole', origin)).toBe(true);
    expect(isTrustedLink('https://www.nationalarchives.gov.uk/help-with-your-research/', origin)).toBe(true);
    expect(isTrustedLink('https://en.wikipedia.org/wiki/Census', origin)).toBe(true);
  });

  it('drops every other address, look-alikes and tricks included', () => {
    expect(isTrustedLink('https://evil.example/login', origin)).toBe(false);
    expect(isTrustedLink('https://familysearch.org.evil.example/', origin)).toBe(false);
    expect(isTrustedLink('https://evilfamilysearch.org/', origin)).toBe(false);
    expect(isTrustedLink('http://www.familysearch.org/', origin)).toBe(false);
    expect(isTrustedLink('https://user:pw@www.familysearch.org/', origin)).toBe(false);
    expect(isTrustedLink('javascript:alert(1)', origin)).toBe(false);
    expect(isTrustedLink('data:text/html,<script>', origin)).toBe(false);
    expect(isTrustedLink('//evil.example/x', origin)).toBe(false);
    expect(isTrustedLink('https://app.gnology.example.evil.example/', origin)).toBe(false);
  });

  it("drops archive.org, whose pages are anyone's uploads (issue 29, point 9)", () => {
    // archive.org serves user-uploaded HTML from its own host (/download/<item>/<file>.html), so a
    // planted link there looks like a trusted archive and opens a page an attacker wrote.
    expect(isTrustedLink('https://archive.org/download/family-papers/login.html', origin)).toBe(false);
    expect(isTrustedLink('https://ia800300.us.archive.org/1/items/family-papers/login.html', origin)).toBe(false);
    expect(isTrustedLink('https://web.archive.org/web/2020/https://www.familysearch.org/', origin)).toBe(false);
  });
});
