/**
 * Body measurements of the underwriting interview (spec §3 HEIGHT, WEIGHT_MALE, WEIGHT_FEMALE,
 * WAIST_SIZE with their units questions), the §9 conversions and the §5 input rules: the SPA's
 * copy of `domain/src/measurements.rs`, checked against the "measurements" topic of `domain/vectors.json`.
 * Answers are judged in metric; the range message shows the bounds in the adviser's units,
 * rounded inwards so a bound shown is always accepted (docs/decisions.md J6-J11).
 */

/** §9 conversion constants. */
export const CM_PER_INCH = 2.54;
export const CM_PER_FOOT = 30.48;
export const KG_PER_STONE = 6.35029318;
export const LB_PER_KG = 2.204623;
export const LB_PER_STONE = 14;
export const INCHES_PER_FOOT = 12;
export const CM_PER_METRE = 100;

export type UnitSystem = 'imperial' | 'metric';
export type Measurement = 'HEIGHT' | 'WEIGHT_MALE' | 'WEIGHT_FEMALE' | 'WAIST_SIZE';
export type Field = 'metre' | 'feet' | 'inch' | 'kilo' | 'stone' | 'pound' | 'centimetre' | 'month' | 'year';

export type Reading =
  | { kind: 'metres'; value: number }
  | { kind: 'feetInches'; feet: number; inches: number }
  | { kind: 'kilograms'; value: number }
  | { kind: 'stonesPounds'; stones: number; pounds: number }
  | { kind: 'centimetres'; value: number }
  | { kind: 'inches'; inches: number };

export type MeasurementCheck = { ok: true; metric: number } | { ok: false; message: string };

interface MetricRange {
  min: number;
  max: number;
}

/** Whole centimetres (height, waist) or whole kilograms (weight); J6. */
export const metricRanges: Record<Measurement, MetricRange> = {
  HEIGHT: { min: 120, max: 230 },
  WEIGHT_MALE: { min: 40, max: 250 },
  WEIGHT_FEMALE: { min: 35, max: 230 },
  WAIST_SIZE: { min: 50, max: 200 },
};

export const unitsQuestions: Record<Measurement, string> = {
  HEIGHT: 'HEIGHT_UNITS',
  WEIGHT_MALE: 'WEIGHT_UNITS',
  WEIGHT_FEMALE: 'WEIGHT_UNITS',
  WAIST_SIZE: 'WAIST_UNITS',
};

export const labels: Record<Measurement, string> = {
  HEIGHT: 'height',
  WEIGHT_MALE: 'weight',
  WEIGHT_FEMALE: 'weight',
  WAIST_SIZE: 'waist size',
};

/** §5 maximum input lengths (centimetre, for waist, is J10). */
export const maxLengths: Record<Field, number> = {
  metre: 6,
  feet: 1,
  inch: 2,
  kilo: 6,
  stone: 2,
  pound: 2,
  centimetre: 6,
  month: 9,
  year: 4,
};

/** The input boxes of a measurement, major unit first. */
export function fields(measurement: Measurement, system: UnitSystem): readonly Field[] {
  const weight = measurement === 'WEIGHT_MALE' || measurement === 'WEIGHT_FEMALE';
  if (system === 'metric') return [measurement === 'HEIGHT' ? 'metre' : weight ? 'kilo' : 'centimetre'];
  if (measurement === 'HEIGHT') return ['feet', 'inch'];
  return weight ? ['stone', 'pound'] : ['inch'];
}

/** §5 "Numeric input allows digits" (and empty while the box is cleared). */
export function isNumericInput(text: string): boolean {
  return /^[0-9]*$/.test(text);
}

/** Digits with at most one decimal point, for the metric boxes (J8). */
export function isDecimalInput(text: string): boolean {
  return /^[0-9]*\.?[0-9]*$/.test(text);
}

/** §5 "Integer input permits an optional minus and empty". */
export function isIntegerInput(text: string): boolean {
  return /^-?[0-9]*$/.test(text);
}

export function inchesToCm(inches: number): number {
  return inches * CM_PER_INCH;
}

export function cmToInches(cm: number): number {
  return cm / CM_PER_INCH;
}

export function feetInchesToCm(feet: number, inches: number): number {
  return feet * CM_PER_FOOT + inches * CM_PER_INCH;
}

