import { Button, theme } from 'antd';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  IDLE_ACTIVITY_EVENTS,
  IDLE_ACTIVITY_THROTTLE_MS,
  IDLE_CHECK_INTERVAL_MS,
  IdleTimer,
} from '@/lib/rules/constants';
import { durationText } from '@/lib/duration';
import { appStrings } from './strings';

export type IdlePhase = 'active' | 'warning' | 'expired';

/** Tabs of the portal in this browser tell each other of activity (EP6). */
const ACTIVITY_CHANNEL = 'portal-idle-activity';

interface ActivityMessage {
  at: number;
}

function isActivityMessage(data: unknown): data is ActivityMessage {
  return typeof data === 'object' && data !== null && typeof (data as Record<string, unknown>).at === 'number';
}

function openChannel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(ACTIVITY_CHANNEL) : undefined;
}

/**
 * §1, §9 idle log-out: counts `timeoutSeconds` from the last mouse, click, scroll or key event
 * (noted at most once a second), checks every second, and answers the phase: active, warning
 * (the last minute) or expired. Activity in another tab of the portal counts too. Once the
 * warning shows, only `staySignedIn` (its button) restarts the count, so a nudge of the mouse
 * cannot dismiss it unread (EP6). No timeout (undefined or 0): never idle.
 */
export function useIdleTimer(timeoutSeconds: number | undefined): {
  phase: IdlePhase;
  secondsLeft: number;
  staySignedIn: () => void;
} {
  const [phase, setPhase] = useState<IdlePhase>('active');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const phaseRef = useRef<IdlePhase>('active');
  const restart = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!timeoutSeconds || timeoutSeconds <= 0) return undefined;
    const timer = new IdleTimer(timeoutSeconds, Date.now());
    const channel = openChannel();
    let lastNoted = Number.NEGATIVE_INFINITY;

    const show = (next: IdlePhase) => {
      if (phaseRef.current === 'expired') return;
      phaseRef.current = next;
      setPhase(next);
    };
    const check = () => {
      const now = Date.now();
      if (timer.isExpired(now)) show('expired');
      else if (timer.isWarning(now)) {
        setSecondsLeft(Math.ceil(timer.remaining(now) / 1_000));
        show('warning');
      } else show('active');
    };
    const noteActivity = (now: number, tellOtherTabs: boolean) => {
      timer.activity(now);
      lastNoted = now;
      if (tellOtherTabs) channel?.postMessage({ at: now } satisfies ActivityMessage);
    };
    const onActivity = () => {
      if (phaseRef.current !== 'active') return;
      const now = Date.now();
      if (now - lastNoted < IDLE_ACTIVITY_THROTTLE_MS) return;
      noteActivity(now, true);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if (!isActivityMessage(event.data) || phaseRef.current === 'expired') return;
      // Another tab's clock may run ahead of ours: never count activity from the future.
      noteActivity(Math.min(event.data.at, Date.now()), false);
      check();
    };
    restart.current = () => {
      noteActivity(Date.now(), true);
      check();
    };

    const options = { capture: true, passive: true } as const;
    // Scroll does not bubble: it is caught on its way down, from whichever element scrolled.
    for (const name of IDLE_ACTIVITY_EVENTS) document.addEventListener(name, onActivity, options);
    channel?.addEventListener('message', onMessage);
    const interval = window.setInterval(check, IDLE_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(interval);
      for (const name of IDLE_ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, options);
      channel?.close();
      restart.current = () => undefined;
    };
  }, [timeoutSeconds]);

  const staySignedIn = useCallback(() => restart.current(), []);
  return { phase, secondsLeft, staySignedIn };
}

/**
 * The warning a minute before sign-out: an alert dialog, so a screen reader announces it as it
 * opens and moves into it; focus starts on Stay signed in and stays inside (Tab wraps); Escape
 * also stays; focus goes back where it was when it closes.
 */
export function IdleWarning({ secondsLeft, onStay, onSignOut }: { secondsLeft: number; onStay: () => void; onSignOut: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  // Drawn over the page, outside the shell's layout: it takes the app's type from the theme.
  const { token } = theme.useToken();

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stay.current?.focus();
    return () => before?.focus({ preventScroll: true });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onStay();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const buttons = Array.from(dialog.current.querySelectorAll<HTMLElement>('button:not([disabled])'));
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="idle-warning__backdrop" style={{ fontFamily: token.fontFamily, fontSize: token.fontSize }}>
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="idle-warning-title"
        aria-describedby="idle-warning-description"
        className="idle-warning"
        onKeyDown={onKeyDown}
      >
        <h2 id="idle-warning-title" className="idle-warning__title">
          {appStrings.idle.title}
        </h2>
        <p id="idle-warning-description">{appStrings.idle.description(durationText(secondsLeft))}</p>
        <div className="idle-warning__actions">
          <Button ref={stay} type="primary" onClick={onStay}>
            {appStrings.idle.staySignedIn}
          </Button>
          <Button onClick={onSignOut}>{appStrings.idle.signOutNow}</Button>
        </div>
      </div>
    </div>
  );
}
