import { type ActionName, actions, describeError, isCode, type Language } from '@agendo/contract';

/**
 * Validation messages are catalogue codes ('E10'); this turns one into the text of the
 * action's catalogue (or the common one) in the page's language. Other text passes through.
 */
export function errorText(action: ActionName, message: string | undefined, lang: Language = 'es') {
  if (!message) return undefined;
  if (!isCode(message)) return message;
  return describeError(actions[action].errors, message)?.[lang] ?? message;
}
