/**
 * How a registered SMS template becomes a message, pure and browser-safe: a DLT template marks each
 * variable with `{#var#}`; the message is the template with each place filled, in order, by a value
 * of at most SMS_VARIABLE_MAX_CHARS characters (the DLT platforms' limit). The operators' scrubbing
 * compares a message with its template in the same way, so a text that differs anywhere else is
 * not delivered.
 */
import { SMS_VARIABLE_MAX_CHARS } from './types.ts';

/** A variable's place in a DLT template. */
export const SMS_VARIABLE = '{#var#}';

/** How many `{#var#}` places `template` has. */
export function countVariables(template: string): number {
  return template.split(SMS_VARIABLE).length - 1;
}

/** Characters as people (and the DLT platforms) count them: code points, not UTF-16 units. */
export function smsLength(value: string): number {
  return [...value].length;
}

/**
 * The template with its places filled by `values`, in order. Throws when the count differs, a
 * value is empty or a value is over SMS_VARIABLE_MAX_CHARS characters.
 * @example fillTemplate('{#var#} is your code', ['4821']) // '4821 is your code'
 */
export function fillTemplate(template: string, values: readonly string[]): string {
  const parts = template.split(SMS_VARIABLE);
  if (parts.length - 1 !== values.length)
    throw new Error(`the template has ${parts.length - 1} variable(s), ${values.length} given`);
  for (const value of values) {
    if (value === '') throw new Error('a variable is empty');
    if (smsLength(value) > SMS_VARIABLE_MAX_CHARS)
      throw new Error(`a variable is ${smsLength(value)} characters; at most ${SMS_VARIABLE_MAX_CHARS}`);
  }
  return parts.reduce((text, part, i) => text + part + (values[i] ?? ''), '');
}
