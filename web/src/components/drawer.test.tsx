import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Drawer } from './drawer';

/** A page with a button that opens a drawer of two controls, as the portal's drawers are used. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open changes</Button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Changes">
        <input aria-label="Search the changes" />
        <Button>Download</Button>
      </Drawer>
    </>
  );
}

async function opened() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Open changes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Changes' });
  return { user, dialog };
}

describe('Drawer', () => {
  it('takes focus on the dialog itself as it opens, so a screen reader announces it', async () => {
    const { dialog } = await opened();
    await waitFor(() => expect(dialog).toHaveFocus());
  });

  it('puts the first Tab on the dialog’s first control, not on an invisible stop', async () => {
    const { user, dialog } = await opened();
    await waitFor(() => expect(dialog).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Search the changes' })).toHaveFocus();
  });

  it('goes round from the last control to the first and back, never resting on the focus trap’s sentinels', async () => {
    const { user } = await opened();
    screen.getByRole('button', { name: 'Download' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Download' })).toHaveFocus();
  });

  it('leaves no stop in the page’s tab order once closed', async () => {
    const { user } = await opened();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.querySelector('[data-sentinel]')).toBeNull(), { timeout: 3000 });
  });
});

describe('the portal’s drawers', () => {
  it('are all this one, none antd’s own', () => {
    const sources = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx', '!/src/components/drawer.tsx'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const antdDrawer = /import\s*{[^}]*\bDrawer\b[^}]*}\s*from\s*'antd'/;
    const offenders = Object.entries(sources)
      .filter(([, source]) => antdDrawer.test(source))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
