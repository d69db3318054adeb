import { formatDate } from './formatDateTime';

/** A day (YYYY-MM-DD) as the user reads dates, read at noon so no time zone moves it to another day. */
export const dayText = (day: string) => formatDate(`${day}T12:00:00`) || day;
