import './RichContent.css';

/**
 * HTML from the server (activity content, articles): sanitized with an allowlist when it was
 * saved (DESIGN.md section 5), shown with the site's typography; wide tables scroll.
 */
export function RichContent({ html, testId }: { html: string; testId?: string }) {
  return <div className="rich" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
