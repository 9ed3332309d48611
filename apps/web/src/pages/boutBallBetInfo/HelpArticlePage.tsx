import { ComingSoon } from '../../components/ComingSoon';
import { IconRecords } from '../../components/icons';

/** 帮助中心: placeholder until its feature is built (replace this file). */
export default function HelpArticlePage() {
  return <ComingSoon title="帮助中心" description="帮助文章即将上线，敬请期待" icon={<IconRecords />} />;
}
