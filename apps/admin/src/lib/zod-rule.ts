import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/**
 * An antd form rule from a contract zod schema: the form shows exactly the server's message.
 * `field` is checked inside the whole-object schema with the form's other values, so the rule
 * matches what the server will decide for that field.
 */
export function zodRule(schema: z.ZodType, field: string): Rule {
  return ({ getFieldsValue }) => ({
    validator(_rule, _value) {
      const result = schema.safeParse(getFieldsValue(true));
      if (result.success) return Promise.resolve();
      const issue = result.error.issues.find((i) => i.path[0] === field);
      return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
    },
  });
}

/** The first message of a schema's failure for the whole input, or null when it passes. */
export function firstIssue(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? '参数格式错误');
}
