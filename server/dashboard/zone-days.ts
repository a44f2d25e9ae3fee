/**
 * Calendar days in a viewer's time zone, as UTC instants: the dashboard sums hourly UTC buckets
 * into the viewer's days, so it needs where each local day begins. Zones come from the runtime's
 * ICU data (Intl), not from the database's, so the embedded and PostgreSQL setups agree and an
 * unknown name is refused before any query.
 */
const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter per zone; only valid zones are cached, so the map is bounded by ICU's list. */
function formatterOf(timeZone: string): Intl.DateTimeFormat | null {
  const known = formatters.get(timeZone);
  if (known) return known;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    return null;
  }
}

export function isKnownTimeZone(timeZone: string): boolean {
  return formatterOf(timeZone) !== null;
}

/** The wall-clock time in the zone at `instant`, read as if it were UTC (ms since epoch). */
function wallClock(instant: number, timeZone: string): number {
  const formatter = formatterOf(timeZone);
  if (!formatter) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const part: Record<string, number> = {};
  for (const p of formatter.formatToParts(instant)) part[p.type] = Number(p.value);
  return Date.UTC(
    part.year ?? 1970,
    (part.month ?? 1) - 1,
    part.day ?? 1,
    part.hour ?? 0,
    part.minute ?? 0,
    part.second ?? 0,
  );
}

/** YYYY-MM-DD of a day number (days since 1970-01-01). */
const isoDate = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The first instant of local day `dayNumber` in the zone (offsets may change that day). */
function startOfLocalDay(dayNumber: number, timeZone: string): number {
  const midnight = dayNumber * DAY_MS;
  let instant = midnight - (wallClock(midnight, timeZone) - midnight);
  // Once more with the offset in force at the first guess (a DST change between the two).
  instant = midnight - (wallClock(instant, timeZone) - instant);
  // Midnight skipped by a DST change: the day begins at the first hour that exists.
  while (wallClock(instant, timeZone) < midnight) instant += 3_600_000;
  return instant;
}

export interface ZonePeriod {
  /** The period's local days, oldest first, today last (YYYY-MM-DD). */
  dates: string[];
  /** dates.length + 1 instants: bounds[i] begins dates[i], the last one ends today. */
  bounds: Date[];
}

/** The last `days` local days up to and including today in `timeZone`. */
export function zonePeriod(days: number, timeZone: string, now: Date): ZonePeriod {
  const today = Math.floor(wallClock(now.getTime(), timeZone) / DAY_MS);
  const first = today - days + 1;
  const dates: string[] = [];
  const bounds: Date[] = [];
  for (let day = first; day <= today + 1; day++) {
    if (day <= today) dates.push(isoDate(day));
    bounds.push(new Date(startOfLocalDay(day, timeZone)));
  }
  return { dates, bounds };
}
