import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { FeedbackProvider } from '@/components/feedback';
import { TopProgressBar } from '@/components/top-progress-bar';
import '@/lib/dayjs';
import { theme } from './theme';

/** Providers every screen (and every component test) needs: antd in en-GB, react-query. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider locale={enGB} theme={theme}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>
          <TopProgressBar />
          {children}
        </QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
