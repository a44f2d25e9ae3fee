import { Slide, ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../machines/constants';

/** The one toast container (spec §8: top-right, 5000 ms, light theme). Lazy-loaded by app.tsx. */
export default function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      theme="light"
      transition={Slide}
      newestOnTop
      // Below the sticky top bar, so a toast never hides Logout or the account menu.
      style={{ top: 'calc(60px + 12px)' }}
    />
  );
}
