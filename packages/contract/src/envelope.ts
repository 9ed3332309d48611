/** Every /api reply: HTTP 200 with this body; code 200 is success (DESIGN.md section 3). */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const CODE = {
  ok: 200,
  /** a rule or validation refused the request */
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooLarge: 413,
  tooMany: 429,
  error: 500,
  maintenance: 503,
} as const;

export interface Paged<T> {
  data: T[];
  total: number;
  last_page: number;
  current_page: number;
  per_page: number;
}
