import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FeedbackProvider, useMessage } from '@/components/feedback';
import { PageHeading } from '@/components/page-heading';
import { RouteChangeEffects } from './route-change-effects';

function Shell() {
  return (
    <>
      <RouteChangeEffects />
      <nav>
        <Link to="/applications">Applications</Link>
      </nav>
      <SaveButton />
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** Says "Saved" as a page does after a change. */
function SaveButton() {
  const message = useMessage();
  return (
    <button type="button" onClick={() => void message.success('Saved')}>
      Save
    </button>
  );
}

/** A page whose heading shows once its data has come (as every application page does). */
function ApplicationsPage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <PageHeading>Applications</PageHeading> : <p>Loading</p>;
}

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/dashboard', element: <PageHeading>Dashboard</PageHeading> },
          { path: '/applications', element: <ApplicationsPage /> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <FeedbackProvider>
      <RouterProvider router={router} />
    </FeedbackProvider>,
  );
}

describe('moving to a new page', () => {
  it('puts focus on the page’s heading, also when the heading comes after its data', async () => {
    const user = userEvent.setup();
    renderShell();
    const dashboard = screen.getByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(dashboard).toHaveFocus());

    await user.click(screen.getByRole('link', { name: 'Applications' }));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Applications' });
    // Focused, not tabbable: a screen reader starts reading the new page there; Tab goes on from it.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});

describe('a page’s confirmation', () => {
  it('shows once however quickly it is said again, and goes when the adviser moves to another page', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Saved')).toHaveLength(1));

    await user.click(screen.getByRole('link', { name: 'Applications' }));
    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    // It starts leaving (jsdom never ends antd's leaving animation).
    await waitFor(() => expect(screen.getByText('Saved').closest('.ant-message-notice-wrapper')).toHaveClass('ant-message-move-up-leave'));
  });
});
