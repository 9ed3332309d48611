/**
 * Names and free text refuse control and format characters (issue 14): Unicode Cc (C0/C1
 * controls, DEL) and Cf (invisible format characters: bidi overrides and isolates such as
 * U+202E, zero-width joiners and spaces, the BOM, soft hyphen, tag characters). They let one
 * name look like another, reorder what an operator reads in the back-office, or hide text.
 * Free text that is typed in a multi-line box keeps its line breaks and tabs.
 */

const IN_NAME = /[\p{Cc}\p{Cf}]/u;
/** as above, but a line break or a tab is allowed */
const IN_TEXT = /(?![\n\r\t])[\p{Cc}\p{Cf}]/u;

/** whether a one-line value (a name, an address, a reason) holds a control or format character */
export const hasControlChars = (value: string): boolean => IN_NAME.test(value);
/** whether multi-line text holds one other than a line break or tab */
export const hasControlCharsInText = (value: string): boolean => IN_TEXT.test(value);

/** the message for a field that refuses them, e.g. controlCharsMessage('真实姓名') */
export const controlCharsMessage = (field: string) => `${field}不能包含控制字符或不可见的格式字符`;

/** zod refinement options: `.refine(...plainLine('真实姓名'))` */
export const plainLine = (field: string) => [(v: string) => !hasControlChars(v), { error: controlCharsMessage(field) }] as const;
/** zod refinement options for multi-line text: `.refine(...plainText('问题描述'))` */
export const plainText = (field: string) => [(v: string) => !hasControlCharsInText(v), { error: controlCharsMessage(field) }] as const;
