/**
 * The filter choices venues and games share: one operator state and one listing flag each, so
 * both screens name them alike.
 */
export const STATE_FILTER = [
  { value: 1, label: '开放' },
  { value: 0, label: '维护中' },
];

export const LISTED_FILTER = [
  { value: 1, label: '已上架' },
  { value: 0, label: '已下架' },
];
