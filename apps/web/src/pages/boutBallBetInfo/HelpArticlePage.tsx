import { useSearchParams } from 'react-router';
import { HELP_TYPES } from '@casino/contract';
import { IconService } from '../../components/icons';
import { AppLink } from '../../lib/nav';
import { HELP_TOPICS } from '../boutBallBet/helpTopics';
import { ArticleView } from './article';

/** the help article 责任博彩 */
const RESPONSIBLE_ARTICLE = 8;

/** /boutBallBetInfo?type=N: one help article; the title follows the type. */
export default function HelpArticlePage() {
  const [params] = useSearchParams();
  const n = Number(params.get('type'));
  const type = (HELP_TYPES as readonly number[]).includes(n) ? n : null;
  const topic = HELP_TOPICS.find((t) => t.type === type);
  const Icon = topic?.icon ?? IconService;
  return (
    <ArticleView
      key={type ?? 'none'}
      type={type}
      icon={<Icon size={24} />}
      subtitle={topic?.desc}
      testId="help-article"
      footer={
        <>
          {/* issue 22: 责任博彩 (article 8) leads to the member's own tools, whatever text the stored article holds */}
          {type === RESPONSIBLE_ARTICLE ? (
            <AppLink to="/responsible" className="art-more" data-testid="article-responsible">
              设置存款/亏损限额、游戏时长提醒、冷静期或自我排除？<span>前往自我管理</span>
            </AppLink>
          ) : null}
          <AppLink to="/kefu" className="art-more" data-testid="article-kefu">
            还有疑问？<span>联系在线客服</span>
          </AppLink>
        </>
      }
    />
  );
}
