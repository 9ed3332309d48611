import { ComingSoon } from '../../components/ComingSoon';
import { IconWithdraw } from '../../components/icons';

/** 添加银行卡: placeholder until its feature is built (replace this file). */
export default function AddBankCardPage() {
  return <ComingSoon title="添加银行卡" description="银行卡绑定即将开放，敬请期待" icon={<IconWithdraw />} />;
}
