import { Slide, ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../machines/constants';
import { theme } from './theme';
import { useMediaQuery } from './use-media-query';

/**
 * The one toast container (spec §8: top-right, 5000 ms, light theme). Lazy-loaded by app.tsx.
 * On desktop it sits below the sticky top bar, so a toast never hides Logout or the account menu.
 * On phones (where the spec is silent) toasts rise above the bottom bar instead: at the top they
 * would cover the player and the menus that open from the top bar (issue 22). There a toast does
 * not pause under the pointer: a phone has no hover, and a toast that rose under the spot last
 * tapped (a form's submit button) would otherwise stay over that button until the pointer moved.
 */
export default function Toasts() {
  const phone = useMediaQuery(theme.phoneQuery);
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'top-right'}
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover={!phone}
      theme="light"
      transition={Slide}
      newestOnTop
      style={
        phone
          ? {
              bottom: `calc(${theme.layout.bottomBarHeight} + env(safe-area-inset-bottom) + 8px)`,
            }
          : { top: `calc(${theme.layout.topBarHeight} + 12px)` }
      }
    />
  );
}
