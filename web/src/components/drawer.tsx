import { Drawer as AntDrawer, type DrawerProps } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { tabbableIn } from '@/lib/focus';

/** The element rc-drawer keeps focus in with: its frame, the parent of the two sentinels. */
function frameOf(dialog: HTMLElement): HTMLElement | null {
  for (let element = dialog.parentElement; element; element = element.parentElement) {
    if (element.querySelector(':scope > [data-sentinel]')) return element;
  }
  return null;
}

/**
 * Where focus goes when it lands on rc-drawer's frame or one of its sentinels: into the dialog,
 * round the loop. Nothing when the focus is somewhere else.
 */
function passOn(dialog: HTMLElement, target: HTMLElement): HTMLElement | null {
  const frame = frameOf(dialog);
  if (!frame) return null;
  if (target === frame) return dialog;
  if (target.parentElement !== frame) return null;
  const controls = tabbableIn(dialog);
  if (target.dataset.sentinel === 'end') return controls[0] ?? dialog;
  if (target.dataset.sentinel === 'start') return controls.at(-1) ?? dialog;
  return null;
}

/**
 * antd's Drawer, with focus a keyboard user can follow (WCAG 2.4.3, 2.4.7); every drawer of the
 * portal is this one.
 *
 * As it opens, rc-drawer focuses its frame, outside the dialog, and it keeps focus in with two
 * invisible stops (`data-sentinel`) before and after the dialog: the first Tab, and the Tab past
 * the last control, would land on nothing that shows. Here focus goes to the dialog itself as it
 * opens (a screen reader announces its name; the first Tab reaches its first control), and a
 * sentinel passes focus on round the loop: to the first control after the last, to the last
 * before the first. Closed, it leaves nothing behind by default (`destroyOnHidden`): rc-drawer's
 * sentinels would stay in the page's tab order.
 */
export function Drawer({ destroyOnHidden = true, ...props }: Omit<DrawerProps, 'panelRef'>) {
  const dialog = useRef<HTMLDivElement | null>(null);
  const panelRef = useCallback((element: HTMLDivElement | null) => {
    dialog.current = element;
    // Focusable by script only: the dialog takes focus as it opens, but is no stop of its own.
    element?.setAttribute('tabindex', '-1');
  }, []);

  // Listening from the start: rc-drawer focuses its frame in the same commit as it opens.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (!dialog.current || !(event.target instanceof HTMLElement)) return;
      const next = passOn(dialog.current, event.target);
      // The dialog is not scrolled to (it is all in view); a control is, inside the drawer.
      next?.focus({ preventScroll: next === dialog.current });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  // Focus into the dialog as it opens, from wherever it is (the opener, or rc-drawer's frame):
  // now, and once more after the frame, should the dialog have come later than this effect.
  const { open } = props;
  useEffect(() => {
    if (!open) return;
    const focusDialog = () => {
      const element = dialog.current;
      if (element && !element.contains(document.activeElement)) element.focus({ preventScroll: true });
    };
    focusDialog();
    const frame = requestAnimationFrame(focusDialog);
    return () => cancelAnimationFrame(frame);
  }, [open]);

  return <AntDrawer {...props} destroyOnHidden={destroyOnHidden} panelRef={panelRef} />;
}
