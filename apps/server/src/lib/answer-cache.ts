/**
 * Answers kept for a few seconds, each valid only while the database's write mark
 * (db/write-mark.ts) reads as it did before the answer was computed, and never past its own
 * expiry. A write anywhere, by any instance, makes every entry miss: nothing has to know which
 * writes matter. Least recently stored out first beyond `size` entries.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { mark: string; fromMs: number; untilMs: number; value: T }>();

  constructor(private readonly size: number) {}

  get(key: string, mark: string, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // A clock behind the entry's own (tests move it) must not see an answer from its future.
    if (entry.mark !== mark || nowMs < entry.fromMs || nowMs >= entry.untilMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `mark` must have been read before the reads that built `value`. */
  set(key: string, mark: string, fromMs: number, untilMs: number, value: T): void {
    if (untilMs <= fromMs) return;
    this.entries.delete(key);
    if (this.entries.size >= this.size) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { mark, fromMs, untilMs, value });
  }
}
