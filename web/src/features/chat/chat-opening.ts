import { chatStrings as t } from './strings';

/**
 * "Web chat opens at 08:00 on Monday 30 November" from the API's UK civil time
 * (`YYYY-MM-DDTHH:MM:SS`), or "… today" when that is today in the UK.
 */
export function formatChatOpening(opensAt: string, now: Date): string {
  const [date = '', clock = ''] = opensAt.split('T');
  const time = clock.slice(0, 5);
  const todayInUk = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
  if (date === todayInUk) return t.opensToday(time);
  const [year, month, day] = date.split('-').map(Number);
  const noonUtc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
  const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(noonUtc);
  return t.opensAt(time, dayName);
}
