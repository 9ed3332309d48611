import { confirmLogout } from '../ui/feedback';
import { signOut } from './actions';

let busy = false;

/** Ask, then log out (spec section 4). */
export async function logoutWithConfirm(): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    if (await confirmLogout()) await signOut();
  } finally {
    busy = false;
  }
}
