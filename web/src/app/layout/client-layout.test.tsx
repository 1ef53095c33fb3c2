import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthProvider } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BootstrapConfigContext } from '@/lib/config';
import { forgetSigningOutForTests } from '@/lib/auth/user-manager';
import { stubApi } from '@/test/fetch-stub';
import { bootstrapConfigFixture, signInAs, testUserManager } from '@/test/app-harness';
import { createTestQueryClient } from '@/test/render';
import { AppProviders } from '../app-providers';
import { ClientLayout } from './client-layout';
import { PublicLayout } from './public-layout';

/** The client portal's shell around a stand-in page, signed in as a client. */
async function renderClientShell() {
  const userManager = testUserManager();
  await signInAs(userManager, ['client']);
  const signoutRedirect = vi.spyOn(userManager, 'signoutRedirect').mockResolvedValue(undefined);
  const router = createMemoryRouter([{ element: <ClientLayout />, children: [{ path: '/portal/home', element: <h1>Your home</h1> }] }], {
    initialEntries: ['/portal/home'],
  });
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <BootstrapConfigContext.Provider value={bootstrapConfigFixture()}>
        <AuthProvider userManager={userManager}>
          <RouterProvider router={router} />
        </AuthProvider>
      </BootstrapConfigContext.Provider>
    </AppProviders>,
  );
  await screen.findByRole('heading', { name: 'Your home' });
  return { signoutRedirect };
}

afterEach(() => forgetSigningOutForTests());

describe('the client portal’s shell (issue 35)', () => {
  it('says Client Portal, not Adviser Portal, and its brand goes to the client’s home', async () => {
    stubApi([]);
    await renderClientShell();
    const header = screen.getByRole('banner');
    const brand = within(header).getByRole('link', { name: 'Protection Life Client Portal' });
    expect(brand).toHaveAttribute('href', '/portal/home');
    expect(within(header).queryByText(/Adviser Portal/)).not.toBeInTheDocument();
  });

  it('gives the clients’ help line, not the adviser support line, and no web chat', async () => {
    const { fetchStub } = stubApi([]);
    await renderClientShell();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '0808 157 0999' })).toHaveAttribute('href', 'tel:08081570999');
    expect(within(footer).getByRole('link', { name: 'client.help@example.test' })).toHaveAttribute('href', 'mailto:client.help@example.test');
    expect(within(footer).queryByText('0800 123 4567')).not.toBeInTheDocument();
    expect(within(footer).queryByText('help@example.test')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Web chat/ })).not.toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('signs out to the client portal’s landing page, not the adviser login', async () => {
    stubApi([]);
    const { signoutRedirect } = await renderClientShell();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signoutRedirect).toHaveBeenCalledTimes(1));
    const landing = new URL(signoutRedirect.mock.calls[0]?.[0]?.post_logout_redirect_uri ?? '');
    expect(landing.pathname).toBe('/v2/portal');
  });
});

describe('the public shell (issue 35)', () => {
  function renderPublicShell(url: string) {
    const router = createMemoryRouter([{ element: <PublicLayout />, children: [{ path: '*', element: <h1>A public page</h1> }] }], {
      initialEntries: [url],
    });
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <BootstrapConfigContext.Provider value={bootstrapConfigFixture()}>
          <RouterProvider router={router} />
        </BootstrapConfigContext.Provider>
      </AppProviders>,
    );
  }

  it('speaks to clients on the client portal’s landing page', () => {
    stubApi([]);
    renderPublicShell('/portal');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Protection Life Client Portal' })).toHaveAttribute('href', '/portal');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: '0808 157 0999' })).toBeInTheDocument();
  });

  it('speaks to advisers elsewhere', () => {
    stubApi([]);
    renderPublicShell('/login');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Protection Life Adviser Portal' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: '0800 123 4567' })).toBeInTheDocument();
  });
});
