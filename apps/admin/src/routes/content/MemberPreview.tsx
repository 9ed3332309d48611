import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';
// the member site's own stylesheet for server HTML, so the preview looks as members will see it
import '../../../../web/src/components/RichContent.css';
import './member-preview.css';

/**
 * A 375 px phone showing HTML the way the member site does. `html` must be what the server
 * answered (its sanitizer's output, the same as it stores), never the editor's raw text.
 * The back-office's content-security policy runs no inline script, and the server's allowlist
 * keeps none, so the markup is drawn in place (no frame: the back-office allows none).
 */
export function MemberPreview({
  kind,
  html,
  loading,
  error,
  title,
  banner,
  memo,
  siteTitle,
}: {
  kind: 'activity' | 'welcome';
  html: string | undefined;
  loading?: boolean;
  error?: string | null;
  title?: string;
  banner?: string;
  memo?: string;
  siteTitle?: string;
}) {
  let body: ReactNode;
  if (error) body = <Alert type="error" showIcon title="预览失败" description={error} />;
  else if (html === undefined || loading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (kind === 'activity')
    body = (
      <>
        {banner ? <img className="mp-banner" src={banner} alt="" /> : <div className="mp-banner mp-banner-empty">活动图片</div>}
        <div className="mp-card">
          <h1 className="mp-title">{title || '（未填写标题）'}</h1>
          {memo ? <div className="mp-memo">{memo}</div> : null}
          {html ? <div className="rich" data-testid="member-preview-html" dangerouslySetInnerHTML={{ __html: html }} /> : <p className="mp-empty">（内容为空）</p>}
        </div>
      </>
    );
  else
    body = (
      <div className="mp-mask">
        <div className="mp-wm">
          <div className="mp-wm-title">{siteTitle || '站点名称'}</div>
          {html ? <div className="mp-wm-body" data-testid="member-preview-html" dangerouslySetInnerHTML={{ __html: html }} /> : <p className="mp-empty">（内容为空：欢迎弹窗不会出现）</p>}
          <div className="mp-wm-ok">我知道了</div>
        </div>
      </div>
    );
  return (
    <div className="mp-phone" aria-label="手机预览（375 像素宽）" data-testid="member-preview">
      <div className="mp-screen">{body}</div>
    </div>
  );
}
