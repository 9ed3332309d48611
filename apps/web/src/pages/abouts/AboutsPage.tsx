import { ComingSoon } from '../../components/ComingSoon';
import { IconInfo } from '../../components/icons';

/** 关于我们: placeholder until its feature is built (replace this file). */
export default function AboutsPage() {
  return <ComingSoon title="关于我们" description="条款规则与隐私政策即将上线" icon={<IconInfo />} />;
}
