/** Sends the browser to another site (a provider's consent page); tests replace this module. */
export function leaveApp(url: string): void {
  window.location.assign(url);
}
