import { grants, type Permission } from '@casino/contract';
import type { Screen } from './screens';

/**
 * The menu entries an operator gets: screens in the menu whose server calls exist and whose
 * permission their role holds ('*' holds all). The server refuses the calls anyway.
 */
export function visibleScreens(permissions: readonly string[], screens: readonly Screen[]): Screen[] {
  return screens.filter((s) => s.menu && s.ready && (!s.permission || grants(permissions, s.permission as Permission)));
}
