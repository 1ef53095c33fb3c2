import { describe, expect, it, vi } from 'vitest';
import { signIn } from './user-manager';

describe('signIn', () => {
  it('starts one redirect however many callers ask at once, and allows a retry after a failure', async () => {
    let fail = true;
    const signinRedirect = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : new Promise<void>(() => undefined)));
    const auth = { signinRedirect };

    await expect(signIn(auth, '/dashboard')).rejects.toThrow('offline');
    fail = false;
    void signIn(auth, '/dashboard');
    void signIn(auth, '/application/1/client-details');
    expect(signinRedirect).toHaveBeenCalledTimes(2);
    expect(signinRedirect).toHaveBeenLastCalledWith({ state: { returnTo: '/dashboard' } });
  });
});