export function kgToPounds(kg: number): number {
  return kg * LB_PER_KG;
}

export function poundsToKg(pounds: number): number {
  return pounds / LB_PER_KG;
}

export function stonesPoundsToKg(stones: number, pounds: number): number {
  return stones * KG_PER_STONE + poundsToKg(pounds);
}

/** Half up to a whole number; null for a negative, non-finite or enormous value. */
function nearestWhole(value: number): number | null {
  const rounded = Math.round(value);
  return Number.isFinite(value) && value >= 0 && rounded <= 4_294_967_295 ? rounded : null;
}

/** To the nearest whole inch, carried into feet. */
export function cmToFeetInches(cm: number): { feet: number; inches: number } | null {
  const total = nearestWhole(cmToInches(cm));
  return total === null ? null : { feet: Math.floor(total / INCHES_PER_FOOT), inches: total % INCHES_PER_FOOT };
}

/** To the nearest whole pound, carried into stones. */
export function kgToStonesPounds(kg: number): { stones: number; pounds: number } | null {
  const total = nearestWhole(kgToPounds(kg));
  return total === null ? null : { stones: Math.floor(total / LB_PER_STONE), pounds: total % LB_PER_STONE };
}

/** Centimetres for a length, kilograms for a weight. */
export function toMetric(reading: Reading): number {
  switch (reading.kind) {
    case 'metres':
      return reading.value * CM_PER_METRE;
    case 'feetInches':
      return feetInchesToCm(reading.feet, reading.inches);
    case 'kilograms':
    case 'centimetres':
      return reading.value;
    case 'stonesPounds':
      return stonesPoundsToKg(reading.stones, reading.pounds);
    case 'inches':
      return inchesToCm(reading.inches);
  }
}

function isWeight(measurement: Measurement): boolean {
  return measurement === 'WEIGHT_MALE' || measurement === 'WEIGHT_FEMALE';
}

/** Whether a value in centimetres or kilograms is inside the range (bounds included). */
export function accepts(measurement: Measurement, metric: number): boolean {
  const range = metricRanges[measurement];
  return metric >= range.min && metric <= range.max;
}

/** A metric value in imperial, to the nearest whole inch or pound. */
export function toImperial(measurement: Measurement, metric: number): Reading | null {
  if (measurement === 'HEIGHT') {
    const value = cmToFeetInches(metric);
    return value && { kind: 'feetInches', ...value };
  }
  if (measurement === 'WAIST_SIZE') {
    const inches = nearestWhole(cmToInches(metric));
    return inches === null ? null : { kind: 'inches', inches };
  }
  const value = kgToStonesPounds(metric);
  return value && { kind: 'stonesPounds', ...value };
}

function imperialReading(measurement: Measurement, units: number): Reading {
  if (measurement === 'HEIGHT') {
    return { kind: 'feetInches', feet: Math.floor(units / INCHES_PER_FOOT), inches: units % INCHES_PER_FOOT };
  }
  if (measurement === 'WAIST_SIZE') return { kind: 'inches', inches: units };
  return { kind: 'stonesPounds', stones: Math.floor(units / LB_PER_STONE), pounds: units % LB_PER_STONE };
}

/** The smallest and largest whole-inch or whole-pound entries the range accepts. */
function imperialBounds(measurement: Measurement): [number, number] {
  const range = metricRanges[measurement];
  const perMetric = isWeight(measurement) ? LB_PER_KG : 1 / CM_PER_INCH;
  const accepted = (units: number): boolean => accepts(measurement, toMetric(imperialReading(measurement, units)));
  let lower = Math.round(range.min * perMetric);
  while (lower > 0 && accepted(lower - 1)) lower -= 1;
  while (!accepted(lower)) lower += 1;
  let upper = Math.round(range.max * perMetric);
  while (accepted(upper + 1)) upper += 1;
  while (!accepted(upper)) upper -= 1;
  return [lower, upper];
}

function imperialText(measurement: Measurement, units: number): string {
  if (measurement === 'HEIGHT') {
    return `${Math.floor(units / INCHES_PER_FOOT)} ft ${units % INCHES_PER_FOOT} in`;
  }
  if (measurement === 'WAIST_SIZE') return `${units} in`;
  return `${Math.floor(units / LB_PER_STONE)} st ${units % LB_PER_STONE} lb`;
}

