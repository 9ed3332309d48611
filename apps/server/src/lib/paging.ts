import type { Paged } from '@casino/contract';

/** The paged reply of DESIGN.md section 3 from one page of rows and the total. */
export function paged<T>(rows: T[], total: number, page: number, perPage: number): Paged<T> {
  return { data: rows, total, last_page: Math.max(1, Math.ceil(total / perPage)), current_page: page, per_page: perPage };
}
