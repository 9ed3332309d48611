import { useEffect, useRef, useState } from 'react';
import './LazyImg.css';

/**
 * An image that loads when it comes near the screen (spec section 9: preload 1.3, so 30% of
 * the viewport ahead; 2 attempts). The box keeps its size (set by the caller's CSS, e.g. an
 * aspect ratio) while loading, so nothing jumps; it shimmers until the picture arrives and
 * shows a quiet fallback mark when both attempts failed.
 */
const ATTEMPTS = 2;
const PRELOAD_MARGIN = '30% 0px 30% 0px';

export function LazyImg({ src, alt, className, eager = false }: { src: string; alt: string; className?: string; eager?: boolean }) {
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(eager);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');

  useEffect(() => {
    setAttempt(0);
    setState('loading');
  }, [src]);

  useEffect(() => {
    if (near) return;
    const el = box.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near]);

  const url = attempt === 0 || !src ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  const img = useRef<HTMLImageElement>(null);
  const fail = () => (attempt + 1 < ATTEMPTS ? setAttempt((a) => a + 1) : setState('failed'));

  // a picture that finished before React listened: the first screen renders in slices (a
  // transition, main.tsx), and the element exists, and loads, before it is committed; its
  // load or error event then reaches no mounted component. Read its state once mounted (after
  // the reset on a new src above).
  useEffect(() => {
    const el = img.current;
    if (!el?.complete || state !== 'loading') return;
    if (el.naturalWidth > 0) setState('loaded');
    else el.decode().then(() => setState('loaded'), fail);
  }, [near, url]); // once per element: state and fail are read as they are then
  return (
    <span ref={box} className={className ? `limg ${className}` : 'limg'} data-state={state}>
      {near && src && state !== 'failed' ? (
        <img
          key={attempt}
          ref={img}
          src={url}
          alt={alt}
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          draggable={false}
          onLoad={() => setState('loaded')}
          onError={fail}
        />
      ) : null}
      {state !== 'loaded' ? (
        // shimmer only while the picture is actually on its way: a shimmer is repainted every
        // frame, and tiles far down the page would keep the main thread busy for nothing
        <span className={state === 'failed' || !src ? 'limg-ph limg-ph--failed' : near ? 'limg-ph sk' : 'limg-ph'} aria-hidden="true">
          {state === 'failed' || !src ? (
            <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
              <rect x="3" y="5" width="18" height="14" rx="3" />
              <circle cx="9" cy="10" r="1.6" />
              <path d="M21 16l-5-5-7 7" />
            </svg>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}
