import { auditDetailLines } from '@casino/contract';

/**
 * An audit row's detail as operators read it (issue 25): a small table of named fields, before
 * and after side by side where the action recorded them, then its other fields (reason, amount
 * ...). Labels and values come from the contract's dictionary (names.ts); money is yuan.
 */
export function AuditDetail({ action, detail }: { action: string; detail: Record<string, unknown> | null | undefined }) {
  const lines = auditDetailLines(action, detail);
  if (lines.length === 0) return <span className="audit-detail-empty">—</span>;
  const changes = lines.filter((l) => l.value === undefined);
  const others = lines.filter((l) => l.value !== undefined);
  return (
    <table className="audit-detail" data-testid="audit-detail">
      {changes.length ? (
        <thead>
          <tr>
            <th>字段</th>
            <th>之前</th>
            <th>之后</th>
          </tr>
        </thead>
      ) : null}
      <tbody>
        {changes.map((l) => (
          <tr key={`c-${l.key}`} className={l.before !== l.after ? 'changed' : undefined}>
            <th>{l.label}</th>
            <td>{l.before}</td>
            <td>{l.after}</td>
          </tr>
        ))}
        {others.map((l) => (
          <tr key={`v-${l.key}`}>
            <th>{l.label}</th>
            <td colSpan={changes.length ? 2 : 1}>{l.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
