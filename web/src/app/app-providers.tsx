import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { FeedbackProvider } from '@/components/feedback';
import { TopProgressBar } from '@/components/top-progress-bar';
import '@/lib/dayjs';
import { cspNonce } from './csp-nonce';
import { theme } from './theme';

/** Read once: the page's nonce does not change while it is open. */
const csp = { nonce: cspNonce() };

/**
 * antd's en-GB, except that the calendar's month and year buttons are named by what they show
 * ("Nov", "2026"): antd labels them "Choose a month" and "Choose a year", so someone using speech
 * input who says what they see cannot press them (WCAG 2.5.3 Label in Name; axe
 * label-content-name-mismatch). An empty label counts as none, so a button's name is its text.
 */
const locale: typeof enGB = enGB.DatePicker
  ? { ...enGB, DatePicker: { ...enGB.DatePicker, lang: { ...enGB.DatePicker.lang, monthSelect: '', yearSelect: '' } } }
  : enGB;

/** Providers every screen (and every component test) needs: antd in en-GB, react-query. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    // virtual={false}: with a virtual list, antd's Select draws its visible options as plain divs
    // carrying aria-selected (not allowed without role="option"; axe aria-allowed-attr, critical)
    // beside a hidden three-item listbox. Without it, the visible list is the listbox and each
    // option has role="option". Our option lists are short, so nothing is lost.
    // form colon off: a label that asks a question ends with its question mark, not "?:".
    // csp: antd's run-time <style> elements carry the page's nonce (csp-nonce.ts).
    <ConfigProvider locale={locale} theme={theme} virtual={false} form={{ colon: false }} csp={csp}>
      <FeedbackProvider>
        <QueryClientProvider client={queryClient}>
          <TopProgressBar />
          {children}
        </QueryClientProvider>
      </FeedbackProvider>
    </ConfigProvider>
  );
}
