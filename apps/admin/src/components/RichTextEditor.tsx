import { Skeleton } from 'antd';
import { lazyComponent } from '../lib/lazy-page';

/**
 * The back-office rich-text editor (activities, help articles, the welcome modal).
 *
 * API: `value` (HTML), `onChange(html)`, `placeholder?`; it also works as an antd Form.Item child
 * (Form passes value/onChange). The editor library (Tiptap) is big, so this wrapper loads it on
 * first render only: screens that never edit HTML never download it.
 *
 * Its toolbar offers only what the server's sanitizer keeps (modules/content/sanitize.ts):
 * headings h2-h4, paragraphs, bold/italic/underline/strike, lists, quotes, rules, links
 * (http/https/mailto/tel or in-site paths) and images (https or our own /media/ paths). Whatever
 * is typed or pasted is cleaned by the server on save anyway; the preview shows the stored HTML.
 */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** the editing area's minimum height in px (default 240) */
  minHeight?: number;
  disabled?: boolean;
}

// without Suspense, which would hold the editor back up to 300 ms after its skeleton (issue 25)
const TiptapEditor = lazyComponent<RichTextEditorProps>(() => import('./rich-text/TiptapEditor'), <Skeleton active paragraph={{ rows: 5 }} />);

export function RichTextEditor(props: RichTextEditorProps) {
  return <TiptapEditor {...props} />;
}

export default RichTextEditor;
