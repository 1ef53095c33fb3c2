/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: a Direct Debit's collection day, as people say it. */
export function ordinal(day: number): string {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${String(day)}${suffix}`;
}
