import { DEVICE_ID, STORAGE_KEYS } from '@casino/contract';

/** Our own keys (not spec keys). */
export const LOCAL_KEYS = {
  /** username remembered by the 记住账号 box; survives logout on purpose */
  rememberedName: 'rememberedName',
  /** this browser's device id (issue 20: agents' fraud check); survives logout on purpose */
  deviceId: DEVICE_ID.storageKey,
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
  // the device id stays too: a new one at every logout would make one phone many devices
  const device = local.get(LOCAL_KEYS.deviceId);
  try {
    store('local')?.clear();
  } catch {
    /* ignore */
  }
  if (remembered) local.set(LOCAL_KEYS.rememberedName, remembered);
  if (device) local.set(LOCAL_KEYS.deviceId, device);
}

let memoryDeviceId = '';

/**
 * This browser's device id, made once (a random UUID) and kept under its own key. Without
 * storage it lasts as long as the page. crypto.randomUUID needs a secure context, so plain
 * http falls back to getRandomValues (available everywhere) in the same v4 shape.
 */
export function deviceId(): string {
  const kept = local.get(LOCAL_KEYS.deviceId);
  if (kept && DEVICE_ID.pattern.test(kept)) return kept;
  if (!memoryDeviceId) {
    memoryDeviceId =
      typeof crypto.randomUUID === 'function'
        ? crypto.randomUUID()
        : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) => (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (Number(c) / 4)))).toString(16));
  }
  local.set(LOCAL_KEYS.deviceId, memoryDeviceId);
  return memoryDeviceId;
}

export function clearSessionStorage(): void {
  try {
    store('session')?.clear();
  } catch {
    /* ignore */
  }
}
