import { useSearchParams } from 'react-router';
import { ABOUTS_ARTICLE } from '@casino/contract';
import { IconChevronRight } from '../../components/icons';
import { AppLink } from '../../lib/nav';
import { ArticleView } from '../boutBallBetInfo/article';
import { DOC_ICONS } from '../boutBallBet/helpTopics';
import './AboutsPage.css';

/**
 * /abouts?type=5 条款与规则 (article 9) or type=6 隐私政策 (article 6); without a type (the side
 * drawer's 关于我们) article 7. The other documents are linked below the text.
 */
export default function AboutsPage() {
  const [params] = useSearchParams();
  const q = params.get('type');
  const type = q === '5' || q === '6' ? ABOUTS_ARTICLE[Number(q) as 5 | 6] : 7;
  const Icon = DOC_ICONS[type];
  const others = [
    { to: '/abouts', type: 7, title: '关于我们' },
    { to: '/abouts?type=5', type: 9, title: '条款与规则' },
    { to: '/abouts?type=6', type: 6, title: '隐私政策' },
  ].filter((d) => d.type !== type);
  return (
    <ArticleView
      key={type}
      type={type}
      icon={<Icon size={24} />}
      subtitle={type === 7 ? '平台简介与服务承诺' : '请您仔细阅读，使用本平台服务即表示同意'}
      testId="abouts"
      footer={
        <nav className="card abouts-links" aria-label="更多说明">
          {others.map((d) => (
            <AppLink key={d.to} to={d.to} className="abouts-link" data-testid={`abouts-link-${d.type}`}>
              <span>{d.title}</span>
              <IconChevronRight size={18} />
            </AppLink>
          ))}
          <AppLink to="/boutBallBet" className="abouts-link" data-testid="abouts-link-help">
            <span>帮助中心</span>
            <IconChevronRight size={18} />
          </AppLink>
        </nav>
      }
    />
  );
}
