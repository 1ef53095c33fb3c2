import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import * as constants from './constants';
import { IDLE_ACTIVITY_EVENTS, IdleTimer, dressSizes, geneticTestDisclosureRequired, type DressSizeScale } from './constants';

interface IdleEvent {
  at: number;
  event: 'activity' | 'check';
  expired?: boolean;
}

interface IdleCase {
  timeoutSeconds: number;
  events: IdleEvent[];
  note: string;
}

const idleCases: IdleCase[] = [
  { timeoutSeconds: 1800, events: [{ at: 0, event: 'check', expired: false }, { at: 1799000, event: 'check', expired: false }, { at: 1799999, event: 'check', expired: false }, { at: 1800000, event: 'check', expired: true }], note: 'expires at exactly the timeout' },
  { timeoutSeconds: 60, events: [{ at: 59000, event: 'activity' }, { at: 60000, event: 'check', expired: false }, { at: 118999, event: 'check', expired: false }, { at: 119000, event: 'check', expired: true }], note: 'activity restarts the count' },
  { timeoutSeconds: 60, events: [{ at: 30000, event: 'activity' }, { at: 20000, event: 'activity' }, { at: 89999, event: 'check', expired: false }, { at: 90000, event: 'check', expired: true }], note: 'an earlier time (clock set back) is ignored' },
  { timeoutSeconds: 0, events: [{ at: 0, event: 'check', expired: true }], note: 'a zero timeout expires at once' },
  { timeoutSeconds: 5, events: [{ at: 1000, event: 'activity' }, { at: 2000, event: 'activity' }, { at: 3000, event: 'activity' }, { at: 7999, event: 'check', expired: false }, { at: 8000, event: 'check', expired: true }, { at: 9000, event: 'activity' }, { at: 13999, event: 'check', expired: false }, { at: 14000, event: 'check', expired: true }], note: 'a run of activity, checked every second' },
  { timeoutSeconds: 1, events: [{ at: 0, event: 'check', expired: false }, { at: 999, event: 'check', expired: false }, { at: 1000, event: 'check', expired: true }, { at: 1000, event: 'activity' }, { at: 1500, event: 'check', expired: false }], note: 'one-second timeout' },
];

interface ConstantsCase {
  kind: 'constant' | 'dressSizes' | 'geneticDisclosure';
  note: string;
  name?: string;
  scale?: DressSizeScale;
  pounds?: number;
  expected?: unknown;
}

const byName = constants as unknown as Record<string, unknown>;

function check(c: ConstantsCase): void {
  switch (c.kind) {
    case 'constant':
      expect(byName[c.name ?? '']).toBe(c.expected);
      return;
    case 'dressSizes':
      expect(dressSizes(c.scale ?? 'uk')).toEqual(c.expected);
      return;
    case 'geneticDisclosure':
      expect(geneticTestDisclosureRequired(c.pounds ?? 0)).toBe(c.expected);
      return;
  }
}

describe('constants vectors shared with the Rust domain', () => {
  const all = cases<ConstantsCase>('constants');

  it('has dozens of cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(35);
  });

  it.each(all.map((c, i) => [`${String(i)} ${c.kind} ${c.name ?? c.scale ?? ''}: ${c.note}`, c] as const))('%s', (_name, c) => {
    check(c);
  });
});

/**
 * The idle log-out runs only in the browser, so its rule is the SPA's alone (EP6): these cases
 * were the shared vectors' "idle" topic when the server kept a copy it never used.
 */
describe('idle timer', () => {
  it.each(idleCases.map((c) => [c.note, c] as const))('%s', (_note, c) => {
    const timer = new IdleTimer(c.timeoutSeconds, 0);
    for (const event of c.events) {
      if (event.event === 'activity') timer.activity(event.at);
      else expect(timer.isExpired(event.at), `at ${String(event.at)}`).toBe(event.expired);
    }
  });

  it('counts mouse, click, scroll and key events as activity, checked every second (§9)', () => {
    expect(IDLE_ACTIVITY_EVENTS).toEqual(['mousemove', 'click', 'scroll', 'keydown']);
    expect(constants.IDLE_CHECK_INTERVAL_MS).toBe(1_000);
  });

  it('expires exactly a timeout after the latest activity, whatever the order of events', () => {
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let run = 0; run < 500; run += 1) {
      const timeout = next(10_000);
      const timer = new IdleTimer(timeout, 0);
      let latest = 0;
      for (let step = next(20); step > 0; step -= 1) {
        const at = next(5_000) * 1_000;
        latest = Math.max(latest, at);
        timer.activity(at);
      }
      const probe = next(20_000) * 1_000;
      expect(timer.isExpired(probe)).toBe(probe - latest >= timeout * 1_000);
      expect(timer.remaining(probe)).toBeLessThanOrEqual(timeout * 1_000);
    }
  });

  it('warns in the last minute, or the last half of a timeout under two minutes (EP6)', () => {
    const long = new IdleTimer(1_800, 0);
    expect(long.isWarning(1_739_999)).toBe(false);
    expect(long.isWarning(1_740_000)).toBe(true);
    expect(long.isWarning(1_800_000)).toBe(false);
    const short = new IdleTimer(20, 0);
    expect(short.isWarning(9_999)).toBe(false);
    expect(short.isWarning(10_000)).toBe(true);
    expect(short.isExpired(20_000)).toBe(true);
  });

  it('counts down the time left and stops at zero', () => {
    const timer = new IdleTimer(60, 0);
    timer.activity(59_000);
    expect(timer.remaining(89_000)).toBe(30_000);
    expect(timer.remaining(500_000)).toBe(0);
    expect(timer.remaining(0)).toBe(60_000);
  });
});
