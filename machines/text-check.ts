/**
 * Checks typed text against the contract's own rules (contract/field-rules.ts) in the browser, so
 * a form can say what is wrong before anything is sent, in the same words the server would use
 * (contract/field-messages.ts).
 *
 * Why not TypeBox's or ajv's own checker: both are tens of kilobytes, and TypeBox's compiler and
 * ajv build their checks with `new Function`, which the app's Content-Security-Policy forbids. A
 * text rule has four keywords, evaluated here exactly as ajv does (lengths in code points, the
 * pattern with the `u` flag, the format by the expression the server registers);
 * tests/server/text-check-agreement.test.ts runs both over the same inputs.
 */
import { TEXT_FORMATS, type TextRule } from '../contract/field-rules.js';
import { ruleSentence } from '../contract/field-messages.js';

/** The JSON Schema keywords a TextRule may hold; anything else is a rule this file cannot check. */
export const CHECKED_KEYWORDS = ['title', 'minLength', 'maxLength', 'pattern', 'format'] as const;

export interface BrokenRule {
  keyword: 'required' | 'minLength' | 'maxLength' | 'pattern' | 'format';
  params: Record<string, unknown>;
}

/** A string's length as ajv counts it: in code points, so an emoji is one character. */
export function textLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source, 'u');
    patterns.set(source, pattern);
  }
  return pattern;
}

/**
 * The first rule `value` breaks, in the order a person fixes them (say something, enough of it,
 * not too much, the right characters, the right shape), or null. An empty value of a field that
 * needs text is "required", as the server answers a blank field.
 */
export function brokenRule(rule: TextRule, value: string): BrokenRule | null {
  const length = textLength(value);
  if (length === 0 && (rule.minLength ?? 0) > 0) return { keyword: 'required', params: {} };
  if (rule.minLength !== undefined && length < rule.minLength) {
    return { keyword: 'minLength', params: { limit: rule.minLength } };
  }
  if (rule.maxLength !== undefined && length > rule.maxLength) {
    return { keyword: 'maxLength', params: { limit: rule.maxLength } };
  }
  if (rule.pattern !== undefined && !patternOf(rule.pattern).test(value)) {
    return { keyword: 'pattern', params: { pattern: rule.pattern } };
  }
  if (rule.format !== undefined && !TEXT_FORMATS[rule.format].test(value)) {
    return { keyword: 'format', params: { format: rule.format } };
  }
  return null;
}

/** What is wrong with `value` as the API field `field`, as a sentence; null when nothing is. */
export function textProblem(field: string, rule: TextRule, value: string): string | null {
  const broken = brokenRule(rule, value);
  return broken && ruleSentence(field, broken.keyword, broken.params, rule.title);
}
