import type { OpeningHours, StreetAddress, Weekday } from '../content/business.ts';

export const weekdays: readonly Weekday[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

/** The eleven digits of an ABN, as written anywhere: "51 824 753 556" → "51824753556". */
export const abnDigits = (abn: string): string => abn.replace(/\s/g, '');

/** An ABN as the ATO prints it: "51824753556" → "51 824 753 556". */
export function formatAbn(abn: string): string {
  return abnDigits(abn).replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');
}

/** "Level 2, 45 Hunter Street, Newcastle NSW 2300". */
export function formatAddress(address: StreetAddress): string {
  return `${address.street}, ${address.suburb} ${address.state} ${address.postcode}`;
}

/** "09:00" → "9 am", "17:30" → "5:30 pm", "12:00" → "12 pm". */
function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour12 = hours % 12 || 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${hours < 12 ? 'am' : 'pm'}`;
}

/** Three or more days in a row as a range ("Mon–Fri"), others one by one ("Sat, Sun"). */
function formatDays(days: readonly Weekday[]): string {
  const order = [...new Set(days)].map((day) => weekdays.indexOf(day)).sort((a, b) => a - b);
  const short = (index: number) => (weekdays[index] ?? '').slice(0, 3);
  const first = order[0];
  const last = order.at(-1);
  if (first !== undefined && last !== undefined && order.length >= 3 && last - first === order.length - 1)
    return `${short(first)}–${short(last)}`;
  return order.map(short).join(', ');
}

/** "Mon–Fri 9 am–5 pm". */
export function formatHours(hours: OpeningHours): string {
  return `${formatDays(hours.days)} ${formatTime(hours.opens)}–${formatTime(hours.closes)}`;
}
