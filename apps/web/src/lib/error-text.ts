import { type ActionDef, describeError, isCode, type Language } from '@agendo/contract';

/**
 * Validation messages are catalogue codes ('E10'); this turns one into the text of the
 * action's catalogue (or the common one) in the page's language. Other text passes through.
 * The action comes as its definition (`import * as authActions from '@agendo/contract/auth'`),
 * never looked up by name, so a page carries only its own actions, not the whole registry.
 */
export function errorText(
  action: Pick<ActionDef, 'errors'>,
  message: string | undefined,
  lang: Language = 'es',
) {
  if (!message) return undefined;
  if (!isCode(message)) return message;
  return describeError(action.errors, message)?.[lang] ?? message;
}
