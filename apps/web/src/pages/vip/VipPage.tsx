import { ComingSoon } from '../../components/ComingSoon';
import { IconCrown } from '../../components/icons';

/** VIP特权: placeholder until its feature is built (replace this file). */
export default function VipPage() {
  return <ComingSoon title="VIP特权" description="VIP 等级与专属特权即将上线" icon={<IconCrown />} />;
}
