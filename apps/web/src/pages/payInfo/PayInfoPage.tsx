import { ComingSoon } from '../../components/ComingSoon';
import { IconDeposit } from '../../components/icons';

/** 支付信息: placeholder until its feature is built (replace this file). */
export default function PayInfoPage() {
  return <ComingSoon title="支付信息" description="订单支付信息即将开放" icon={<IconDeposit />} />;
}
