import type { AppContext } from '../../context.ts';
import { hasAnyBank, insertBanks } from '../../modules/cards/index.ts';

/** The major Chinese banks offered when binding a card; code = the badge the site draws. */
export const MAJOR_BANKS: { name: string; code: string }[] = [
  { name: '中国工商银行', code: 'icbc' },
  { name: '中国建设银行', code: 'ccb' },
  { name: '中国农业银行', code: 'abc' },
  { name: '中国银行', code: 'boc' },
  { name: '交通银行', code: 'bocom' },
  { name: '招商银行', code: 'cmb' },
  { name: '中国邮政储蓄银行', code: 'psbc' },
  { name: '中信银行', code: 'citic' },
  { name: '中国光大银行', code: 'ceb' },
  { name: '中国民生银行', code: 'cmbc' },
  { name: '兴业银行', code: 'cib' },
  { name: '上海浦东发展银行', code: 'spdb' },
  { name: '华夏银行', code: 'hxb' },
  { name: '广发银行', code: 'cgb' },
  { name: '平安银行', code: 'pab' },
  { name: '北京银行', code: 'bob' },
  { name: '上海银行', code: 'bosc' },
  { name: '浙商银行', code: 'czb' },
];

/** Bank types, once: an operator's later changes to the list (withdrawn banks) are kept. */
export async function seedBanks(ctx: AppContext): Promise<void> {
  if (await hasAnyBank(ctx.db)) return;
  await insertBanks(
    ctx.db,
    MAJOR_BANKS.map((b, i) => ({ ...b, sort: (i + 1) * 10 })),
  );
}
