/**
 * What the gateway simulators know of the shop's registered templates, and the DLT platforms'
 * matching rule: a message's text must equal the registered text with each `{#var#}` place filled
 * by at most 30 characters (SMS_VARIABLE_MAX_CHARS); everything else is fixed text, matched
 * exactly. The simulators take the registry as a plain list, so they depend on no loader.
 */
import { SMS_VARIABLE_MAX_CHARS } from '../types.ts';

/** One registered template as a gateway holds it. */
export interface SimulatorTemplate {
  /** The DLT template id (what Exotel receives as `DltTemplateId`). */
  dltTemplateId?: string;
  /** MSG91's own template id (what its Flow API receives as `template_id`). */
  msg91TemplateId?: string;
  /** The registered text, with a `{#var#}` for each variable. */
  template: string;
  /** The variables' names, in the order of their places (MSG91's `##name##`). */
  variables: string[];
}

/** The DLT platforms' mark for a variable's place in a registered text. */
export const VARIABLE_PLACE = '{#var#}';

/** A regular expression matching exactly the texts `template` allows (code points, not UTF-16 units). */
export function templatePattern(template: string): RegExp {
  const literal = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = template.split(VARIABLE_PLACE).map(literal).join(`([\\s\\S]{0,${SMS_VARIABLE_MAX_CHARS}})`);
  return new RegExp(`^${body}$`, 'u');
}

/** True when `text` is `template` with every place filled by at most 30 characters. */
export function matchesTemplate(template: string, text: string): boolean {
  return templatePattern(template).test(text);
}

/**
 * `template` with its places filled in order by `values`; null when a value is missing or over
 * 30 characters (what MSG91 does with the variables of a Flow request).
 */
export function fillTemplate(template: string, values: string[]): string | null {
  const parts = template.split(VARIABLE_PLACE);
  if (values.length < parts.length - 1) return null;
  if (values.some((v) => [...v].length > SMS_VARIABLE_MAX_CHARS)) return null;
  return parts.reduce((text, part, i) => (i === 0 ? part : text + values[i - 1] + part), '');
}
