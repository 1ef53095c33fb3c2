import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './app/app-providers';
import { Bootstrap } from './app/bootstrap';
import { cspNonce, nonceCreatedStyles } from './app/csp-nonce';
import { basename } from './app/paths';
import { routes } from './app/routes';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

nonceCreatedStyles(cspNonce());

const router = createBrowserRouter(routes, { basename });
const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <Bootstrap router={router} />
    </AppProviders>
  </StrictMode>,
);
