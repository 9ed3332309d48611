import { ComingSoon } from '../../components/ComingSoon';
import { IconGift } from '../../components/icons';

/** 福利中心: placeholder until its feature is built (replace this file). */
export default function WelfarePage() {
  return <ComingSoon title="福利中心" description="福利与红包记录即将上线" icon={<IconGift />} />;
}
