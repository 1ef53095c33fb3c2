import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import * as constants from './constants';
import { IDLE_ACTIVITY_EVENTS, IdleTimer, dressSizes, geneticTestDisclosureRequired, type DressSizeScale } from './constants';

interface IdleEvent {
  at: number;
  event: 'activity' | 'check';
  expired?: boolean;
}

interface ConstantsCase {
  kind: 'constant' | 'idleEvents' | 'dressSizes' | 'geneticDisclosure' | 'idle';
  note: string;
  name?: string;
  scale?: DressSizeScale;
  pounds?: number;
  timeoutSeconds?: number;
  events?: IdleEvent[];
  expected?: unknown;
}

const byName = constants as unknown as Record<string, unknown>;

function check(c: ConstantsCase): void {
  switch (c.kind) {
    case 'constant':
      expect(byName[c.name ?? '']).toBe(c.expected);
      return;
    case 'idleEvents':
      expect(IDLE_ACTIVITY_EVENTS).toEqual(c.expected);
      return;
    case 'dressSizes':
      expect(dressSizes(c.scale ?? 'uk')).toEqual(c.expected);
      return;
    case 'geneticDisclosure':
      expect(geneticTestDisclosureRequired(c.pounds ?? 0)).toBe(c.expected);
      return;
    case 'idle': {
      const timer = new IdleTimer(c.timeoutSeconds ?? 0, 0);
      for (const event of c.events ?? []) {
        if (event.event === 'activity') timer.activity(event.at);
        else expect(timer.isExpired(event.at), `at ${String(event.at)}`).toBe(event.expired);
      }
      return;
    }
  }
}

describe('constants vectors shared with the Rust domain', () => {
  const all = cases<ConstantsCase>('constants');

  it('has dozens of cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(40);
  });

  it.each(all.map((c, i) => [`${String(i)} ${c.kind} ${c.name ?? c.scale ?? ''}: ${c.note}`, c] as const))('%s', (_name, c) => {
    check(c);
  });
});

describe('idle timer', () => {
  it('counts down the time left and stops at zero', () => {
    const timer = new IdleTimer(60, 0);
    timer.activity(59_000);
    expect(timer.remaining(89_000)).toBe(30_000);
    expect(timer.remaining(500_000)).toBe(0);
    expect(timer.remaining(0)).toBe(60_000);
  });
});
