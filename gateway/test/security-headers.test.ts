import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/hot-path/security-headers';

describe('security headers computed once', () => {
  it("are helmet's headers for the gateway's policy, without the probe's own response headers", async () => {
    const headers = await securityHeaders();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['content-type']).toBeUndefined();
    expect(headers['content-length']).toBeUndefined();
  });
});
