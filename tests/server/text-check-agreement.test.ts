/**
 * The SPA checks typed text with its own small evaluator (machines/text-check.ts) over the
 * contract's rules; the server checks the same rules with ajv. Both must accept and refuse the
 * same values, or a form would let through what the server refuses (or block what it takes).
 * Every rule of contract/field-rules.ts is compiled here with the server's own ajv configuration
 * (server/http/validation-options.ts) and run over the same inputs as the evaluator.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { TEXT_RULES, type TextRule } from '../../contract/field-rules.js';
import { AJV_OPTIONS } from '../../server/http/validation-options.js';
import { CHECKED_KEYWORDS, brokenRule, textLength } from '../../machines/text-check.js';

const compile = AjvCompiler()({}, AJV_OPTIONS);

/** Values around every limit and through every pattern and format. */
function inputsFor(rule: TextRule): string[] {
  const around = (n: number) => [n - 1, n, n + 1].filter((k) => k >= 0);
  const lengths = [
    ...(rule.minLength !== undefined ? around(rule.minLength) : []),
    ...(rule.maxLength !== undefined ? around(rule.maxLength) : []),
  ];
  return [
    '',
    ' ',
    'a',
    'ab',
    'abc',
    'alice',
    'Alice',
    'QA Tester!',
    'qa.tester_1',
    'a b',
    '   x   ',
    'Zoë',
    '日本語の名前',
    '😀😀😀',
    'x\u0000y',
    'not-an-email',
    'alice@example.com',
    'Alice@Example.COM',
    'a@b',
    'a@b.c',
    'a..b@example.com',
    'first.last+tag@sub.example.org',
    '"quoted"@example.com',
    'alice@example.com ',
    'alice@-example.com',
    ...lengths.map((n) => 'a'.repeat(n)),
    // Emoji are one character to ajv: a limit counted in UTF-16 units would differ here.
    ...lengths.map((n) => '😀'.repeat(n)),
    ...lengths.map((n) => `${'b'.repeat(Math.max(0, n - 12))}@example.com`),
  ];
}

describe('the SPA and the server check text alike', () => {
  it('knows every keyword the rules use', () => {
    for (const rule of Object.values(TEXT_RULES)) {
      for (const key of Object.keys(rule)) expect(CHECKED_KEYWORDS).toContain(key);
    }
  });

  it.each(Object.entries(TEXT_RULES))('accepts and refuses the same values for %s', (_, rule) => {
    const validate = compile({
      schema: Type.Object({ value: Type.String(rule) }),
      method: 'POST',
      url: '/',
      httpPart: 'body',
    });
    const disagreements = inputsFor(rule).filter(
      (value) => Boolean(validate({ value })) !== (brokenRule(rule, value) === null),
    );
    expect(disagreements).toEqual([]);
  });

  it('counts characters as code points', () => {
    expect(textLength('😀ab')).toBe(3);
    expect(textLength('')).toBe(0);
  });
});
