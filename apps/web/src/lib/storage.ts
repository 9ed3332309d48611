import { STORAGE_KEYS } from '@casino/contract';

/** Our own keys (not spec keys). */
export const LOCAL_KEYS = {
  /** username remembered by the 记住账号 box; survives logout on purpose */
  rememberedName: 'rememberedName',
} as const;

export const SESSION_KEYS = {
  /** referrer code that arrived in a pid query, carried to registration */
  pid: 'pid',
} as const;

export { STORAGE_KEYS };

function store(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy modes)
  }
}

export const local = {
  get(key: string): string | null {
    try {
      return store('local')?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      store('local')?.setItem(key, value);
    } catch {
      /* quota or disabled: the session still works in memory */
    }
  },
  remove(key: string): void {
    try {
      store('local')?.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  getJSON<T>(key: string): T | null {
    const raw = local.get(key);
    if (raw == null || raw === '') return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJSON(key: string, value: unknown): void {
    local.set(key, JSON.stringify(value));
  },
};

export const session = {
  get(key: string): string | null {
    try {
      return store('session')?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      store('session')?.setItem(key, value);
    } catch {
      /* ignore */
    }
  },
};

/**
 * Clear local storage as the spec's logout and 401 flows require. The remembered
 * username (our own key, only present when the member ticked 记住账号) is kept:
 * a remember-me box that forgets at every logout would be pointless.
 */
export function clearLocalStorage(): void {
  const remembered = local.get(LOCAL_KEYS.rememberedName);
  try {
    store('local')?.clear();
  } catch {
    /* ignore */
  }
  if (remembered) local.set(LOCAL_KEYS.rememberedName, remembered);
}

export function clearSessionStorage(): void {
  try {
    store('session')?.clear();
  } catch {
    /* ignore */
  }
}
