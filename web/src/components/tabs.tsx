import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Tabs after the WAI-ARIA pattern: a tablist of buttons (arrow keys, Home and End move between
 * them, only the selected one is in the Tab order) above the selected panel. Plain markup styled
 * like the rest of the page; antd's Tabs would bring menus and dropdowns for overflowing tabs
 * into the first screen's download.
 */
export function Tabs<K extends string>({ items, activeKey, onChange, label, children }: {
  items: readonly TabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.key === activeKey);
    const target = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const key = items[target]?.key;
    if (key === undefined) return;
    onChange(key);
    buttons.current.get(key)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) buttons.current.set(item.key, element);
                else buttons.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeKey)} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
