import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '@/lib/dayjs';

// jsdom lacks a few browser APIs that antd uses; these are the browser's, not the component library's.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// jsdom does not implement getComputedStyle for pseudo-elements (antd measures scrollbars with one).
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

window.scrollTo = vi.fn();

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
