/** What a staff form's action answers (client-safe). */
export type ActionResult = {
  status: 'idle' | 'success' | 'error';
  message?: string;
  fieldErrors?: Record<string, string>;
  /** Changes on every answer, so that a repeated outcome is announced again. */
  at?: number;
};
export const idle: ActionResult = { status: 'idle' };
export const ok = (message: string): ActionResult => ({ status: 'success', message, at: Date.now() });
export const fail = (message: string, fieldErrors?: Record<string, string>): ActionResult => ({ status: 'error', message, fieldErrors, at: Date.now() });

/** Thrown by staff domain code when it refuses a request for a reason the staff member can fix (the message says how). */
export class ActionRefused extends Error {}
