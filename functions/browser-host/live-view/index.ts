/** The live view: a viewer page and socket per window, served by the browser host that runs the session. */
export { createLiveView, type LiveView, type LiveViewOptions, type LiveViewSessions } from './server.js';
