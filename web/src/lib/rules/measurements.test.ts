import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import {
  CM_PER_FOOT,
  CM_PER_INCH,
  KG_PER_STONE,
  LB_PER_KG,
  LB_PER_STONE,
  checkMeasurement,
  cmToFeetInches,
  feetInchesToCm,
  isDecimalInput,
  isIntegerInput,
  isNumericInput,
  kgToStonesPounds,
  maxLengths,
  rangeMessage,
  stonesPoundsToKg,
  toImperial,
  toMetric,
  type Field,
  type Measurement,
  type Reading,
  type UnitSystem,
} from './measurements';

interface Imperial {
  feet?: number;
  inches?: number;
  stones?: number;
  pounds?: number;
}

interface MeasurementCase {
  kind: string;
  note: string;
  name?: string;
  measurement?: Measurement;
  system?: UnitSystem;
  metric?: number;
  imperial?: Imperial;
  major?: string;
  minor?: string;
  field?: Field;
  filter?: string;
  text?: string;
  expected: unknown;
}

const constants: Record<string, number> = { CM_PER_INCH, CM_PER_FOOT, KG_PER_STONE, LB_PER_KG, LB_PER_STONE };

function imperialJson(reading: Reading | null): Imperial | null {
  if (reading === null) return null;
  switch (reading.kind) {
    case 'feetInches':
      return { feet: reading.feet, inches: reading.inches };
    case 'stonesPounds':
      return { stones: reading.stones, pounds: reading.pounds };
    case 'inches':
      return { inches: reading.inches };
    default:
      throw new Error(`not imperial: ${reading.kind}`);
  }
}

function imperialReading(measurement: Measurement, imperial: Imperial): Reading {
  if (measurement === 'HEIGHT') return { kind: 'feetInches', feet: imperial.feet ?? 0, inches: imperial.inches ?? 0 };
  if (measurement === 'WAIST_SIZE') return { kind: 'inches', inches: imperial.inches ?? 0 };
  return { kind: 'stonesPounds', stones: imperial.stones ?? 0, pounds: imperial.pounds ?? 0 };
}

function filterOf(name: string | undefined): (text: string) => boolean {
  if (name === 'numeric') return isNumericInput;
  if (name === 'integer') return isIntegerInput;
  if (name === 'decimal') return isDecimalInput;
  throw new Error(`unknown filter ${String(name)}`);
}

function check(c: MeasurementCase): void {
  const measurement = c.measurement ?? 'HEIGHT';
  const system = c.system ?? 'metric';
  switch (c.kind) {
    case 'constant':
      expect(constants[c.name ?? '']).toBe(c.expected);
      return;
    case 'toImperial':
      expect(imperialJson(toImperial(measurement, c.metric ?? Number.NaN))).toEqual(c.expected);
      return;
    case 'toMetric':
      expect(toMetric(imperialReading(measurement, c.imperial ?? {}))).toBeCloseTo(c.expected as number, 9);
      return;
    case 'rangeMessage':
      expect(rangeMessage(measurement, system)).toBe(c.expected);
      return;
    case 'check': {
      const expected = c.expected as { metric?: number; message?: string };
      const result = checkMeasurement(measurement, system, c.major ?? '', c.minor ?? '');
      if (result.ok) expect(result.metric).toBeCloseTo(expected.metric ?? Number.NaN, 9);
      else expect(result.message).toBe(expected.message);
      return;
    }
    case 'maxLength':
      expect(maxLengths[c.field ?? 'metre']).toBe(c.expected);
      return;
    case 'input':
      expect(filterOf(c.filter)(c.text ?? '')).toBe(c.expected);
      return;
    default:
      throw new Error(`unknown kind ${c.kind}`);
  }
}

describe('measurement vectors shared with the Rust domain', () => {
  const all = cases<MeasurementCase>('measurements');

  it('has dozens of cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(100);
  });

  it.each(all.map((c, i) => [`${String(i)} ${c.kind} ${c.measurement ?? ''} ${c.system ?? ''}: ${c.note}`, c] as const))('%s', (_name, c) => {
    check(c);
  });
});

describe('round trips', () => {
  it('keeps a height within half an inch through feet and inches', () => {
    for (let cm = 0; cm <= 300; cm += 0.37) {
      const imperial = cmToFeetInches(cm);
      expect(imperial).not.toBeNull();
      if (imperial === null) continue;
      expect(imperial.inches).toBeLessThan(12);
      expect(Math.abs(feetInchesToCm(imperial.feet, imperial.inches) - cm)).toBeLessThanOrEqual(CM_PER_INCH / 2 + 1e-9);
    }
  });

  it('keeps a weight within half a pound through stones and pounds', () => {
    for (let kg = 0; kg <= 400; kg += 0.29) {
      const imperial = kgToStonesPounds(kg);
      expect(imperial).not.toBeNull();
      if (imperial === null) continue;
      expect(imperial.pounds).toBeLessThan(14);
      expect(Math.abs(stonesPoundsToKg(imperial.stones, imperial.pounds) - kg)).toBeLessThanOrEqual(0.5 / LB_PER_KG + 1e-4);
    }
  });

  it('has no imperial value for impossible inputs', () => {
    for (const bad of [-0.01, Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
      expect(cmToFeetInches(bad)).toBeNull();
      expect(kgToStonesPounds(bad)).toBeNull();
    }
  });
});
