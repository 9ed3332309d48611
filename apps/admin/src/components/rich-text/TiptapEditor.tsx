import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Extension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Dropdown, Input, Modal, Select, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { RichTextEditorProps } from '../RichTextEditor';
import './editor.css';
import { tidyHtml } from './tidy';

/** what the server's sanitizer keeps for links and images (modules/content/sanitize.ts) */
const LINK_OK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;
const IMAGE_OK = /^(https:\/\/|\/(?!\/))/i;

type Level = 2 | 3 | 4;
/** the paragraph formats of the toolbar: body text, headings, and the site's tip box (class note) */
type Format = 'p' | 'note' | Level;

/** the presentational classes the sanitizer keeps (note, tip, warn, ...) survive an edit */
const KeepClass = Extension.create({
  name: 'keepClass',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading', 'blockquote', 'bulletList', 'orderedList', 'listItem', 'table', 'tableRow', 'tableCell', 'tableHeader'],
        attributes: {
          class: {
            default: null,
            parseHTML: (el) => el.getAttribute('class'),
            renderHTML: (attrs) => (attrs.class ? { class: attrs.class as string } : {}),
          },
        },
      },
    ];
  },
});

export default function TiptapEditor({ value, onChange, placeholder, minHeight = 240, disabled }: RichTextEditorProps) {
  // the HTML we last handed out: a value prop equal to it is our own echo, not a new document
  const emitted = useRef<string | undefined>(undefined);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        codeBlock: false,
        // no empty paragraph added after a table or list at the end (it would be stored)
        trailingNode: false,
        // links keep the target they have (in-site links open in place); a new outside link opens a new tab
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], HTMLAttributes: { target: null, rel: null } },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      // tables (the seeded activities hold rate tables); no column resizing: the sanitizer keeps no styles
      TableKit.configure({ table: { resizable: false } }),
      KeepClass,
      Placeholder.configure({ placeholder: placeholder ?? '请输入内容' }),
    ],
    content: value ?? '',
    editable: !disabled,
    onUpdate: ({ editor: ed }) => {
      const html = ed.isEmpty ? '' : tidyHtml(ed.getHTML());
      emitted.current = html;
      changeRef.current?.(html);
    },
  });

  // a new document from outside (a record loaded, a form reset)
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (next === emitted.current) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (next !== current) editor.commands.setContent(next, { emitUpdate: false });
    emitted.current = next;
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  if (!editor) return null;
  return (
    <div className={`rte${disabled ? ' rte-disabled' : ''}`}>
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} className="rte-body" style={{ minHeight }} />
    </div>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: ed }) => ({
      format: ((([2, 3, 4] as Level[]).find((l) => ed.isActive('heading', { level: l })) ?? (ed.isActive('paragraph', { class: 'note' }) ? 'note' : 'p')) as Format),
      table: ed.isActive('table'),
      bold: ed.isActive('bold'),
      italic: ed.isActive('italic'),
      underline: ed.isActive('underline'),
      strike: ed.isActive('strike'),
      bullet: ed.isActive('bulletList'),
      ordered: ed.isActive('orderedList'),
      quote: ed.isActive('blockquote'),
      link: ed.isActive('link'),
      canUndo: ed.can().undo(),
      canRedo: ed.can().redo(),
    }),
  });
  const [dialog, setDialog] = useState<null | 'link' | 'image'>(null);
  const chain = () => editor.chain().focus();

  const btn = (title: string, icon: ReactNode, active: boolean, run: () => void, enabled = true) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={active} disabled={disabled || !enabled} onMouseDown={(e) => e.preventDefault()} onClick={run} />
    </Tooltip>
  );

  return (
    <div className="rte-toolbar" role="toolbar" aria-label="格式">
      <Select<Format>
        size="small"
        style={{ width: 96 }}
        disabled={disabled}
        value={state.format}
        aria-label="段落格式"
        options={[
          { value: 'p', label: '正文' },
          { value: 2, label: '标题 1' },
          { value: 3, label: '标题 2' },
          { value: 4, label: '标题 3' },
          { value: 'note', label: '提示框' },
        ]}
        onChange={(f) => {
          if (f === 'p') chain().setParagraph().updateAttributes('paragraph', { class: null }).run();
          else if (f === 'note') chain().setParagraph().updateAttributes('paragraph', { class: 'note' }).run();
          else chain().setHeading({ level: f }).run();
        }}
      />
      <Divider orientation="vertical" />
      {btn('加粗', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {btn('斜体', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {btn('下划线', <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
      {btn('删除线', <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
      <Divider orientation="vertical" />
      {btn('无序列表', <UnorderedListOutlined />, state.bullet, () => chain().toggleBulletList().run())}
      {btn('有序列表', <OrderedListOutlined />, state.ordered, () => chain().toggleOrderedList().run())}
      {btn('引用', <span className="rte-quote-icon">“</span>, state.quote, () => chain().toggleBlockquote().run())}
      {btn('分隔线', <LineOutlined />, false, () => chain().setHorizontalRule().run())}
      <Divider orientation="vertical" />
      {btn(state.link ? '编辑链接' : '插入链接', <LinkOutlined />, state.link, () => setDialog('link'))}
      {btn('插入图片', <PictureOutlined />, false, () => setDialog('image'))}
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items: [
            { key: 'insert', label: '插入表格（3×3，含表头）', disabled: state.table },
            { type: 'divider' },
            { key: 'row', label: '下方插入行', disabled: !state.table },
            { key: 'col', label: '右侧插入列', disabled: !state.table },
            { key: 'delRow', label: '删除当前行', disabled: !state.table },
            { key: 'delCol', label: '删除当前列', disabled: !state.table },
            { key: 'delTable', label: '删除表格', danger: true, disabled: !state.table },
          ],
          onClick: ({ key }) => {
            const c = chain();
            if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
            else if (key === 'row') c.addRowAfter().run();
            else if (key === 'col') c.addColumnAfter().run();
            else if (key === 'delRow') c.deleteRow().run();
            else if (key === 'delCol') c.deleteColumn().run();
            else if (key === 'delTable') c.deleteTable().run();
          },
        }}
      >
        <Tooltip title="表格">
          <Button size="small" type={state.table ? 'primary' : 'text'} icon={<TableOutlined />} aria-label="表格" onMouseDown={(e) => e.preventDefault()} />
        </Tooltip>
      </Dropdown>
      {btn('清除格式', <ClearOutlined />, false, () => chain().unsetAllMarks().clearNodes().run())}
      <Divider orientation="vertical" />
      {btn('撤销', <UndoOutlined />, false, () => chain().undo().run(), state.canUndo)}
      {btn('重做', <RedoOutlined />, false, () => chain().redo().run(), state.canRedo)}
      {dialog ? <UrlDialog kind={dialog} editor={editor} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

function UrlDialog({ kind, editor, onClose }: { kind: 'link' | 'image'; editor: Editor; onClose: () => void }) {
  const isLink = kind === 'link';
  const [url, setUrl] = useState<string>(isLink ? ((editor.getAttributes('link').href as string | undefined) ?? '') : '');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');

  const submit = () => {
    const u = url.trim();
    if (isLink) {
      if (!u) {
        editor.chain().focus().extendMarkRange('link').unsetLink().run();
        onClose();
        return;
      }
      if (!LINK_OK.test(u) || u.length > 500) return setError('链接须以 http://、https://、mailto:、tel: 或 / 开头');
      editor.chain().focus().extendMarkRange('link').setLink({ href: u, target: /^https?:\/\//i.test(u) ? '_blank' : null }).run();
    } else {
      if (!IMAGE_OK.test(u) || u.length > 500) return setError('图片地址须以 https:// 或 / 开头');
      editor.chain().focus().setImage({ src: u, alt: alt.trim().slice(0, 100) }).run();
    }
    onClose();
  };

  return (
    <Modal open title={isLink ? '链接' : '插入图片'} okText="确定" cancelText="取消" onOk={submit} onCancel={onClose} destroyOnHidden>
      <Input
        autoFocus
        value={url}
        status={error ? 'error' : undefined}
        placeholder={isLink ? 'https://… 或 /activity（留空则移除链接）' : 'https://… 或 /media/…'}
        onChange={(e) => {
          setUrl(e.target.value);
          setError('');
        }}
        onPressEnter={submit}
        maxLength={500}
      />
      {!isLink ? <Input style={{ marginTop: 8 }} value={alt} placeholder="图片说明（可选）" onChange={(e) => setAlt(e.target.value)} maxLength={100} /> : null}
      {error ? <div className="rte-error">{error}</div> : null}
    </Modal>
  );
}
