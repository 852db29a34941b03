import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import './shared/i18n/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { frontendSettingsQueryOptions } from './features/reference/api/get-frontend-settings';
import { createQueryClient } from './shared/api/query-client';

const queryClient = createQueryClient();
// The frontend settings are read once at start, before any page asks for them.
void queryClient.prefetchQuery(frontendSettingsQueryOptions());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
