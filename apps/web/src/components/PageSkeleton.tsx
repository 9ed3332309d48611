/** Placeholder while a page's code loads: the usual card rhythm, shimmering. */
export function PageSkeleton() {
  return (
    <div className="page-body" aria-busy="true" aria-label="加载中" data-testid="page-loading">
      <div className="card" style={{ padding: 16 }}>
        <span className="sk" style={{ width: '42%', height: 16 }} />
        <span className="sk" style={{ width: '78%', height: 12, marginTop: 14 }} />
        <span className="sk" style={{ width: '64%', height: 12, marginTop: 10 }} />
      </div>
      <div className="card" style={{ padding: 16, marginTop: 12 }}>
        {[0, 1, 2].map((i) => (
          <div key={i} style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: i ? 16 : 0 }}>
            <span className="sk" style={{ width: 36, height: 36, borderRadius: 10, flex: 'none' }} />
            <span style={{ flex: 1 }}>
              <span className="sk" style={{ width: '55%', height: 12 }} />
              <span className="sk" style={{ width: '35%', height: 10, marginTop: 8 }} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
