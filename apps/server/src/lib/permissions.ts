/**
 * The slugs a stored role holds (JSON in admin_roles.permissions); an unknown or unreadable role
 * holds none. One reader for the back-office's sign-in and operator screens and the chat's checks
 * of who may take or receive conversations.
 */
export function permissionsOf(stored: string | null | undefined): string[] {
  if (!stored) return [];
  try {
    const list = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}
