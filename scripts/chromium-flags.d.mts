/** see chromium-flags.mjs */
export declare const OMNIBOX_POPUP_OFF: string;
export declare const QUIET_CHROMIUM: string[];
