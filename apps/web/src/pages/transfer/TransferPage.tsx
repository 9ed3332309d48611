import { ComingSoon } from '../../components/ComingSoon';
import { IconTransfer } from '../../components/icons';

/** 转账: placeholder until its feature is built (replace this file). */
export default function TransferPage() {
  return <ComingSoon title="转账" description="额度转换即将开放，敬请期待" icon={<IconTransfer />} />;
}
