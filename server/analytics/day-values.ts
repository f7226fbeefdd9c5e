/**
 * A bound on the distinct values of one dimension a day (the sources, the
 * UTM campaigns): each new value adds a row to the daily and monthly
 * roll-ups, kept for good, so made-up referrers and tags could grow them
 * without end. The values a day already holds are read once per day; past
 * the bound, a new value is counted as "Other". Each server keeps its own
 * copy, so behind N servers a day holds at most N times the bound.
 */

/** What a value past the day's bound is counted as. */
export const OTHER = 'Other';

export class DayValues {
  private day = '';
  private values: Promise<Set<string>> | null = null;

  constructor(
    private readonly max: number,
    /** The values of `day` already stored. */
    private readonly stored: (day: string) => Promise<string[]>,
  ) {}

  /** `value` when the day holds it or has room for it, else `OTHER`. */
  async admit(day: string, value: string): Promise<string> {
    if (day !== this.day || !this.values) {
      this.day = day;
      // A failed read starts the day empty: the bound then holds for this server's values alone.
      this.values = this.stored(day).then(
        (values) => new Set(values),
        () => new Set(),
      );
    }
    const values = await this.values;
    if (values.has(value)) return value;
    if (values.size >= this.max) return OTHER;
    values.add(value);
    return value;
  }
}
