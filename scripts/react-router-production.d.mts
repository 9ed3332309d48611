/** see react-router-production.mjs */
export declare const reactRouterProduction: { find: RegExp; replacement: string };
