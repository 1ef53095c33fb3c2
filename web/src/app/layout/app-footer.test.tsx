import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BootstrapConfigContext } from '@/lib/config';
import { json, stubApi } from '@/test/fetch-stub';
import { bootstrapConfigFixture } from '@/test/app-harness';
import { createTestQueryClient } from '@/test/render';
import { AppProviders } from '../app-providers';
import { AppFooter, type FooterAudience } from './app-footer';

function renderFooter(webChat = true, audience: FooterAudience = 'staff') {
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <BootstrapConfigContext.Provider value={bootstrapConfigFixture()}>
        <AppFooter webChat={webChat} audience={audience} />
      </BootstrapConfigContext.Provider>
    </AppProviders>,
  );
}

function chatStatus(body: unknown) {
  return stubApi([{ method: 'GET', path: '/api/v1/backendforfrontend/webchat/status', respond: () => json(body) }]);
}

afterEach(() => vi.useRealTimers());

describe('the footer (§2)', () => {
  it('has the help contacts, the insurer’s links opening new tabs, the regulation text and this year', async () => {
    chatStatus({ ready: false, reason: 'noOneOnline', opensAt: null });
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '0800 123 4567' })).toHaveAttribute('href', 'tel:08001234567');
    expect(within(footer).getByRole('link', { name: 'help@example.test' })).toHaveAttribute('href', 'mailto:help@example.test');
    for (const [name, href] of [
      ['LinkedIn (opens in a new tab)', 'https://example.test/linkedin'],
      ['Privacy policy (opens in a new tab)', 'https://example.test/privacy'],
      ['Client welcome document (opens in a new tab)', 'https://example.test/welcome.pdf'],
    ] as const) {
      const link = within(footer).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(footer).getByText('Sample regulation text.')).toBeInTheDocument();
    expect(within(footer).getByText(`© ${String(new Date().getFullYear())} Protection Life`)).toBeInTheDocument();
    await screen.findByText('No one in customer care is online just now');
  });

  it('has no web chat button for those who do not start chats', () => {
    const { fetchStub } = chatStatus({ ready: true, reason: 'ready', opensAt: null });
    renderFooter(false);
    expect(screen.queryByRole('button', { name: /Web chat/ })).not.toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('the client portal’s footer (issue 35)', () => {
  it('gives the clients’ help line instead of the adviser support line, and never a web chat button', () => {
    const { fetchStub } = chatStatus({ ready: true, reason: 'ready', opensAt: null });
    renderFooter(true, 'client');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '0808 157 0999' })).toHaveAttribute('href', 'tel:08081570999');
    expect(within(footer).getByRole('link', { name: 'client.help@example.test' })).toHaveAttribute('href', 'mailto:client.help@example.test');
    expect(within(footer).queryByRole('link', { name: '0800 123 4567' })).not.toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'help@example.test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Web chat/ })).not.toBeInTheDocument();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('the web chat launcher (§2)', () => {
  it('is disabled, saying why, while no one in customer care is online', async () => {
    chatStatus({ ready: false, reason: 'noOneOnline', opensAt: null });
    renderFooter();
    const button = screen.getByRole('button', { name: 'Web chat' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('No one in customer care is online just now'));
    expect(button).toBeDisabled();
  });

  it('is disabled outside the staffed hours, saying when chat opens', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), shouldAdvanceTime: true });
    chatStatus({ ready: false, reason: 'outsideHours', opensAt: '2026-11-30T08:00:00' });
    renderFooter();
    const button = screen.getByRole('button', { name: 'Web chat' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('Web chat opens at 08:00 on Monday 30 November'));
    expect(button).toBeDisabled();
  });

  it('follows customer care arriving and leaving within five seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let ready = false;
    stubApi([
      {
        method: 'GET',
        path: '/api/v1/backendforfrontend/webchat/status',
        respond: () => json(ready ? { ready: true, reason: 'ready', opensAt: null } : { ready: false, reason: 'noOneOnline', opensAt: null }),
      },
    ]);
    renderFooter();
    const button = screen.getByRole('button', { name: 'Web chat' });
    await waitFor(() => expect(button).toHaveAccessibleDescription('No one in customer care is online just now'));
    ready = true;
    // An agent arriving reaches the button within seconds, not on the minute (issue 50).
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(button).toBeEnabled());
    ready = false;
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(button).toBeDisabled());
  });

  it('when ready, opens a 350 by 400 chat box that Escape closes, focus returning to the button', async () => {
    chatStatus({ ready: true, reason: 'ready', opensAt: null });
    const user = userEvent.setup();
    renderFooter();
    const button = screen.getByRole('button', { name: 'Web chat' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAccessibleDescription('Chat to our customer care team');

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Web chat' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '350px' });
    expect(dialog.querySelector('.ant-modal-content')).toHaveStyle({ height: '400px' });
    expect(within(dialog).getByText(/Ask customer care anything/)).toBeInTheDocument();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Web chat' })).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
