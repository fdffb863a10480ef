import type { AppDeps } from '../deps.ts';

/** The account being closed, as each slice's step sees it. */
export interface ClosingAccount {
  id: number;
  ref: string;
  userType: 1 | 2;
}

/**
 * What one slice does when an account closes (issue 27): its plan stops charging, its keys and
 * tokens stop working, its future bookings are cancelled, its sessions and sockets end. Each
 * slice brings its step; app.ts lists them in `deps.accountClosing` (as `settlements` for
 * sales), and the legal slice runs them all, in that order, before it anonymises the account:
 * a step that fails stops the deletion, which can then be asked for again, so every step must
 * be safe to run twice. What the law keeps (invoices, clinical records) is no step's business.
 */
export interface AccountClosingStep {
  /** Names the step in logs. */
  name: string;
  close(deps: AppDeps, account: ClosingAccount): Promise<void>;
}
