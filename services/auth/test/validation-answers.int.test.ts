import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTest, bearer, newSignup, startAuth, verifiedUser } from './helpers';

/**
 * Auth's bodies are checked by their zod schemas through the shared error handler, in auth's own
 * style: the first problem as a plain sentence the web shows as it is, never "field: message".
 */
describe('auth validation answers', () => {
  let t: AuthTest;
  beforeAll(async () => {
    t = await startAuth();
  });
  afterAll(() => t.close());

  it('answer the first problem as a plain sentence, with no field prefix', async () => {
    expect(await t.post('/api/auth/register', { ...newSignup(), password: 'abc' })).toEqual({
      status: 400,
      body: { error: 'Password must be at least 6 characters long' },
    });
    expect(await t.post('/api/auth/login', { email: 'not-an-address', password: 'x' })).toEqual({
      status: 400,
      body: { error: 'Please enter a valid email address' },
    });
  });

  it('read a request without a body as an empty one: the missing field is named in a sentence', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Email is required' });
  });

  it('repeat the sentence in `message` on change-password, whose page reads that field', async () => {
    const user = await verifiedUser(t);
    const res = await t.post(
      '/api/users/change-password',
      { currentPassword: user.password, newPassword: 'abc' },
      bearer(user.token),
    );
    expect(res).toEqual({
      status: 400,
      body: {
        error: 'New password must be at least 6 characters long',
        message: 'New password must be at least 6 characters long',
      },
    });
  });

  it('check the session before the body: no token is 401 whatever is sent', async () => {
    expect((await t.post('/api/auth/verify-phone', { code: 'x' })).status).toBe(401);
    expect((await t.post('/api/users/change-password', {})).status).toBe(401);
    expect((await t.post('/api/auth/access-tokens', { name: '' })).status).toBe(401);
  });
});
