import { ComingSoon } from '../../components/ComingSoon';
import { IconInfo } from '../../components/icons';

/** 帮助中心: placeholder until its feature is built (replace this file). */
export default function HelpCenterPage() {
  return <ComingSoon title="帮助中心" description="常见问题与使用帮助即将上线" icon={<IconInfo />} />;
}
