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
});
