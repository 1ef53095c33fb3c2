import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFirmLocationAnnounced } from '@/lib/firm-location-notice';
import { SNACKBAR_MS } from '@/lib/rules/constants';
import { json, stubApi } from '@/test/fetch-stub';
import { adviserFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { FirmLocationNotice } from './firm-location-notice';

const ADVISER = '/api/v1/backendforfrontend/adviser';
const AT_LEEDS = adviserFixture({ adviserAtFirmLocationId: 'northfield-leeds', firmLocationName: 'Leeds' });

function renderNotice() {
  return renderRoute(<FirmLocationNotice />, { path: '/dashboard', url: '/dashboard' });
}

describe('the firm-location snackbar (§2, §6)', () => {
  beforeEach(() => {
    forgetFirmLocationAnnounced();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells an adviser at a firm location where they are working, for six seconds', async () => {
    stubApi([{ method: 'GET', path: ADVISER, respond: () => json(AT_LEEDS) }]);
    renderNotice();
    expect(await screen.findByText(/^You are working at Leeds: the applications you create are recorded against this office\./)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SNACKBAR_MS - 500);
    });
    const wrapper = () => screen.getByText(/^You are working at Leeds:/).closest('.ant-message-notice-wrapper');
    expect(wrapper()).not.toHaveClass('ant-message-move-up-leave');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    // After six seconds antd starts its leaving animation (jsdom never ends it).
    expect(wrapper()).toHaveClass('ant-message-move-up-leave');
  });

  it('goes with the shell: an error page or the sign-in page shown next does not keep it', async () => {
    stubApi([{ method: 'GET', path: ADVISER, respond: () => json(AT_LEEDS) }]);
    function ShellThenElsewhere() {
      const [inShell, setInShell] = useState(true);
      return (
        <>
          {inShell && <FirmLocationNotice />}
          <button type="button" onClick={() => setInShell(false)}>
            Leave the shell
          </button>
        </>
      );
    }
    renderRoute(<ShellThenElsewhere />, { path: '/dashboard', url: '/dashboard' });
    await screen.findByText(/^You are working at Leeds:/);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the shell' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    // Well before its six seconds, it is on its way out (jsdom never ends antd's animation).
    expect(screen.getByText(/^You are working at Leeds:/).closest('.ant-message-notice-wrapper')).toHaveClass('ant-message-move-up-leave');
  });

  it('says it once per sign-in, and nothing to an adviser without a location', async () => {
    stubApi([{ method: 'GET', path: ADVISER, respond: () => json(AT_LEEDS) }]);
    const first = renderNotice();
    await screen.findByText(/^You are working at Leeds: the applications you create are recorded against this office\./);
    first.unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SNACKBAR_MS + 2_000);
    });
    renderNotice();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.queryByText(/^You are working at Leeds:/)).not.toBeInTheDocument();

    forgetFirmLocationAnnounced();
    stubApi([{ method: 'GET', path: ADVISER, respond: () => json(adviserFixture()) }]);
    renderNotice();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.queryByText(/You are working at/)).not.toBeInTheDocument();
  });
});
