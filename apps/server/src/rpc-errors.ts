/** Thrown by a handler to answer with a catalogue code (HTTP 400 unless the code says otherwise). */
export class ActionError extends Error {
  constructor(
    readonly code: string,
    readonly field?: string,
    /** The server's own message for a code whose text is the server's (afip-billing E200, spec 002 §8). */
    readonly detail?: string,
  ) {
    super(code);
    this.name = 'ActionError';
  }
}
