import { Typography } from 'antd';

/**
 * A long text in a table cell, cut at `width` px (on one line, or `rows` lines) with the whole text
 * in a tooltip. The back-office's tables are as wide as their content (TableCard), so a column's
 * own ellipsis cuts nothing: a long note, reason or error pushed 操作 off the card at 1440x900
 * (公告管理 was 2,090 px in 1,150). The text needs a width of its own.
 */
export function CutText({ text, width, rows }: { text: string; width: number; rows?: number }) {
  return rows ? (
    <Typography.Paragraph ellipsis={{ rows, tooltip: text }} style={{ margin: 0, maxWidth: width }}>
      {text}
    </Typography.Paragraph>
  ) : (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}