function metricText(measurement: Measurement, whole: number): string {
  if (measurement === 'HEIGHT') {
    return `${Math.floor(whole / CM_PER_METRE)}.${String(whole % CM_PER_METRE).padStart(2, '0')} m`;
  }
  return measurement === 'WAIST_SIZE' ? `${whole} cm` : `${whole} kg`;
}

/** The bounds as the range message shows them in `system` (J7). */
export function boundsText(measurement: Measurement, system: UnitSystem): [string, string] {
  if (system === 'metric') {
    const range = metricRanges[measurement];
    return [metricText(measurement, range.min), metricText(measurement, range.max)];
  }
  const [lower, upper] = imperialBounds(measurement);
  return [imperialText(measurement, lower), imperialText(measurement, upper)];
}

/** §5: 'Please enter a {label} between {lower} and {upper}', in the adviser's units. */
export function rangeMessage(measurement: Measurement, system: UnitSystem): string {
  const [lower, upper] = boundsText(measurement, system);
  return `Please enter a ${labels[measurement]} between ${lower} and ${upper}`;
}

/** The message for an empty answer. */
export function missingMessage(measurement: Measurement): string {
  return `Please enter a ${labels[measurement]}`;
}

function decimal(text: string, field: Field): number | null {
  const ok = text.length <= maxLengths[field] && isDecimalInput(text) && /[0-9]/.test(text);
  return ok ? Number(text) : null;
}

function whole(text: string, field: Field): number | null {
  const ok = text !== '' && text.length <= maxLengths[field] && isNumericInput(text);
  return ok ? Number.parseInt(text, 10) : null;
}

function wholeOrZero(text: string, field: Field): number | null {
  return text === '' ? 0 : whole(text, field);
}

type ReadResult = { ok: true; reading: Reading } | { ok: false; message: string };

/**
 * Reads what was typed: `major` is the metres, kilograms or centimetres box, or the feet,
 * stones or inches box; `minor` is the inches or pounds box of a two-box imperial entry. A
 * blank box of a pair counts as 0; both blank is missing. Anything unreadable gets the range
 * message (J9).
 */
export function readMeasurement(measurement: Measurement, system: UnitSystem, major: string, minor = ''): ReadResult {
  const boxes = fields(measurement, system);
  const first = major.trim();
  const second = boxes.length === 2 ? minor.trim() : '';
  if (first === '' && second === '') return { ok: false, message: missingMessage(measurement) };
  const invalid: ReadResult = { ok: false, message: rangeMessage(measurement, system) };
  if (system === 'metric') {
    const value = decimal(first, boxes[0] ?? 'metre');
    if (value === null) return invalid;
    const kind = measurement === 'HEIGHT' ? 'metres' : measurement === 'WAIST_SIZE' ? 'centimetres' : 'kilograms';
    return { ok: true, reading: { kind, value } };
  }
  if (measurement === 'WAIST_SIZE') {
    const inches = whole(first, 'inch');
    return inches === null ? invalid : { ok: true, reading: { kind: 'inches', inches } };
  }
  if (measurement === 'HEIGHT') {
    const feet = wholeOrZero(first, 'feet');
    const inches = wholeOrZero(second, 'inch');
    if (feet === null || inches === null || inches >= INCHES_PER_FOOT) return invalid;
    return { ok: true, reading: { kind: 'feetInches', feet, inches } };
  }
  const stones = wholeOrZero(first, 'stone');
  const pounds = wholeOrZero(second, 'pound');
  if (stones === null || pounds === null || pounds >= LB_PER_STONE) return invalid;
  return { ok: true, reading: { kind: 'stonesPounds', stones, pounds } };
}

/** Reads an entry and checks it against the range; the accepted value is in cm or kg. */
export function checkMeasurement(measurement: Measurement, system: UnitSystem, major: string, minor = ''): MeasurementCheck {
  const read = readMeasurement(measurement, system, major, minor);
  if (!read.ok) return read;
  const metric = toMetric(read.reading);
  return accepts(measurement, metric) ? { ok: true, metric } : { ok: false, message: rangeMessage(measurement, system) };
}
