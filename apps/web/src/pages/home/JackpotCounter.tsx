import { useEffect, useState } from 'react';
import { IconCrown } from '../../components/icons';

/**
 * Decorative jackpot counter (spec section 9): starts at 60,000,000.00, every 50 ms
 * adds a random integer 0-49, pauses 800 ms every 2 s, wraps back at 60,533,624.91,
 * shown as 13 characters with two decimals.
 */
const START = 60_000_000;
const WRAP = 60_533_624.91;
const STEP_MS = 50;
const RUN_MS = 2000;
const PAUSE_MS = 800;

function format(v: number): string {
  return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).padStart(13, '0').slice(-13);
}

export function JackpotCounter() {
  const [value, setValue] = useState(() => START + Math.floor(Math.random() * 200_000) + Math.floor(Math.random() * 100) / 100);

  useEffect(() => {
    let runStarted = Date.now();
    const timer = window.setInterval(() => {
      const now = Date.now();
      const phase = now - runStarted;
      if (phase >= RUN_MS + PAUSE_MS) runStarted = now;
      else if (phase >= RUN_MS) return; // pausing
      setValue((v) => {
        const next = v + Math.floor(Math.random() * 50) + Math.floor(Math.random() * 100) / 100;
        return next >= WRAP ? START : Math.round(next * 100) / 100;
      });
    }, STEP_MS);
    return () => window.clearInterval(timer);
  }, []);

  const text = format(value);
  return (
    <section className="card jackpot" aria-label="彩金池">
      <div className="jackpot-head">
        <IconCrown size={16} strokeWidth={2.2} />
        <span>实时彩金池</span>
        <IconCrown size={16} strokeWidth={2.2} />
      </div>
      <div className="jackpot-digits num" aria-label={`¥${text}`} data-testid="home-jackpot">
        <span className="jackpot-cur">¥</span>
        {text.split('').map((ch, i) =>
          /\d/.test(ch) ? (
            <span key={i} className="jackpot-d">
              {ch}
            </span>
          ) : (
            <span key={i} className="jackpot-sep">
              {ch}
            </span>
          ),
        )}
      </div>
    </section>
  );
}
