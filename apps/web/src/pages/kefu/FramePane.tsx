import { useEffect, useState, type ReactNode } from 'react';
import { Logo } from '../../components/Logo';
import './FramePane.css';

/**
 * A page shown in an embedded frame: a loading overlay until the frame has loaded, or the
 * given error/empty content when there is no URL to show.
 */
export function FramePane({
  url,
  title,
  loadingText,
  problem,
  testId,
  className = '',
}: {
  /** null while the URL is being fetched */
  url: string | null;
  title: string;
  loadingText: string;
  /** shown instead of the frame (the URL could not be had) */
  problem?: ReactNode;
  testId: string;
  className?: string;
}) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => setLoaded(false), [url]);

  return (
    <div className={`fp ${className}`} data-testid={testId}>
      {problem ? (
        <div className="fp-problem">{problem}</div>
      ) : (
        <>
          {url ? (
            <iframe
              className={`fp-frame${loaded ? ' fp-frame--in' : ''}`}
              src={url}
              title={title}
              referrerPolicy="same-origin"
              data-testid={`${testId}-frame`}
              onLoad={() => setLoaded(true)}
            />
          ) : null}
          {!(url && loaded) && (
            <div className="fp-loading" data-testid={`${testId}-loading`} aria-busy="true" aria-live="polite">
              <span className="fp-mark">
                <span className="fp-ring" />
                <Logo size={46} />
              </span>
              <p className="fp-text">{loadingText}</p>
            </div>
          )}
        </>
      )}
    </div>
  );
}
