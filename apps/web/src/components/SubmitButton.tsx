/**
 * A form's gold submit button: disabled with a spinner and `busyLabel` while its call runs.
 * `className` adds the page's spacing.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  testId,
  className,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  testId: string;
  className?: string;
}) {
  return (
    <button type="submit" className={`btn-gold btn-block${className ? ` ${className}` : ''}`} disabled={busy} data-testid={testId}>
      {busy ? <span className="btn-spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
