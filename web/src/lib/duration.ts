/**
 * A length of time as an adviser reads it: "30 minutes", "1 minute", "20 seconds". A whole
 * number of minutes is said in minutes, anything else in seconds (the idle time-out, EP6).
 */
export function durationText(seconds: number): string {
  const unit = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
  return seconds >= 60 && seconds % 60 === 0 ? unit(seconds / 60, 'minute') : unit(seconds, 'second');
}
