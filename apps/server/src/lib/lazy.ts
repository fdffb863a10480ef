/**
 * A value made on first use and shared after: heavy libraries (PDF, spreadsheet, image, payment
 * SDKs) are imported with `import()` inside `load`, so a start that never needs them never pays
 * for them (issue 13: cold start and memory). A failed load is tried again next time.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
