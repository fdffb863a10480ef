/** Thrown by a handler to answer with a catalogue code (HTTP 400 unless the code says otherwise). */
export class ActionError extends Error {
  constructor(
    readonly code: string,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'ActionError';
  }
}
