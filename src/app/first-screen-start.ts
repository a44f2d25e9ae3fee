/**
 * Imported first by main.tsx, so that it runs before React and the app's modules are evaluated
 * (ES modules run in import order): the session and the route's data are on the wire ~30–100 ms
 * earlier than from main.tsx's own body, which runs only after all of its imports.
 */
import { startFirstScreen } from '../api/first-screen';

startFirstScreen(window.location.pathname);
